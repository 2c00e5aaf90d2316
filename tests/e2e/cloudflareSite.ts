import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchBrowser } from '../../scripts/lib/browser'
import { cloudflareSite, type Site } from '../../scripts/lib/cloudflare'

/**
 * Chromium and dist/client on Cloudflare Pages' runtime (npm test's, through CLOUDFLARE_URL, or one of its own) for the
 * tests of one file that need the site only, not the quote function. Read `browser` and `site` inside the tests.
 */
export function browserAndCloudflare(): { browser: Browser; site: Site } {
  const live = {} as { browser: Browser; site: Site }
  beforeAll(async () => {
    ;[live.browser, live.site] = await Promise.all([launchBrowser(), cloudflareSite()])
  }, 180_000)
  afterAll(async () => {
    await live.browser?.close()
    await live.site?.close()
  })
  return live
}
