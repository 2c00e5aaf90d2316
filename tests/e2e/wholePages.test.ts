// Issue 29: every kind of page whole, as a visitor gets it from the host the site runs on (Cloudflare's runtime
// serving dist/client, with its headers: scripts/lib/cloudflare.ts), in both languages, scrolled to the bottom so that
// what loads late loads (the quote form's code and its toasts' stylesheet, the coverage map's frame, lazy images):
// nothing refused by the Content-Security-Policy or the framing headers, no failed request, no error in the console,
// every frame and image drawn. Run `npm run build` first.
import type { ConsoleMessage, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserAndCloudflare } from './cloudflareSite'

const live = browserAndCloudflare()

/** One page of every kind, in both languages; the misses answer 404 on purpose. */
const PAGES: { path: string; missing?: true }[] = [
  { path: '/' },
  { path: '/about' },
  { path: '/contact' },
  { path: '/quote' },
  { path: '/privacy' },
  { path: '/thank-you' },
  { path: '/local-services' },
  { path: '/local-services/boise' },
  { path: '/services/strip-wax' },
  { path: '/services/move-in-out' },
  { path: '/boise-strip-wax' },
  { path: '/boise-strip-wax-janitorial' },
  { path: '/nope', missing: true },
  { path: '/services/nope', missing: true },
  { path: '/atlantis-strip-wax', missing: true },
  { path: '/fr' },
  { path: '/fr/a-propos' },
  { path: '/fr/contact' },
  { path: '/fr/soumission' },
  { path: '/fr/confidentialite' },
  { path: '/fr/merci' },
  { path: '/fr/services-locaux' },
  { path: '/fr/services-locaux/montreal' },
  { path: '/fr/services/decapage-et-cirage' },
  { path: '/fr/montreal-decapage-et-cirage' },
  { path: '/fr/nope', missing: true },
  { path: '/fr/services/nope', missing: true },
]

interface Visit {
  page: Page
  console: ConsoleMessage[]
  problems: string[]
}

/** Opens `path`, records what goes wrong, and scrolls to the bottom a screen at a time, then waits for what that loads. */
async function visit(path: string, missing = false): Promise<Visit> {
  const page = await live.tab({ width: 1280, height: 900 })
  const visit: Visit = { page, console: [], problems: [] }
  const url = `${live.site.url}${path}`
  page.on('console', (message) => visit.console.push(message))
  page.on('pageerror', (error) => visit.problems.push(`script error: ${error.message}`))
  page.on('requestfailed', (request) => visit.problems.push(`failed: ${request.url()} (${request.failure()?.errorText})`))
  page.on('response', (response) => {
    if (response.status() >= 400 && !(missing && response.url() === url)) visit.problems.push(`${response.status()}: ${response.url()}`)
  })
  const response = await page.goto(url, { waitUntil: 'load' })
  if (response?.status() !== (missing ? 404 : 200)) visit.problems.push(`the page answered ${response?.status()}`)
  for (;;) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight)
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1
    })
    await page.waitForTimeout(50)
    if (atBottom) break
  }
  // What the scroll brought near loads: every image complete, every frame's document loaded, the quote form's code
  // (with its stylesheet) in charge of the form.
  await page.waitForFunction(() => [...document.images].every((img) => img.complete))
  // A quick scroll can pass a form between two frames of a loaded machine: each is brought into view, as a reader's stop.
  for (const island of await page.locator('[data-quote-island]').all()) await island.scrollIntoViewIfNeeded()
  await page.waitForFunction(() => [...document.querySelectorAll('[data-quote-island] form')].every((form) => form.hasAttribute('data-ready')))
  for (const frame of page.frames()) await frame.waitForLoadState('load')
  // A not-found page's own 404 is logged by the browser as an error: the page answers so on purpose.
  const errors = visit.console.filter((m) => m.type() === 'error' && !(missing && m.text().includes('status of 404')))
  visit.problems.push(...errors.map((m) => `console: ${m.text()}`))
  return visit
}

/** What the page shows that is not drawn: an image that did not load, a frame without its document, a <style> the CSP refuses. */
async function undrawn(page: Page): Promise<string[]> {
  const problems = await page.evaluate(() => [
    ...[...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => `image not drawn: ${img.currentSrc || img.src}`),
    ...[...document.querySelectorAll('style')].map((style) => `a <style> element: ${(style.textContent ?? '').slice(0, 60)}`),
  ])
  for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
    const drawn = await frame
      .evaluate(() => document.documentElement.getBoundingClientRect().width > 0 && document.documentElement.childElementCount > 0)
      .catch(() => false)
    if (!frame.url().startsWith(live.site.url) || !drawn) problems.push(`frame not drawn: ${frame.url()}`)
  }
  return problems
}

describe("every kind of page, scrolled to the bottom on Cloudflare's runtime", () => {
  it.each(PAGES)('$path: nothing refused, failed or logged as an error; every frame and image drawn', async ({ path, missing }) => {
    const { page, problems } = await visit(path, missing)
    try {
      problems.push(...(await undrawn(page)))
      expect(problems).toEqual([])
    } finally {
      await page.close()
    }
  })

  it('loads the quote form’s code and its toasts’ stylesheet as files once the form is near', async () => {
    const { page, problems } = await visit('/quote')
    try {
      expect(problems).toEqual([])
      expect(await page.locator('[data-quote-island] form[data-ready]').count()).toBe(1)
      expect(await page.evaluate(() => [...document.styleSheets].some((s) => s.href?.includes('/assets/static/sonner')))).toBe(true)
    } finally {
      await page.close()
    }
  })
})

describe('the coverage map on the directory', () => {
  it.each(['/local-services', '/fr/services-locaux'])('%s: framed from the site, its dots are links the keyboard reaches and follows', async (path) => {
    const { page, problems } = await visit(path)
    try {
      expect(problems).toEqual([])
      const map = page.frames().find((f) => f.url().endsWith('/coverage-map.svg'))
      expect(map, 'the map frame').toBeDefined()
      // A dot for every city of the page's A–Z list.
      const cities = await page.locator('#cities-a-z a[href*="/local-services/"], #cities-a-z a[href*="/services-locaux/"]').count()
      expect(cities).toBeGreaterThan(5)
      expect(await map!.evaluate(() => document.querySelectorAll('a[href^="/"]').length)).toBe(cities)
      // From the last thing the keyboard reaches before the frame, Tab goes into the map, to its first dot.
      await page.evaluate(() => {
        const frame = document.querySelector('[data-coverage-map] iframe')!
        const reachable = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary')].filter(
          (el) => el.checkVisibility() && frame.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING,
        )
        reachable.at(-1)!.focus()
      })
      await page.keyboard.press('Tab')
      const first = await map!.evaluate(() => ({ tag: document.activeElement?.tagName, label: document.activeElement?.getAttribute('aria-label') }))
      expect(first.tag).toBe('a')
      expect(first.label).toMatch(/^[^,]+, .+/) // "Miami, Florida"
      await page.keyboard.press('Tab')
      const second = await map!.evaluate(() => document.activeElement?.getAttribute('aria-label'))
      expect(second).not.toBe(first.label)
      // Enter follows the dot's link in the whole window (target="_top"), to that city's hub.
      const href = await map!.evaluate(() => document.activeElement?.getAttribute('href'))
      await Promise.all([page.waitForURL(`${live.site.url}${href}`), page.keyboard.press('Enter')])
      expect(await page.locator('h1').innerText()).toContain(second!.split(',')[0])
    } finally {
      await page.close()
    }
  })
})

describe('the console (docs/spec.md §2: the 404 page writes the bad path; the other not-found screens only when asked)', () => {
  it('gets the bad path from the 404 screen, nothing but the 404 status from another not-found screen unless ?debug, and what a city page is on a city page', async () => {
    const notFound = await visit('/no-such-page', true)
    const quietCity = await visit('/atlantis-strip-wax', true)
    const askedCity = await visit('/atlantis-strip-wax?debug', true)
    const city = await visit('/boise-routine-janitorial')
    try {
      const lines = (screen: Visit) => screen.console.filter((m) => !m.text().includes('status of 404')).map((m) => m.text())
      // One line, with the path, from the root 404.html a static host serves for the miss.
      expect(lines(notFound)).toEqual([expect.stringMatching(/^404 Error: User attempted to access non-existent route: \/no-such-page$/)])
      expect(lines(quietCity)).toEqual([])
      expect(lines(askedCity).join('\n')).toMatch(/Service not found.*atlantis-strip-wax/)
      expect(city.console.map((m) => m.text()).join('\n')).toContain('City service page')
    } finally {
      for (const { page } of [notFound, quietCity, askedCity, city]) await page.close()
    }
  })
})
