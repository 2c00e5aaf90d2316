// Issue 39, parts 1 and 2, in Chromium against `npm start`: the city finder linked from the header (desktop and the phone
// menu) and the footer of every kind of page, with JavaScript and without, in both languages; the home page's own box in
// its first screen; and 'Use my location' answering with the visitor's town, whose quote carries that town as a typed
// one does, to the stored request and the e-mail, while the position stays in the browser.
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { loadGazetteer } from '../../src/geo/gazetteer'
import { openPglite } from '../../server/pglite'
import { browserAndSite, distinctRows } from './localServer'
import { mailAbout } from './mail'
import { sendQuote } from './thankYou'
import { km, miles } from '../helpers/straightLine'

const live = browserAndSite()
const catalogue = loadCatalogue()
const gazetteer = loadGazetteer()

const bozeman = gazetteer.places.find((p) => p.name === 'Bozeman' && p.state === 'MT')!
const billingsKm = km(bozeman, catalogue.cityBySlug.get('billings')!.coordinates!)

/** Every kind of page, in both languages. */
const PAGES = {
  en: [
    '/',
    '/about',
    '/contact',
    '/quote',
    '/privacy',
    '/thank-you',
    '/local-services',
    '/local-services/boise',
    '/services/strip-wax',
    '/boise-strip-wax-janitorial',
    '/boise-strip-wax',
    '/no-such-page',
  ],
  fr: [
    '/fr',
    '/fr/a-propos',
    '/fr/contact',
    '/fr/soumission',
    '/fr/confidentialite',
    '/fr/merci',
    '/fr/services-locaux',
    '/fr/services-locaux/montreal',
    '/fr/services/decapage-et-cirage',
    '/fr/montreal-decapage-et-cirage',
    '/fr/rien-ici',
  ],
}
const LINK = { en: { name: 'Locations', href: '/local-services#find' }, fr: { name: 'Nos villes', href: '/fr/services-locaux#find' } }

const finderForm = (page: Page) => page.locator('[data-city-finder]')
const answerHeading = (page: Page) => finderForm(page).getByRole('heading', { level: 3 })

describe('the finder from every page', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`is linked from the header, the phone menu and the footer of every kind of page, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
      const seen: Record<string, string[]> = {}
      const expected: Record<string, string[]> = {}
      for (const lang of ['en', 'fr'] as const) {
        const { name, href } = LINK[lang]
        // Each page loaded once, then seen at each width (the desktop header, then the phone menu, opened once):
        // a third of the page loads of one load per width, the same links checked at the same widths.
        const page = await live.tab({ width: 1366, height: 800 }, { javaScriptEnabled })
        for (const url of PAGES[lang]) {
          await page.goto(`${live.site.url}${url}`)
          for (const width of [1366, 768, 375]) {
            await page.setViewportSize({ width, height: 800 })
            const where: string[] = []
            if (width >= 1024) {
              const link = page.getByRole('navigation', { name: lang === 'en' ? 'Main' : 'Principale' }).getByRole('link', { name, exact: true })
              if ((await link.isVisible()) && (await link.getAttribute('href')) === href) where.push('header')
            } else {
              const menu = page.locator('[data-menu="mobile"]')
              if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click()
              const link = page.getByRole('navigation', { name: lang === 'en' ? 'Mobile' : 'Menu mobile' }).getByRole('link', { name, exact: true })
              if ((await link.isVisible()) && (await link.getAttribute('href')) === href) where.push('phone menu')
            }
            const footer = page.locator('footer').getByRole('link', { name, exact: true })
            if ((await footer.count()) === 1 && (await footer.getAttribute('href')) === href) where.push('footer')
            seen[`${url} at ${width}`] = where
            expected[`${url} at ${width}`] = [width >= 1024 ? 'header' : 'phone menu', 'footer']
          }
        }
        await page.close()
      }
      expect(seen).toEqual(expected)
    })
  }

  it('is linked from the quote, contact, about and service pages, and the link takes the visitor to the finder, focused', async () => {
    const page = await live.tab({ width: 1366, height: 768 })
    for (const [url, words] of [
      ['/quote', 'Find it by name, ZIP or postal code'],
      ['/contact', 'Find it by name, ZIP or postal code'],
      ['/about', 'Find it by name, ZIP or postal code'],
      ['/services/strip-wax', 'Find it by name, ZIP or postal code'],
      ['/fr/soumission', 'Cherchez-la par son nom, son code postal ou son code ZIP'],
      ['/fr/services/decapage-et-cirage', 'Cherchez-la par son nom, son code postal ou son code ZIP'],
    ] as const) {
      await page.goto(`${live.site.url}${url}`)
      const link = page.locator('main [data-finder-link]')
      expect(await link.innerText(), url).toBe(words)
      expect(await link.getAttribute('href'), url).toBe(url.startsWith('/fr') ? '/fr/services-locaux#find' : '/local-services#find')
    }
    await page.goto(`${live.site.url}/about`)
    await page.locator('main [data-finder-link]').click()
    await page.waitForURL('**/local-services#find')
    await page.waitForFunction(() => document.activeElement?.id === 'city-finder-input')
    await page.close()
  })
})

describe("the home page's finder box", () => {
  for (const lang of ['en', 'fr'] as const) {
    for (const [width, height] of [
      [375, 812],
      [768, 1024],
      [1366, 768],
    ] as const) {
      it(`is in the first screen at ${width} px (${lang}) and answers "59715" in place`, async () => {
        const page = await live.tab({ width, height })
        await page.goto(`${live.site.url}${lang === 'en' ? '/' : '/fr'}`)
        const input = page.getByRole('searchbox', { name: lang === 'en' ? 'Town, ZIP or postal code' : 'Ville, code postal ou code ZIP' })
        const box = (await input.boundingBox())!
        expect(box.y + box.height).toBeLessThanOrEqual(height)
        expect(await page.evaluate(() => scrollY)).toBe(0)
        await input.fill('59715')
        await expect
          .poll(() => answerHeading(page).textContent())
          .toBe(lang === 'en' ? 'ZIP code 59715: Bozeman, Montana' : 'Code ZIP 59715\u00a0: Bozeman, Montana')
        expect(new URL(page.url()).pathname).toBe(lang === 'en' ? '/' : '/fr')
        await page.close()
      })
    }
  }

  it('without JavaScript, leads to the A–Z list of the directory', async () => {
    const page = await live.tab({ width: 375, height: 812 }, { javaScriptEnabled: false })
    await page.goto(`${live.site.url}/`)
    await page.locator('#city-finder-input').fill('boise')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/local-services?#cities-a-z')
    await page.close()
  })
})

describe("'Use my location'", () => {
  it('answers with the town the position is in, whose quote carries it as a typed one does; the position stays in the browser', async () => {
    const context = await live.browser.newContext({ viewport: { width: 375, height: 812 }, geolocation: { latitude: bozeman.lat, longitude: bozeman.lon } })
    await context.grantPermissions(['geolocation'], { origin: live.site.url })
    const page = await context.newPage()
    const sent: string[] = []
    page.on('request', (r) => sent.push(`${r.url()} ${r.postData() ?? ''}`))
    await page.goto(`${live.site.url}/`)
    await page.getByRole('button', { name: 'Use my location' }).click()
    await expect.poll(() => answerHeading(page).textContent()).toBe('You are near Bozeman, MT')
    expect(await page.getByRole('status').textContent()).toBe(
      `You are near Bozeman, MT: our nearest crews are in Billings, MT, ${miles(billingsKm)} mi in a straight line.`,
    )
    expect((await finderForm(page).locator('[data-city-finder-answer] li').allInnerTexts())[0]).toBe(`Billings, MT · ${miles(billingsKm)} mi`)
    expect(await finderForm(page).locator('[data-city-finder-answer] p').first().textContent()).toContain('(distances in a straight line):')
    // Nothing of the position has left the browser: no coordinates, no town; every part of the places by position was
    // asked for, whatever the position.
    const where = [String(bozeman.lat).slice(0, 5), String(bozeman.lon).slice(0, 6)]
    expect(sent.filter((line) => where.some((w) => line.includes(w)) || /bozeman/i.test(line))).toEqual([])
    const near = sent.filter((line) => line.includes('/assets/finder/near-'))
    expect(near.length).toBeGreaterThan(1)
    const quote = finderForm(page).getByRole('link', { name: 'Get a free quote for Bozeman' })
    const href = new URL((await quote.getAttribute('href'))!, live.site.url)
    expect([href.pathname, href.searchParams.get('place'), href.searchParams.get('near')]).toEqual(['/quote', 'Bozeman, MT', 'billings'])
    expect(Number(href.searchParams.get('km'))).toBeCloseTo(billingsKm, 1)
    await quote.click()
    await page.waitForURL('**/quote?**')
    expect(await page.locator('h1').innerText()).toBe('Get Your Free Quote for Bozeman, MT')
    expect(await page.getByLabel('City or ZIP').inputValue()).toBe('Bozeman, MT')
    await page.fill('#quote-name', 'Located Lee')
    await page.fill('#quote-email', 'lee@example.com')
    await sendQuote(page, live.site)
    const mail = await mailAbout(live.site.dataDir, 'Located Lee')
    expect(mail.text).toMatch(new RegExp(`^Place: +Bozeman, MT — nearest served city: Billings, MT, ${miles(billingsKm)} mi$`, 'm'))
    await context.close()
  })

  it('says so where no town is within 25 km, and its quote then names the nearest city only (in French too)', async () => {
    // Lake Superior, 60 km from any shore town.
    const lake = { latitude: 47.6, longitude: -87.5 }
    for (const [home, heading, said, straight, lead] of [
      [
        '/',
        'Near you',
        'No town is within 15 miles (25 km) of you. The nearest city with its own pages is ',
        / (?:mi|km) in a straight line\.$/,
        'The cities with their own pages nearest to you (distances in a straight line):',
      ],
      [
        '/fr',
        'Près de vous',
        'Aucune municipalité ne se trouve à moins de 25\u00a0km de vous. La ville la plus proche qui a ses propres pages est ',
        /\u00a0km à vol d’oiseau\.$/,
        'Les villes les plus proches de vous qui ont leurs propres pages (distances à vol d’oiseau)\u00a0:',
      ],
    ] as const) {
      const context = await live.browser.newContext({ viewport: { width: 1366, height: 768 }, geolocation: lake })
      await context.grantPermissions(['geolocation'], { origin: live.site.url })
      const page = await context.newPage()
      await page.goto(`${live.site.url}${home}`)
      await finderForm(page).locator('[data-city-finder-locate] button').click()
      await expect.poll(() => answerHeading(page).textContent()).toBe(heading)
      expect(await page.getByRole('status').textContent()).toContain(said)
      expect(await page.getByRole('status').textContent()).toMatch(straight)
      expect(await finderForm(page).locator('[data-city-finder-answer] p').first().textContent()).toBe(lead)
      const quote = await finderForm(page).locator('[data-city-finder-quote]').getAttribute('href')
      expect(quote).toMatch(home === '/' ? /^\/quote\?city=[a-z-]+&in=/ : /^\/fr\/soumission\?city=[a-z-]+&in=/)
      await context.close()
    }
  })
})

describe('after the browser session', () => {
  it('stored the request sent from the position with its town, its nearest city and the distance', async () => {
    await live.site.stop()
    const db = await openPglite(path.join(live.site.dataDir, 'pglite'))
    try {
      const { rows } = await db.query<{ name: string; place: string; near_city_slug: string; near_km: string | number }>(
        'select name, place, near_city_slug, near_km from quote_requests order by id',
      )
      expect(distinctRows(rows).map((r) => ({ ...r, near_km: Number(r.near_km) }))).toEqual([
        { name: 'Located Lee', place: 'Bozeman, MT', near_city_slug: 'billings', near_km: Math.round(billingsKm * 10) / 10 },
      ])
    } finally {
      await db.close()
    }
  })
})
