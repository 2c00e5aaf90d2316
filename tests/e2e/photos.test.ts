// Issue 30: the company's photos as a visitor's browser shows them. A tiny copy of the site (keepTinySite) with test
// photos (scripts/lib/testPhotos.ts) for the home page, a service, a city and the About page, and every credential of
// site.yaml's `trust` filled in, built once and served by Cloudflare's runtime (its headers: the site's CSP), then
// in Chromium at phone, tablet and desktop widths, in both languages: each hero photo loaded at the width the screen
// needs, in AVIF, named by its description in the page's language, without moving the page when it arrives, with or
// without JavaScript; axe on pages with photos; a page without a photo as before photos.
// `PHOTO_SHOTS=/tmp/photo-shots npx vitest run --project e2e tests/e2e/photos.test.ts` also saves full-page
// screenshots of those pages there (and of the quote page, for the credentials beside the form), to look at.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { AxeResults } from 'axe-core'
import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCloudflare, type Site } from '../../scripts/lib/cloudflare'
import { copyProject } from '../../scripts/lib/projectCopy'
import { writeTestPhotos } from '../../scripts/lib/testPhotos'
import { SAMPLE_PHOTOS } from '../helpers/samplePhotos'
import { buildSite, type BuildReport } from '../../src/build/build'
import { sampleTrust } from '../helpers/sampleTrust'
import { keepTinySite } from '../helpers/smallerSite'
import { openTabs, type Tabs } from './tabs'
import { borrowBrowser, type LentBrowser } from './workerBrowser'

// Those of a service, a city (Montréal, both languages) and the About page, and the home page's.
const PHOTOS = SAMPLE_PHOTOS.filter((photo) => photo.file !== 'boise.webp')
const [home, floor, montreal] = PHOTOS.map((p) => p.entry as { alt: string; alt_fr: string })

/** Every credential site.yaml can state, with two licenses and two certifications of long names. */
const TRUST = sampleTrust({ long: true })

/** Pages whose hero is a photo, in both languages. */
const HOME = { en: '/', fr: '/fr', photo: home! }
const SERVICE = { en: '/services/strip-wax', fr: '/fr/services/decapage-et-cirage', photo: floor! }
/** A city's own photo comes before its services'. */
const CITY = { en: '/montreal-strip-wax-janitorial', fr: '/fr/montreal-decapage-et-cirage', photo: montreal! }
const HEROES = [HOME, SERVICE, CITY]
const LANGS = ['en', 'fr'] as const
/**
 * The hero photo's file at each width: its box is 343, 576 and 576 CSS px wide there (HERO in src/photos/places.ts),
 * and these screens have one device pixel per CSS pixel, so the 480 and 720 px files, never the 1200 px one.
 */
const FILE_WIDTHS = { 375: 480, 768: 720, 1366: 720 }

let copy: ReturnType<typeof copyProject>
let built: BuildReport
let browser: Browser
let lent: LentBrowser | undefined
let site: Site
let tabs: Tabs

beforeAll(async () => {
  copy = copyProject()
  keepTinySite(copy.root)
  const siteYaml = path.join(copy.root, 'data/site.yaml')
  writeFileSync(siteYaml, readFileSync(siteYaml, 'utf8').replace(/^trust:\n(?: .*\n)*/m, TRUST))
  await writeTestPhotos(path.join(copy.root, 'data'), PHOTOS)
  ;[built, lent] = await Promise.all([buildSite({ root: copy.root, log: () => undefined, photoCache: path.join(copy.root, 'photo-cache') }), borrowBrowser()])
  browser = lent.browser
  site = await startCloudflare(path.join(copy.root, 'dist/client'))
  tabs = await openTabs(browser, site.url)
}, 300_000)

afterAll(async () => {
  await tabs?.close()
  await lent?.giveBack()
  await site?.close()
  copy?.remove()
}, 60_000)

/** The page's photo: a page with a hero photo has no other. */
const HERO_IMAGE = 'main figure[data-photo] img'

/** The hero photo as the page shows it now, and where the content after the hero starts. */
const heroImage = (page: Page) =>
  page.locator(HERO_IMAGE).evaluate((img: HTMLImageElement) => {
    const { top, height, width } = img.getBoundingClientRect()
    return {
      loaded: img.complete && img.naturalWidth > 0,
      file: img.currentSrc.split('-').at(-1) ?? '',
      box: { top, height, width },
      nextTop: img.closest('section')!.nextElementSibling!.getBoundingClientRect().top,
    }
  })

/** After two frames: the layout shifts of the last change are recorded. */
const twoFrames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

/**
 * A visit of `path` at `width` px on a slow network: the page is laid out while the photos' files are held back, then
 * they arrive. What the visitor sees before and after, the Cumulative Layout Shift of the whole visit (from an
 * observer started before the page's own scripts, outside its CSP), and how far the page scrolls sideways.
 */
async function slowVisit(path: string, width: number) {
  const page = await tabs.open({ width, height: 800 })
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number }
    w.layoutShift = 0
    new PerformanceObserver((list) => {
      for (const shift of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!shift.hadRecentInput) w.layoutShift += shift.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
  const held: Route[] = []
  let arrived = false
  await page.route('**/assets/photos/**', (route) => (arrived ? route.continue() : void held.push(route)))
  await page.goto(`${site.url}${path}`, { waitUntil: 'domcontentloaded' })
  // Laid out as first painted: with its stylesheet and fonts (a layout forced before them is one no visitor sees).
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet))
  await page.evaluate(() => document.fonts.ready)
  await twoFrames(page)
  const before = await heroImage(page)
  arrived = true
  await Promise.all(held.map((route) => route.continue()))
  await page.waitForFunction((selector) => document.querySelector<HTMLImageElement>(selector)!.complete, HERO_IMAGE)
  await twoFrames(page)
  const after = await heroImage(page)
  const visit = {
    before,
    after,
    name: await page.locator(HERO_IMAGE).ariaSnapshot(),
    layoutShift: await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift),
    sideways: await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth),
  }
  await page.close()
  return visit
}

describe('the hero photos', () => {
  it.each(Object.entries(FILE_WIDTHS))(
    'at %s px: loaded as the AVIF file of %i px, named by its description in the page’s language; nothing moves when it arrives, nothing scrolls sideways',
    async (width, fileWidth) => {
      const seen: Record<string, unknown> = {}
      const expected: Record<string, unknown> = {}
      // The city's page, the same hero with another photo, at a phone's width only.
      for (const hero of width === '375' ? HEROES : HEROES.filter((h) => h !== CITY)) {
        for (const lang of LANGS) {
          const path = hero[lang]
          const visit = await slowVisit(path, Number(width))
          seen[path] = {
            loadedBeforeItArrived: visit.before.loaded,
            loaded: visit.after.loaded,
            file: visit.after.file,
            name: visit.name,
            box: visit.before.box,
            nextTop: visit.before.nextTop,
            layoutShift: visit.layoutShift < 0.01 ? 'under 0.01' : visit.layoutShift,
            scrollsSideways: visit.sideways > 0 ? `${visit.sideways} px` : false,
          }
          expected[path] = {
            loadedBeforeItArrived: false,
            loaded: true,
            file: `${fileWidth}.avif`,
            name: `- img "${hero.photo[lang === 'fr' ? 'alt_fr' : 'alt']}"`,
            box: visit.after.box,
            nextTop: visit.after.nextTop,
            layoutShift: 'under 0.01',
            scrollsSideways: false,
          }
        }
      }
      expect(seen).toEqual(expected)
    },
  )

  it('shows without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } })
    const seen: Record<string, boolean> = {}
    for (const hero of [HOME, SERVICE]) {
      for (const lang of LANGS) {
        const page = await context.newPage()
        await page.goto(`${site.url}${hero[lang]}`) // until `load`: the hero photo, not lazy, has arrived
        seen[hero[lang]] = (await heroImage(page)).loaded && (await page.locator(HERO_IMAGE).isVisible())
        await page.close()
      }
    }
    await context.close()
    expect(seen).toEqual({ [HOME.en]: true, [HOME.fr]: true, [SERVICE.en]: true, [SERVICE.fr]: true })
  })

  it('leaves a page of a service without a photo as before photos: its emoji on the green gradient', async () => {
    const page = await tabs.open({ width: 1366, height: 800 })
    await page.goto(`${site.url}/services/deep-cleaning`)
    const hero = page.locator('main > section:first-child')
    expect({
      emoji: await hero.locator('span[aria-hidden="true"]').allTextContents(),
      pictures: await hero.locator('picture, img').count(),
      background: await hero.evaluate((section) => getComputedStyle(section).backgroundImage.split('(')[0]),
    }).toEqual({ emoji: [built.catalogue.serviceBySlug.get('deep-cleaning')!.icon], pictures: 0, background: 'linear-gradient' })
    await page.close()
  })
})

describe('the pages with photos and credentials', () => {
  it('have no axe violations, each page in each language on a phone or a desktop', async () => {
    const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
    const violations: string[] = []
    for (const [width, paths] of [
      [375, [HOME.fr, SERVICE.en]],
      [1366, [HOME.en, SERVICE.fr]],
    ] as const) {
      // The site's Content-Security-Policy allows no inline script: axe is injected past it.
      const context = await browser.newContext({ viewport: { width, height: 800 }, bypassCSP: true })
      for (const path of paths) {
        const page = await context.newPage()
        await page.goto(`${site.url}${path}`)
        await page.addScriptTag({ path: axePath })
        const found = await page.evaluate(async () => {
          const results = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe.run(document, {
            runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
            resultTypes: ['violations'],
          })
          return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)
        })
        violations.push(...found.map((v) => `${path} at ${width} px: ${v}`))
        await page.close()
      }
      await context.close()
    }
    expect(violations).toEqual([])
  })

  it('keep each license and certification number on one line, beside the form, on the About page and in the footer', async () => {
    const numbers = [...TRUST.matchAll(/number: "([^"]+)"/g)].map((m) => m[1]!)
    const broken: string[] = []
    const page = await tabs.open({ width: 375, height: 800 })
    for (const path of ['/quote', '/fr/soumission', '/about', '/fr/a-propos']) {
      await page.goto(`${site.url}${path}`)
      for (const width of [320, 375, 768, 1024, 1366]) {
        await page.setViewportSize({ width, height: 800 })
        const found = await page.evaluate((numbers) => {
          const out: string[] = []
          for (const list of document.querySelectorAll('[data-trust]')) {
            const shown = numbers.filter((n) => list.textContent.includes(n))
            if (shown.length !== numbers.length) out.push(`${list.getAttribute('data-trust')} shows ${shown.length} of the numbers`)
            const walker = document.createTreeWalker(list, NodeFilter.SHOW_TEXT)
            for (let text = walker.nextNode(); text; text = walker.nextNode()) {
              for (const n of numbers) {
                const at = text.textContent!.indexOf(n)
                if (at < 0) continue
                const range = document.createRange()
                range.setStart(text, at)
                range.setEnd(text, at + n.length)
                const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
                if (lines.size > 1) out.push(`${list.getAttribute('data-trust')}: ${n} over ${lines.size} lines`)
              }
            }
          }
          return out
        }, numbers)
        broken.push(...found.map((f) => `${path} at ${width} px: ${f}`))
      }
    }
    await page.close()
    expect(broken).toEqual([])
  })

  it.runIf(process.env.PHOTO_SHOTS)('saved as full-page screenshots in $PHOTO_SHOTS', async () => {
    const dir = process.env.PHOTO_SHOTS!
    mkdirSync(dir, { recursive: true })
    const pages = {
      home: { en: '/', fr: '/fr' },
      'strip-wax': { en: '/services/strip-wax', fr: '/fr/services/decapage-et-cirage' },
      'montreal-strip-wax': { en: '/montreal-strip-wax-janitorial', fr: '/fr/montreal-decapage-et-cirage' },
      'montreal-hub': { en: '/local-services/montreal', fr: '/fr/services-locaux/montreal' },
      about: { en: '/about', fr: '/fr/a-propos' },
      quote: { en: '/quote', fr: '/fr/soumission' },
    }
    const saved: string[] = []
    for (const width of [375, 768, 1366]) {
      for (const [name, paths] of Object.entries(pages)) {
        for (const lang of LANGS) {
          const page = await tabs.open({ width, height: 800 })
          await page.goto(`${site.url}${paths[lang]}`)
          // The whole page in the window: the lazy photos load, and the sticky header and quick bar sit where they rest
          // instead of over the text at the first screen's top and bottom.
          await page.setViewportSize({ width, height: await page.evaluate(() => document.documentElement.scrollHeight) })
          await page.waitForFunction(() => [...document.images].every((img) => img.complete))
          const file = path.join(dir, `${name}-${lang}-${width}.png`)
          await page.screenshot({ path: file, fullPage: true })
          saved.push(file)
          await page.close()
        }
      }
    }
    expect(saved).toHaveLength(3 * Object.keys(pages).length * LANGS.length)
  })
})
