import { beforeEach } from 'vitest'

/**
 * A browser test that fails and then passes on its retry (`retry` in vitest.config.ts) shows only "(retry x1)" in
 * vitest's report: the first run's error is gone, and with it the one clue to a test that fails under load now and
 * then. This prints that error as it happens, under the test's name. A test that fails every run is reported by
 * vitest as usual (its last run is not printed here).
 */
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => {
    const retries = typeof task.retry === 'number' ? task.retry : (task.retry?.count ?? 0)
    if ((task.result?.retryCount ?? 0) >= retries) return
    // The message, the test's own lines of the stack (not vitest's) and the expectation's diff.
    const errors = (task.result?.errors ?? []).map((error) =>
      [
        ...(error.stack ?? error.message).split('\n').filter((line) => !line.includes('/node_modules/') && !line.includes('(<anonymous>)')),
        ...(error.diff ? [error.diff] : []),
      ].join('\n'),
    )
    console.error(`failed, to be run again: ${task.fullName}\n${errors.join('\n')}`)
  })
})
