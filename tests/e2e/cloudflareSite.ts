import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { cloudflareSite, type Site } from '../../scripts/lib/cloudflare'
import { openTabs, type OpenTab, type Tabs } from './tabs'
import { borrowBrowser, type LentBrowser } from './workerBrowser'

/**
 * Chromium (the worker's: ./workerBrowser.ts) and dist/client on Cloudflare's runtime (npm test's, through
 * CLOUDFLARE_URL, or one of its own) for the tests of one file that need the site only, not the quote function. Read
 * `browser`, `site` and `tab` inside the tests; `tab(viewport)` opens a page in the file's browser context (./tabs.ts);
 * with `{ javaScriptEnabled: false }`, one without JavaScript.
 */
export function browserAndCloudflare(): { browser: Browser; site: Site; tab: OpenTab } {
  let tabs: Tabs | undefined
  const live = { tab: (viewport, options) => tabs!.open(viewport, options) } as { browser: Browser; site: Site; tab: OpenTab }
  let lent: LentBrowser | undefined
  beforeAll(async () => {
    ;[lent, live.site] = await Promise.all([borrowBrowser(), cloudflareSite()])
    live.browser = lent.browser
    tabs = await openTabs(live.browser, live.site.url)
  }, 180_000)
  afterAll(async () => {
    await tabs?.close()
    await lent?.giveBack()
    await live.site?.close()
  })
  return live
}
