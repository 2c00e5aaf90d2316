import type { Browser } from 'playwright-core'
import { launchBrowser } from '../../scripts/lib/browser'

let launched: Promise<Browser> | undefined

/**
 * Chromium for the browser tests: one per test worker, shared by the files the worker runs one after another (the e2e
 * project shares its modules within a worker: `isolate: false` in vitest.config.ts), instead of one launched and closed
 * by each file. Launching Chromium and loading its first page cost about 2 CPU-s of the machine (5 in a row, 2026-11-28),
 * against 0.9 s for a page in a new context of a running one. A browser that crashed or was closed is launched again.
 * It ends with its worker (Playwright kills the browsers it launched when the process exits).
 *
 * `borrow()` gives the browser to the tests of one file; `giveBack()` (after its last test) closes every context the file
 * opened, a test that failed half-way included, so that the next file starts from the same browser state.
 */
export async function borrowBrowser(): Promise<{ browser: Browser; giveBack: () => Promise<void> }> {
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
