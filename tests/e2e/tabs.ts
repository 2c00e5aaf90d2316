import type { Browser, BrowserContext, Page, ViewportSize } from 'playwright-core'

/**
 * Tabs for the tests of one file: each test's page is a new tab of one browser context that lives as long as the file,
 * beside a tab kept open on the site, instead of a new context each: a tab opens and loads a page in about half the
 * time of a new context, about a minute of the suite's 150 pages.
 * The site keeps nothing in the browser (no cookie, no storage), so the tabs share only the HTTP cache: a request
 * answered from it is still seen by the page's listeners. Pages with JavaScript off are tabs of a second context, made
 * at the file's first such page: a context costs about 0.6 machine CPU-s more than a tab. A test that needs another browser state (touch, a permission, a
 * position, a bypassed CSP) still opens a context itself.
 */
export interface Tabs {
  /** A new tab of the file's context at that size, or with `javaScriptEnabled: false` of its context without JavaScript. */
  open: OpenTab
  close: () => Promise<void>
}
export type OpenTab = (viewport: ViewportSize, options?: { javaScriptEnabled?: boolean }) => Promise<Page>

export async function openTabs(browser: Browser, siteUrl: string): Promise<Tabs> {
  const context: BrowserContext = await browser.newContext()
  const kept = await context.newPage()
  await kept.goto(`${siteUrl}/thank-you`)
  let withoutScript: Promise<BrowserContext> | undefined
  return {
    open: async (viewport, { javaScriptEnabled = true } = {}) => {
      const owner = javaScriptEnabled ? context : await (withoutScript ??= browser.newContext({ javaScriptEnabled: false }))
      const page = await owner.newPage()
      await page.setViewportSize(viewport)
      return page
    },
    close: async () => {
      await context.close()
      await (await withoutScript)?.close()
    },
  }
}
