import type { CDPSession, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserAndCloudflare } from './cloudflareSite'

// How the pages are laid out at phone, tablet and desktop widths, in both languages, with the fonts of the machine
// (Debian: DejaVu Sans, the wide default of many Linux desktops, and Noto Color Emoji; scripts/system-deps.sh installs
// them). Served from dist/client by Cloudflare's runtime (run `npm run build` first).

const live = browserAndCloudflare()

/** What a page shows at one width, as the checks below find it. */
interface WidthCheck {
  /** The page's width (its layout viewport's). */
  width: number
  /** What is wrong at that width. */
  problems: string[]
}

interface HeaderCheck extends WidthCheck {
  /** The header's height. */
  height: number
}

/** The checks a page runs on itself at its current width (withLayoutChecks), each by its name. */
interface LayoutChecks {
  /** The header: every visible label on one line, inside the header, nothing clipped; the page does not scroll sideways. */
  header: () => HeaderCheck
  /** The footer: the company name on at most 2 lines, the e-mail address broken only after its @, nothing sticking out. */
  footer: () => WidthCheck
  /** The e-mail addresses of the page's text, broken only after their @. */
  email: () => WidthCheck
  /** The page does not scroll sideways (with the element that sticks out). */
  sideways: () => WidthCheck
}

declare global {
  interface Window {
    /** The text of an element before each place where it goes on to a new line. */
    lineBreaks: (el: Element) => string[]
    layoutChecks: LayoutChecks
  }
}

/** Gives every document the tab opens, frames included, `window.lineBreaks()` and `window.layoutChecks`. */
const withLayoutChecks = (page: Page) =>
  page.addInitScript(() => {
    // From the top of each character's box.
    window.lineBreaks = (el) => {
      const chars: { char: string; top: number }[] = []
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.textContent!.length; i++) {
          const range = document.createRange()
          range.setStart(node, i)
          range.setEnd(node, i + 1)
          const box = range.getClientRects()[0]
          if (box && box.width > 0) chars.push({ char: node.textContent![i]!, top: box.top })
        }
      }
      const text = chars.map((c) => c.char).join('')
      return chars.flatMap((c, i) => (i > 0 && c.top > chars[i - 1]!.top + 2 ? [text.slice(0, i)] : []))
    }
    // The page scrolling sideways, with the first element that sticks out.
    const sideways = () => {
      const over = document.documentElement.scrollWidth - window.innerWidth
      if (over <= 0) return []
      const culprit = [...document.querySelectorAll('body *')].find((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      return [`the page scrolls sideways: ${over} px too wide (${culprit?.tagName.toLowerCase()}.${culprit?.className})`]
    }
    window.layoutChecks = {
      header: () => {
        const header = document.querySelector<HTMLElement>('[data-site-header]')!
        const box = header.getBoundingClientRect()
        const problems: string[] = []
        const visible = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && el.getClientRects().length > 0
        const labels = [
          ...header.querySelectorAll(':scope > div > a:first-child > span'), // the company's name
          ...header.querySelectorAll('nav[aria-label] > a, nav[aria-label] > div > button'), // the desktop menu
          ...header.querySelectorAll(':scope > div > div > a, :scope > div > div > details > summary'), // language, phone, Get Quote, menu toggle
        ].filter(visible)
        if (labels.length < 3) problems.push(`only ${labels.length} visible parts`)
        for (const el of labels) {
          const name = (el.textContent ?? '').trim() || el.getAttribute('aria-label') || el.tagName
          // Its lines: the boxes of its visible text, a new line wherever a box starts below the previous line.
          const boxes: DOMRect[] = []
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
          for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            if (!text.textContent?.trim() || !visible(text.parentElement!)) continue
            const range = document.createRange()
            range.selectNodeContents(text)
            boxes.push(...[...range.getClientRects()].filter((r) => r.width > 2 && r.height > 4)) // not the 1 px box of screen-reader-only text
          }
          boxes.sort((a, b) => a.top - b.top)
          let lines = 0
          let lineBottom = -Infinity
          for (const b of boxes) {
            if (b.top >= lineBottom - 2) lines++
            lineBottom = Math.max(lineBottom, b.bottom)
          }
          if (lines > 1) problems.push(`"${name}" runs over ${lines} lines`)
          const r = el.getBoundingClientRect()
          if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) {
            problems.push(`"${name}" sticks out of the header (${Math.round(r.left)}–${Math.round(r.right)} × ${Math.round(r.top)}–${Math.round(r.bottom)})`)
          }
          if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') problems.push(`"${name}" is clipped`)
        }
        const row = header.firstElementChild as HTMLElement
        if (row.scrollWidth > row.clientWidth + 1) problems.push(`the header's row overflows (${row.scrollWidth} > ${row.clientWidth})`)
        problems.push(...sideways())
        return { width: window.innerWidth, height: Math.round(box.height), problems }
      },
      footer: () => {
        const problems: string[] = []
        const footer = document.querySelector('footer')!
        const name = footer.querySelector('a > span')!
        const nameLines = window.lineBreaks(name).length + 1
        if (nameLines > 2) problems.push(`the company name runs over ${nameLines} lines`)
        const email = footer.querySelector('[data-footer-email]')!
        for (const before of window.lineBreaks(email)) if (!before.endsWith('@')) problems.push(`the e-mail address breaks after "${before}"`)
        const box = footer.getBoundingClientRect()
        for (const el of footer.querySelectorAll('*')) {
          const r = el.getBoundingClientRect()
          if (r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5))
            problems.push(`${el.tagName.toLowerCase()} "${el.textContent.slice(0, 30)}" sticks out`)
        }
        return { width: window.innerWidth, problems: [...problems, ...sideways()] }
      },
      email: () => {
        const links = [...document.querySelectorAll('main a[href^="mailto:"]')]
        const problems = links.flatMap((link) =>
          window
            .lineBreaks(link)
            .filter((before) => !before.endsWith('@'))
            .map((before) => `breaks after "${before}"`),
        )
        return { width: window.innerWidth, problems: links.length === 0 ? ['no e-mail address'] : problems }
      },
      sideways: () => ({ width: window.innerWidth, problems: sideways() }),
    }
  })

/**
 * Sets the page's viewport by the DevTools protocol call Playwright's setViewportSize() makes for Chromium, without
 * its bookkeeping around it. The tests check the width the page then has.
 */
function setViewport(devTools: CDPSession, width: number, height: number) {
  const size = { width, height, screenWidth: width, screenHeight: height }
  return devTools.send('Emulation.setDeviceMetricsOverride', {
    ...size,
    deviceScaleFactor: 1,
    mobile: false,
    screenOrientation: { angle: 0, type: 'landscapePrimary' },
  })
}

/**
 * Runs a check of `window.layoutChecks` on pages of the site at many widths, `height` px tall. Each page is laid out at
 * each width in a frame that wide, one width after the other in one call, on a page of the site (the thank-you page)
 * as a visitor's browser frames it: a frame is a viewport, whose width the page's media queries, viewport units and
 * `window.innerWidth` are. Its layout is computed at each width and no picture of it is drawn, where a window resized
 * to each width drew one at each, for the same results at about a fifth of the CPU (docs/benchmarks.md). Each sweep's first page is also checked in a window at its first, middle and last width,
 * which must give the same results as the frame.
 */
async function sweeper(height: number) {
  const host = await live.tab({ width: 1920, height })
  await withLayoutChecks(host)
  await host.goto(`${live.site.url}/thank-you`)
  await host.evaluate((h) => {
    const frame = document.createElement('iframe')
    frame.style.cssText = `position: fixed; inset: 0 auto auto 0; border: 0; width: 1920px; height: ${h}px`
    document.body.append(frame)
  }, height)
  const frame = host.frames().find((f) => f.parentFrame() === host.mainFrame())!
  let windowChecked = false
  return {
    async at<K extends keyof LayoutChecks>(path: string, widths: number[], check: K): Promise<ReturnType<LayoutChecks[K]>[]> {
      await frame.goto(`${live.site.url}${path}`)
      const results = (await frame.evaluate(
        ({ widths, check }) =>
          widths.map((width) => {
            ;(window.frameElement as HTMLElement).style.width = `${width}px`
            return window.layoutChecks[check]()
          }),
        { widths, check },
      )) as ReturnType<LayoutChecks[K]>[]
      if (!windowChecked) {
        windowChecked = true
        const page = await live.tab({ width: widths[0]!, height })
        await withLayoutChecks(page)
        const devTools = await page.context().newCDPSession(page)
        await page.goto(`${live.site.url}${path}`)
        for (const i of [0, Math.floor(widths.length / 2), widths.length - 1]) {
          await setViewport(devTools, widths[i]!, height)
          expect(await page.evaluate((c) => window.layoutChecks[c](), check), `${path} at ${widths[i]} px, in a window and in a frame`).toEqual(results[i])
        }
        await page.close()
      }
      return results
    },
    close: () => host.close(),
  }
}

/** Pages with and without a language switch, in both languages. */
const HEADER_PAGES = [
  '/',
  '/about',
  '/boise-strip-wax',
  '/services/move-in-out',
  '/local-services/boise',
  '/fr',
  '/fr/montreal-decapage-et-cirage',
  '/fr/a-propos',
]

describe('the header fits at every width from 320 to 1920 px', () => {
  const WIDTHS = Array.from({ length: (1920 - 320) / 16 + 1 }, (_, i) => 320 + i * 16)

  it('keeps every label on one line inside the header, at the same height on every page', async () => {
    const heights = new Map<number, Map<string, number>>()
    const problems: string[] = []
    const sweep = await sweeper(900)
    for (const path of HEADER_PAGES) {
      const checks = await sweep.at(path, WIDTHS, 'header')
      problems.push(...found(path, WIDTHS, checks))
      WIDTHS.forEach((width, i) => {
        if (!heights.has(width)) heights.set(width, new Map())
        heights.get(width)!.set(path, checks[i]!.height)
      })
    }
    await sweep.close()
    expect(problems).toEqual([])
    const uneven = [...heights]
      .filter(([, byPage]) => new Set(byPage.values()).size > 1)
      .map(([width, byPage]) => `${width} px: ${JSON.stringify(Object.fromEntries(byPage))}`)
    expect(uneven).toEqual([])
  })

  it('keeps the menu where it is whether or not the page has a language switch', async () => {
    const page = await live.tab({ width: 1280, height: 900 })
    const menuLeft = async (path: string) => {
      await page.goto(`${live.site.url}${path}`)
      return page
        .locator('nav[aria-label="Main"] a')
        .first()
        .evaluate((a) => a.getBoundingClientRect().left)
    }
    expect(await page.goto(`${live.site.url}/boise-strip-wax`).then(() => page.locator('[data-language-switch]').count())).toBe(0)
    expect(await menuLeft('/boise-strip-wax')).toBe(await menuLeft('/about'))
    await page.close()
  })

  it('shows the phone as a tel: link in the mobile header and the language by its own name', async () => {
    const page = await live.tab({ width: 375, height: 800 })
    await page.goto(`${live.site.url}/montreal-strip-wax`)
    const phone = page.locator('[data-header-phone]')
    expect(await phone.isVisible()).toBe(true)
    expect(await phone.getAttribute('href')).toBe('tel:8885550142')
    expect(await phone.textContent()).toBe('(888) 555-0142')
    expect(await page.getByRole('link', { name: 'Français' }).isVisible()).toBe(true)
    await page.setViewportSize({ width: 1280, height: 800 })
    expect(await phone.isVisible()).toBe(false) // the desktop header has 'Get Quote' instead
    await page.close()
  })
})

/** One page of every kind, in both languages. */
const EVERY_KIND = [
  '/',
  '/about',
  '/contact',
  '/quote',
  '/thank-you',
  '/local-services',
  '/local-services/boise',
  '/local-services/montreal',
  '/privacy',
  '/services/strip-wax',
  '/services/move-in-out',
  '/boise-strip-wax',
  '/boise-strip-wax-janitorial',
  '/coeur-dalene-post-construction-cleanup-janitorial',
  '/not-found/page',
  '/services/404',
  '/not-found/city-service',
  '/404',
  '/fr',
  '/fr/a-propos',
  '/fr/contact',
  '/fr/soumission',
  '/fr/merci',
  '/fr/services-locaux',
  '/fr/services-locaux/trois-rivieres',
  '/fr/confidentialite',
  '/fr/services/decapage-et-cirage',
  '/fr/montreal-decapage-et-cirage',
  '/fr/services/404',
  '/fr/404',
]

// The footer's company column must stay wide enough at every width: at 768 px a quarter-wide column ran the name over
// four lines and broke the e-mail address mid-word.
describe('the footer at every width from 320 to 1920 px', () => {
  const WIDTHS = [...new Set([...Array.from({ length: (1920 - 320) / 32 + 1 }, (_, i) => 320 + i * 32), 375, 768, 1366])].sort((a, b) => a - b)

  it('shows the company name on at most 2 lines, the e-mail address whole or broken only after its @, nothing sticking out', async () => {
    const sweep = await sweeper(900)
    const problems: string[] = []
    for (const path of ['/about', '/fr/a-propos']) problems.push(...found(path, WIDTHS, await sweep.at(path, WIDTHS, 'footer')))
    await sweep.close()
    expect(problems).toEqual([])
  })
})

// Beside the forms of the service and city pages, on Contact and in the privacy notice, the address broke where the
// line ended ("accounts@evergreenjanitorial.c" / "om" in a 375 px phone's side box).
describe('the e-mail address in the pages’ text', () => {
  it('breaks only after its @, from 320 to 1440 px', async () => {
    const WIDTHS = [320, 344, 375, 414, 768, 1024, 1280, 1440]
    const sweep = await sweeper(800)
    const problems: string[] = []
    for (const path of ['/services/strip-wax', '/fr/services/decapage-et-cirage', '/boise-strip-wax-janitorial', '/contact', '/fr/contact', '/privacy'])
      problems.push(...found(path, WIDTHS, await sweep.at(path, WIDTHS, 'email')))
    await sweep.close()
    expect(problems).toEqual([])
  })
})

describe('no page scrolls sideways', () => {
  it('at 320, 375, 414, 768, 1024, 1280 and 1440 px', async () => {
    const WIDTHS = [320, 375, 414, 768, 1024, 1280, 1440]
    const sweep = await sweeper(800)
    const problems: string[] = []
    for (const path of EVERY_KIND) problems.push(...found(path, WIDTHS, await sweep.at(path, WIDTHS, 'sideways')))
    await sweep.close()
    expect(problems).toEqual([])
  })
})

/** The problems of a page's checks at `widths`, each with its page and width; a page of another width than asked is one. */
function found(path: string, widths: number[], checks: WidthCheck[]): string[] {
  return checks.flatMap((check, i) => {
    const width = widths[i]!
    const problems = check.width === width ? check.problems : [`${check.width} px wide instead of ${width}`]
    return problems.map((p) => `${path} at ${width} px: ${p}`)
  })
}

describe('page heights on a 375 px phone', () => {
  // 8,400: the French home page with the city finder's box in its first screen is about 8,200 px.
  it('keeps the home page under 8,400 px in both languages', async () => {
    const page = await live.tab({ width: 375, height: 800 })
    for (const path of ['/', '/fr']) {
      await page.goto(`${live.site.url}${path}`)
      const height = await page.evaluate(() => document.documentElement.scrollHeight)
      expect(height, path).toBeLessThan(8_400)
      // The cards keep their whole description in the page (clamped on screen only).
      const cut = await page
        .locator('[data-card-description]')
        .first()
        .evaluate((p) => p.scrollHeight > p.clientHeight)
      expect(cut, path).toBe(true)
    }
    await page.close()
  })
})

describe('a service page on a 375 px phone', () => {
  it("stays under 10,000 px, its 'Available in' folded by state", async () => {
    const page = await live.tab({ width: 375, height: 800 })
    for (const path of ['/services/strip-wax', '/fr/services/decapage-et-cirage']) {
      await page.goto(`${live.site.url}${path}`)
      expect(await page.evaluate(() => document.documentElement.scrollHeight), path).toBeLessThan(10_000)
    }
    await page.close()
  })
})

describe('the quick bar of city and service pages on phones', () => {
  const PHONE = { width: 375, height: 740 }

  for (const javaScriptEnabled of [true, false]) {
    it(`follows the visitor down the page and never covers the form or the footer (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const context = await live.browser.newContext({ viewport: PHONE, javaScriptEnabled })
      const page = await context.newPage()
      for (const path of ['/boise-strip-wax-janitorial', '/services/strip-wax', '/fr/montreal-decapage-et-cirage']) {
        await page.goto(`${live.site.url}${path}`)
        const bar = page.locator('[data-quick-bar]')
        const start = await bar.boundingBox()
        expect(start, path).not.toBeNull()
        expect(start!.y + start!.height, `${path}: on screen at the top of the page`).toBeLessThanOrEqual(PHONE.height + 0.5)
        const clashes = await page.evaluate(() => {
          const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
          const bar = document.querySelector('[data-quick-bar]')!
          const guarded = [document.getElementById('request-quote')!, ...document.querySelectorAll('footer a')]
          const found: string[] = []
          for (let y = 0; y < document.documentElement.scrollHeight; y += 200) {
            window.scrollTo(0, y) // (reading a box lays the page out: no frame to wait for, and none comes without JavaScript)
            const b = bar.getBoundingClientRect()
            for (const el of guarded) if (overlaps(b, el.getBoundingClientRect())) found.push(`${y}: ${el.id || el.textContent}`)
          }
          return found
        })
        expect(clashes, path).toEqual([])
        // 'Free quote' jumps to the form; 'Call' dials the company.
        await page.evaluate(() => window.scrollTo(0, 0))
        const call = bar.getByRole('link', { name: /^(Call|Appeler)/ })
        expect(await call.getAttribute('href')).toBe('tel:8885550142')
        await bar.getByRole('link', { name: /^(Free quote|Soumission)$/ }).click()
        await page.waitForURL(/#request-quote$/)
        const form = await page.locator('#request-quote').boundingBox()
        expect(form!.y, `${path}: the form is in view`).toBeLessThan(PHONE.height)
        expect(form!.y).toBeGreaterThanOrEqual(0)
      }
      await context.close()
    })
  }

  it('never hides the element that has keyboard focus', async () => {
    const page = await live.tab(PHONE)
    await page.goto(`${live.site.url}/boise-strip-wax-janitorial`)
    const hidden: string[] = []
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab')
      const clash = await page.evaluate(() => {
        const el = document.activeElement!
        const bar = document.querySelector('[data-quick-bar]')!
        if (bar.contains(el) || el === document.body) return null // (body: focus has left the page, to the browser)
        const a = el.getBoundingClientRect()
        const b = bar.getBoundingClientRect()
        return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom ? `${el.tagName} ${el.textContent?.trim().slice(0, 40)}` : null
      })
      if (clash) hidden.push(clash)
    }
    expect(hidden).toEqual([])
    await page.close()
  })

  it('is not there on desktops', async () => {
    const page = await live.tab({ width: 1280, height: 800 })
    await page.goto(`${live.site.url}/boise-strip-wax-janitorial`)
    expect(await page.locator('[data-quick-bar]').isVisible()).toBe(false)
    await page.close()
  })
})
