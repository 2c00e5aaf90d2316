import type { Browser } from 'playwright-core'
import { launchBrowser } from '../../scripts/lib/browser'

let launched: Promise<Browser> | undefined

/** The worker's Chromium as lent to one file (borrowBrowser()). */
export interface LentBrowser {
  browser: Browser
  /** Closes every context the file opened. */
  giveBack: () => Promise<void>
}

/**
 * Chromium for the browser tests: one per test worker, shared by the files the worker runs one after another (the e2e
 * project shares its modules within a worker: `isolate: false` in vitest.config.ts), instead of one launched and closed
 * by each file: a launch costs about 2 machine CPU-s with its first page, and Playwright and the catalogue are imported
 * once per worker. A browser that
 * crashed or was closed is launched again. It ends with its worker (Playwright kills the browsers it launched when the
 * process exits).
 *
 * `borrowBrowser()` gives the browser to the tests of one file; its `giveBack()` (after the file's last test) closes
 * every context the file opened, those of a test that failed half-way included, so that the next file starts from the
 * same browser state.
 */
export async function borrowBrowser(): Promise<LentBrowser> {
  const running = await launched?.catch(() => undefined)
  if (!running?.isConnected()) launched = launchBrowser()
  const browser = running?.isConnected() ? running : await launched!
  const before = new Set(browser.contexts())
  const giveBack = async () => {
    await Promise.all(
      browser
        .contexts()
        .filter((context) => !before.has(context))
        .map((context) => context.close().catch(() => undefined)),
    )
  }
  return { browser, giveBack }
}
