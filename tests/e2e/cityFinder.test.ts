// The city finder (issues 15 and 28) in Chromium, as visitors meet it: from the home hero with the keyboard alone, by
// town, ZIP or postal code, by position, in French, on a not-found screen, without JavaScript; screen-reader roles, axe.
// Distances are computed here from the gazetteer's and the catalogue's coordinates.
import { createRequire } from 'node:module'
import type { AxeResults } from 'axe-core'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { loadGazetteer } from '../../src/geo/gazetteer'
import { browserAndSite } from './localServer'
import { mailAbout } from './mail'
import { sendQuote } from './thankYou'
import { km, miles } from '../helpers/straightLine'

const live = browserAndSite()
const catalogue = loadCatalogue()
const gazetteer = loadGazetteer()

const place = (name: string, state: string) => gazetteer.places.find((p) => p.name === name && p.state === state)!
const city = (slug: string) => catalogue.cityBySlug.get(slug)!.coordinates!

const status = (page: Page) => page.getByRole('status')
const finderForm = (page: Page) => page.locator('[data-city-finder]')
const results = (page: Page) => finderForm(page).locator('[data-city-finder-results] li').allInnerTexts()
const answerHeading = (page: Page) => finderForm(page).getByRole('heading', { level: 3 })
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')

describe('the city finder', () => {
  it('is one tap from the home hero, and answers an unserved town with its nearest cities and a quote for it, by keyboard', async () => {
    const page = await live.browser.newPage({ viewport: { width: 375, height: 812 }, hasTouch: true })
    await page.goto(`${live.site.url}/`)
    await page.getByRole('link', { name: 'Find Local Services' }).tap()
    await page.waitForURL('**/local-services#find')
    await page.waitForFunction(() => document.activeElement?.id === 'city-finder-input')
    await page.keyboard.type('bozeman mt')
    const bozeman = place('Bozeman', 'MT')
    const billings = miles(km(bozeman, city('billings')))
    await expect.poll(() => status(page).textContent()).toBe(`Bozeman, Montana: our nearest crews are in Billings, MT, ${billings} mi in a straight line.`)
    expect(await answerHeading(page).textContent()).toBe('Bozeman, Montana')
    // The list says once what its distances are (issue 39); its items keep the short "123 mi".
    expect(await finderForm(page).locator('[data-city-finder-answer] p').first().textContent()).toBe(
      'Yes, our crews come to Bozeman. The nearest cities with their own pages (distances in a straight line):',
    )
    const nearest = await finderForm(page).locator('[data-city-finder-answer] li').allInnerTexts()
    expect(nearest[0]).toBe(`Billings, MT · ${billings} mi`)
    expect(await finderForm(page).getByRole('link', { name: 'Billings, MT' }).getAttribute('href')).toBe('/local-services/billings')
    // Enter takes the visitor to the answer; Tab goes on to its links, the last being the quote for that place.
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toBe('Bozeman, Montana')
    const quote = finderForm(page).getByRole('link', { name: 'Get a free quote for Bozeman' })
    const href = new URL((await quote.getAttribute('href'))!, live.site.url)
    expect([href.pathname, href.searchParams.get('place'), href.searchParams.get('near')]).toEqual(['/quote', 'Bozeman, MT', 'billings'])
    expect(Number(href.searchParams.get('km'))).toBeCloseTo(km(bozeman, city('billings')), 1)
    await quote.focus()
    await page.keyboard.press('Enter')
    await page.waitForURL('**/quote?**')
    // The quote page knows the place, and the request sent from it is e-mailed with it and its nearest city with pages.
    expect(await page.locator('h1').innerText()).toBe('Get Your Free Quote for Bozeman, MT')
    expect(await page.getByLabel('City or ZIP').inputValue()).toBe('Bozeman, MT')
    await page.fill('#quote-name', 'Finder Fay')
    await page.fill('#quote-email', 'fay@example.com')
    await sendQuote(page, live.site)
    const mail = await mailAbout(live.site.dataDir, 'Finder Fay')
    expect(mail.text).toMatch(new RegExp(`^Place: +Bozeman, MT — nearest served city: Billings, MT, ${billings} mi$`, 'm'))
    await page.close()
  })

  it('answers a ZIP code, a ZIP+4 and a postal code (whole or its first three characters), and says so for an unknown one', async () => {
    const page = await live.tab({ width: 1280, height: 900 })
    await page.goto(`${live.site.url}/local-services`)
    const input = page.getByRole('searchbox', { name: 'Town, ZIP or postal code' })
    await input.focus()
    for (const [typed, heading] of [
      ['59715', 'ZIP code 59715: Bozeman, Montana'],
      ['59715-3024', 'ZIP code 59715: Bozeman, Montana'],
      ['83301', 'ZIP code 83301: Twin Falls, Idaho'],
      ['E1C 4B7', 'Postal code E1C: Moncton, New Brunswick'],
      ['e1c', 'Postal code E1C: Moncton, New Brunswick'],
    ]) {
      await input.fill(typed!)
      await expect
        .poll(
          () =>
            answerHeading(page)
              .textContent()
              .catch(() => ''),
          { message: typed },
        )
        .toBe(heading)
    }
    // A Canadian place's distances are in km.
    const moncton = await finderForm(page).locator('[data-city-finder-answer] li').first().innerText()
    expect(moncton).toMatch(/^Halifax, NS · \d+ km$/)
    await input.fill('00000')
    await expect.poll(() => status(page).textContent()).toBe('We do not know the ZIP code 00000. Type your town’s name instead.')
    await input.fill('597')
    await expect.poll(() => status(page).textContent()).toBe('Type the five digits of your ZIP code.')
    await page.close()
  })

  it('lists namesakes by state, links the cities with pages, and never opens one on Enter when several match', async () => {
    const page = await live.tab({ width: 1280, height: 900 })
    await page.goto(`${live.site.url}/local-services`)
    const input = page.locator('#city-finder-input')
    await input.focus()
    await input.fill('springfield')
    await expect
      .poll(async () => (await results(page)).slice(0, 4))
      .toEqual([
        'Springfield, Missouri\nOur page for this city',
        'Springfield, Massachusetts\nOur page for this city',
        'Springfield, Illinois\nOur page for this city',
        `Springfield, Oregon\nnearest: Eugene, OR, ${miles(km(place('Springfield', 'OR'), city('eugene')))} mi`,
      ])
    // The places' distances said once, after the count.
    expect(await status(page).textContent()).toMatch(/^\d+ places match; the first 10 are listed\. .* Distances in a straight line\.$/)
    const form = finderForm(page)
    expect(await form.getByRole('link', { name: /^Springfield, Illinois/ }).getAttribute('href')).toBe('/local-services/springfield-il')
    await page.keyboard.press('Enter')
    await expect.poll(() => status(page).textContent()).toMatch(/^\d+ places match: choose yours below\. Distances in a straight line\.$/)
    expect(new URL(page.url()).pathname).toBe('/local-services')
    // The arrows move through the results; ↑ from the first goes back to the input.
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    expect(await focused(page)).toMatch(/^Springfield, Massachusetts/)
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('city-finder-input')
    // A place without pages is a button: it answers that place, with a way back to the list.
    await form.getByRole('button', { name: /^Springfield, Oregon/ }).click()
    await expect.poll(() => focused(page)).toBe('Springfield, Oregon')
    await form.getByRole('button', { name: /^Back to the \d+ places found$/ }).click()
    await expect.poll(() => results(page).then((r) => r.length)).toBe(10)
    // One city with pages: Enter opens it.
    await input.fill('springfield il')
    await expect.poll(() => results(page)).toEqual(['Springfield, Illinois\nOur page for this city'])
    await input.press('Enter')
    await page.waitForURL('**/local-services/springfield-il')
    await page.close()
  })

  it('suggests the name meant for a typo, and knows the names people use', async () => {
    const page = await live.tab({ width: 412, height: 900 })
    await page.goto(`${live.site.url}/local-services`)
    const input = page.locator('#city-finder-input')
    await input.focus()
    await input.fill('bozman mt')
    await expect.poll(() => status(page).textContent()).toBe('No place matches “bozman mt”. Did you mean Bozeman, Montana?')
    await finderForm(page).getByRole('button', { name: 'Bozeman, Montana' }).click()
    await expect.poll(() => answerHeading(page).textContent()).toBe('Bozeman, Montana')
    for (const [typed, href, text] of [
      ['Quebec City', '/local-services/quebec', 'Québec, Quebec\nQuebec City: our page for this city'],
      ['Ville de Québec', '/local-services/quebec', 'Québec, Quebec\nVille de Québec: our page for this city'],
      ['sainte-foy', '/local-services/quebec', 'Québec, Quebec\nSainte-Foy: our page for this city'],
      ['NYC', '/local-services/new-york', 'New York, New York\nNYC: our page for this city'],
      ['levis', '/local-services/levis', 'Lévis, Quebec\nOur page for this city'],
      ['trois rivieres', '/local-services/trois-rivieres', 'Trois-Rivières, Quebec\nOur page for this city'],
    ]) {
      await input.fill(typed!)
      await expect.poll(async () => (await results(page))[0], { message: typed }).toBe(text)
      expect(await finderForm(page).locator('[data-city-finder-results] a').first().getAttribute('href')).toBe(href)
    }
    await page.close()
  })

  it('asks for the position only on a tap on "Use my location", answers it with its town, and keeps it in the browser', async () => {
    const bozeman = place('Bozeman', 'MT')
    const context = await live.browser.newContext({ viewport: { width: 375, height: 812 }, geolocation: { latitude: bozeman.lat, longitude: bozeman.lon } })
    await context.grantPermissions(['geolocation'], { origin: live.site.url })
    const page = await context.newPage()
    await page.addInitScript(() => {
      const geolocation = navigator.geolocation
      const ask = geolocation.getCurrentPosition.bind(geolocation)
      ;(window as unknown as { asked: number }).asked = 0
      geolocation.getCurrentPosition = (...args) => {
        ;(window as unknown as { asked: number }).asked++
        ask(...args)
      }
    })
    const sent: string[] = []
    page.on('request', (r) => sent.push(`${r.url()} ${r.postData() ?? ''}`))
    await page.goto(`${live.site.url}/local-services#find`)
    await page.keyboard.type('boise')
    await expect.poll(() => results(page).then((r) => r.length)).toBeGreaterThan(0)
    expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(0)
    await page.getByRole('button', { name: 'Use my location' }).click()
    await expect.poll(() => answerHeading(page).textContent()).toBe('You are near Bozeman, MT')
    expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(1)
    expect((await finderForm(page).locator('[data-city-finder-answer] li').allInnerTexts())[0]).toBe(
      `Billings, MT · ${miles(km(bozeman, city('billings')))} mi`,
    )
    // The town goes to the quote as a typed one does (tests/e2e/finderEverywhere.test.ts follows it to the e-mail).
    const quote = await finderForm(page).getByRole('link', { name: 'Get a free quote for Bozeman' }).getAttribute('href')
    expect(quote).toMatch(/^\/quote\?place=Bozeman%2C%20MT&near=billings&km=\d+\.\d$/)
    const where = [String(bozeman.lat).slice(0, 5), String(bozeman.lon).slice(0, 6)]
    expect(sent.filter((line) => where.some((w) => line.includes(w)))).toEqual([])
    await context.close()

    // Denied: a clear line, and typing still works.
    const denied = await live.browser.newContext({ viewport: { width: 375, height: 812 } })
    const other = await denied.newPage()
    await other.goto(`${live.site.url}/local-services`)
    await other.getByRole('button', { name: 'Use my location' }).click()
    await expect.poll(() => status(other).textContent()).toBe('Your browser did not share your location. Type your town, ZIP or postal code instead.')
    await other.locator('#city-finder-input').fill('59715')
    await expect.poll(() => answerHeading(other).textContent()).toBe('ZIP code 59715: Bozeman, Montana')
    await denied.close()
  })

  it('answers every place in French too, linking the English pages of a city without French ones and saying so', async () => {
    const page = await live.tab({ width: 1280, height: 900 })
    await page.goto(`${live.site.url}/fr/services-locaux`)
    const input = page.getByRole('searchbox', { name: 'Ville, code postal ou code ZIP' })
    await input.focus()
    for (const [typed, href] of [
      ['ottawa', '/local-services/ottawa'],
      ['toronto', '/local-services/toronto'],
      ['boston', '/local-services/boston'],
    ]) {
      await input.fill(typed!)
      const link = finderForm(page).locator('[data-city-finder-results] a').first()
      await expect.poll(() => link.getAttribute('href'), { message: typed }).toBe(href)
      expect(await link.getAttribute('hreflang')).toBe('en')
      expect(await link.innerText()).toMatch(/Notre page pour cette ville \(page en anglais\)$/)
    }
    await input.fill('montreal')
    await expect.poll(() => finderForm(page).locator('[data-city-finder-results] a').first().getAttribute('href')).toBe('/fr/services-locaux/montreal')
    await input.fill('59715')
    await expect.poll(() => answerHeading(page).textContent()).toBe('Code ZIP 59715\u00a0: Bozeman, Montana')
    const quote = finderForm(page).getByRole('link', { name: 'Obtenir une soumission gratuite pour Bozeman' })
    expect(await quote.getAttribute('href')).toMatch(/^\/fr\/soumission\?place=Bozeman%2C%20MT%2059715&near=billings&km=/)
    expect((await finderForm(page).locator('[data-city-finder-answer] li').allInnerTexts())[0]).toMatch(/^Billings, MT \(page en anglais\) · \d+\u00a0km$/)
    expect(await status(page).textContent()).toMatch(/^Bozeman, Montana\u00a0: nos équipes les plus proches sont à Billings, MT, \d+\u00a0km à vol d’oiseau\.$/)
    expect(await finderForm(page).locator('[data-city-finder-answer] p').first().textContent()).toBe(
      'Oui, nos équipes se rendent à Bozeman. Les villes les plus proches qui ont leurs propres pages (distances à vol d’oiseau)\u00a0:',
    )
    await page.close()
  })

  it('is on the not-found screens, in their language', async () => {
    const page = await live.tab({ width: 375, height: 812 })
    await page.goto(`${live.site.url}/no-such-page`)
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Looking for cleaning near you?' }).count()).toBe(1)
    await page.locator('#city-finder-input').fill('moncton')
    await expect.poll(() => answerHeading(page).textContent()).toBe('Moncton, New Brunswick')
    await page.goto(`${live.site.url}/services/nope`)
    expect(await page.locator('h1').textContent()).toBe('Service Not Found')
    await page.locator('#city-finder-input').fill('key west')
    await expect.poll(() => answerHeading(page).textContent()).toBe('Key West, Florida')
    await page.goto(`${live.site.url}/fr/rien-ici`)
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Vous cherchez un service d’entretien près de chez vous ?' }).count()).toBe(1)
    await page.locator('#city-finder-input').fill('levis')
    await expect.poll(() => finderForm(page).locator('[data-city-finder-results] a').first().getAttribute('href')).toBe('/fr/services-locaux/levis')
    await page.close()
  })

  it('loads no finder code and no part of its index before the input is focused, then only what a query needs', async () => {
    const page = await live.tab({ width: 1280, height: 800 })
    const paths: string[] = []
    page.on('request', (r) => paths.push(new URL(r.url()).pathname))
    await page.goto(`${live.site.url}/local-services`, { waitUntil: 'networkidle' })
    expect(paths.filter((p) => p.startsWith('/finder/') || p.startsWith('/assets/finder/'))).toEqual([])
    const scripts = paths.length
    await page.locator('#city-finder-input').focus()
    await expect.poll(() => paths.includes('/finder/index.json')).toBe(true)
    expect(paths.slice(scripts).filter((p) => p.startsWith('/assets/finder/'))).toEqual([])
    await page.keyboard.type('bozeman')
    await expect.poll(() => answerHeading(page).textContent()).toBe('Bozeman, Montana')
    // One part of the places, and the cities' coordinates.
    expect(paths.filter((p) => p.startsWith('/assets/finder/places-'))).toHaveLength(1)
    expect(paths.filter((p) => p.startsWith('/assets/finder/cities-'))).toHaveLength(1)
    await page.close()
  })

  it('has no axe violations with its results or an answer shown, on a phone and on a desktop', async () => {
    const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
    for (const viewport of [
      { width: 412, height: 823 },
      { width: 1350, height: 940 },
    ]) {
      // The site's Content-Security-Policy allows no inline script: axe is injected past it.
      const context = await live.browser.newContext({ viewport, bypassCSP: true })
      const page = await context.newPage()
      await page.goto(`${live.site.url}/local-services#find`)
      await page.addScriptTag({ path: axePath })
      const violations = () =>
        page.evaluate(async () => {
          const found = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe.run(document, {
            runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
            resultTypes: ['violations'],
          })
          return found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)
        })
      await page.keyboard.type('springfield')
      await expect.poll(() => results(page).then((r) => r.length)).toBe(10)
      expect(await violations()).toEqual([])
      await page.locator('#city-finder-input').fill('59715')
      await expect.poll(() => answerHeading(page).count()).toBe(1)
      expect(await violations()).toEqual([])
      await context.close()
    }
  })

  it('without JavaScript, says that every town is served, with the quote page, and leaves the A–Z list of the cities with pages', async () => {
    const page = await live.tab({ width: 375, height: 812 }, { javaScriptEnabled: false })
    await page.goto(`${live.site.url}/local-services#find`)
    const claim = page.locator('[data-city-finder-claim]')
    expect(await claim.innerText()).toContain(`We serve every town and city of the USA and Canada. ${catalogue.cities.length} cities have their own pages here`)
    expect(await page.getByRole('button', { name: 'Use my location' }).count()).toBe(0)
    await claim.getByRole('link', { name: 'Get a free quote for your town' }).click()
    await page.waitForURL('**/quote')
    await page.goto(`${live.site.url}/local-services#find`)
    await page.getByRole('link', { name: 'Or browse every city with its own pages, A–Z' }).click()
    await page.waitForURL('**/local-services#cities-a-z')
    const list = page.locator('#cities-a-z')
    await list.locator('summary', { hasText: 'Missouri' }).click()
    await list.getByRole('link', { name: 'St. Louis', exact: true }).click()
    await page.waitForURL('**/local-services/st-louis')
    expect(await page.locator('h1').textContent()).toBe('Cleaning Services in St. Louis')
    // Enter in the finder's input, with nothing to run it, leads to the list as well.
    await page.goto(`${live.site.url}/local-services`)
    await page.locator('#city-finder-input').fill('boise')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/local-services?#cities-a-z')
    await page.close()
  })

  it('without JavaScript, says in words that typing needs it and links the A–Z list, in both languages', async () => {
    for (const [directory, words, list] of [
      [
        '/local-services',
        'Typing a town, ZIP or postal code needs JavaScript, which is off in this browser: pick your city in the A–Z list.',
        'pick your city in the A–Z list',
      ],
      [
        '/fr/services-locaux',
        'Taper une ville ou un code postal demande JavaScript, désactivé dans ce navigateur\u00a0: choisissez votre ville dans la liste de A à Z.',
        'choisissez votre ville dans la liste de A à Z',
      ],
    ]) {
      const page = await live.tab({ width: 320, height: 700 }, { javaScriptEnabled: false })
      await page.goto(`${live.site.url}${directory}`)
      const said = finderForm(page).locator('[data-city-finder-noscript]')
      expect(await said.isVisible(), directory).toBe(true)
      expect(await said.innerText(), directory).toBe(words)
      await said.getByRole('link', { name: list }).click()
      await page.waitForURL(`**${directory}#cities-a-z`)
      expect(await page.locator('#cities-a-z').isVisible(), directory).toBe(true)
      await page.close()
    }
    // With JavaScript the words are not there (the browser does not parse <noscript>).
    const page = await live.tab({ width: 320, height: 700 })
    await page.goto(`${live.site.url}/local-services`)
    expect(await finderForm(page).locator('[data-city-finder-noscript]').count()).toBe(0)
    await page.close()
  })
})
