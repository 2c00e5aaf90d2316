// Issue 16, item 4: a lead arrives with its place. From a city page's 'Get Free Estimate in {city}' the quote page
// preselects the service and says "for {city}"; the stored request and the company's e-mail name the city and service,
// with absolute links. In a real browser against `npm start` (PGlite, .eml files).
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openPglite } from '../../server/pglite'
import { loadSite } from '../../src/catalog/site'
import { TOASTS } from '../../src/quote/messages'
import { browserAndSite, distinctRows } from './localServer'
import { mailAbout } from './mail'

const SITE_URL = loadSite('data/site.yaml').siteUrl

const live = browserAndSite()

async function open(urlPath: string, javaScriptEnabled = true): Promise<Page> {
  const page = await live.tab({ width: 1280, height: 900 }, { javaScriptEnabled })
  await page.goto(`${live.site.url}${urlPath}`)
  return page
}

async function fill(page: Page, name: string) {
  await page.fill('#quote-name', name)
  await page.fill('#quote-email', 'lead@example.com')
  await page.fill('#quote-message', 'Lobby floor, about 2,000 sq ft.')
}

const heading = (page: Page) => page.locator('h1').innerText()
const service = (page: Page) => page.locator('#quote-service').inputValue()

const mailOf = (name: string) => mailAbout(live.site.dataDir, name)

describe('a lead from a city page', () => {
  it("follows 'Get Free Estimate in {city}' to the quote page, which preselects the service and says for which city", async () => {
    const page = await open('/boise-strip-wax-janitorial')
    await page.getByRole('link', { name: 'Get Free Estimate in Boise' }).click()
    await page.waitForURL(/\/quote\?/)
    expect(new URL(page.url()).pathname).toBe('/quote')
    expect(await heading(page)).toBe('Get Your Free Quote for Boise')
    expect(await service(page)).toBe('Strip & Wax')
    // The privacy line under the button.
    const privacy = page.locator('[data-quote-privacy] a')
    expect(await privacy.getAttribute('href')).toBe('/privacy')
    await fill(page, 'Boise Lead Bea')
    await page.click('button[type="submit"]')
    await page.getByText(TOASTS.en.success, { exact: true }).waitFor({ timeout: 15_000 })

    const mail = await mailOf('Boise Lead Bea')
    expect(mail.subject).toBe('Quote request: Strip & Wax in Boise, ID (page /quote)')
    expect(mail.text).toMatch(/^City: +Boise, ID$/m)
    expect(mail.text).toMatch(/^Page service: +Strip & Wax$/m)
    expect(mail.text).toMatch(new RegExp(`^Sent from page: ${SITE_URL}/quote$`, 'm'))
    expect(mail.text).toMatch(new RegExp(`^City page: +${SITE_URL}/boise-strip-wax-janitorial$`, 'm'))
    expect(mail.html).toContain(`<a href="${SITE_URL}/boise-strip-wax-janitorial">`)
    await page.close()
  })

  it('sends the city and service from the form on the city page itself, with JavaScript and without', async () => {
    const page = await open('/boise-window-cleaning')
    await fill(page, 'City Form Carl')
    await page.click('button[type="submit"]')
    await page.getByText(TOASTS.en.success, { exact: true }).waitFor({ timeout: 15_000 })
    expect((await mailOf('City Form Carl')).subject).toBe('Quote request: Window Cleaning in Boise, ID (page /boise-window-cleaning)')
    await page.close()

    const plain = await open('/boise-window-cleaning', false)
    await fill(plain, 'Plain Form Pat')
    await plain.click('button[type="submit"]')
    await plain.waitForURL(`${live.site.url}/thank-you`)
    const plainMail = await mailOf('Plain Form Pat')
    expect(plainMail.subject).toBe('Quote request: Window Cleaning in Boise, ID (page /boise-window-cleaning)')
    expect(plainMail.text).toContain(`Sent from page: ${SITE_URL}/boise-window-cleaning`)
    await plain.close()
  })

  it('in French: « pour Montréal », the French choice preselected, the e-mail names the city', async () => {
    const page = await open('/fr/montreal-decapage-et-cirage')
    await page.getByRole('link', { name: 'Obtenir une soumission gratuite à Montréal' }).click()
    await page.waitForURL(/\/fr\/soumission\?/)
    expect(await heading(page)).toBe('Obtenez votre soumission gratuite pour Montréal')
    expect(await service(page)).toBe('Décapage et cirage')
    expect(await page.locator('[data-quote-privacy] a').getAttribute('href')).toBe('/fr/confidentialite')
    await fill(page, 'Montreal Lead Luc')
    await page.click('button[type="submit"]')
    await page.getByText(TOASTS.fr.success, { exact: true }).waitFor({ timeout: 15_000 })
    const mail = await mailOf('Montreal Lead Luc')
    expect(mail.subject).toBe('[FR] Quote request: Strip & Wax in Montréal, QC (page /fr/soumission)')
    expect(mail.text).toContain(`${SITE_URL}/fr/montreal-decapage-et-cirage`)
    await page.close()
  })

  it('without JavaScript the link leads to the plain quote page', async () => {
    const page = await open('/boise-strip-wax-janitorial', false)
    await page.getByRole('link', { name: 'Get Free Estimate in Boise' }).click()
    await page.waitForURL(/\/quote\?/)
    expect(await heading(page)).toBe('Get Your Free Quote')
    expect(await service(page)).toBe('')
    await page.close()
  })

  it('shows no "for" line for a query that is not a city page’s, and the function drops an unknown city', async () => {
    const phony = await open(`/quote?city=call-5550100&service=strip-wax&in=${encodeURIComponent('Call 555-0100 now')}`)
    expect(await heading(phony)).toBe('Get Your Free Quote')
    await phony.close()

    const page = await open('/quote?city=atlantis&service=window-washing&in=Atlantis')
    expect(await heading(page)).toBe('Get Your Free Quote for Atlantis') // the name fits the slug: shown, it is only text
    expect(await service(page)).toBe('') // not a service of the catalogue
    await fill(page, 'Atlantis Ann')
    await page.click('button[type="submit"]')
    await page.getByText(TOASTS.en.success, { exact: true }).waitFor({ timeout: 15_000 })
    const mail = await mailOf('Atlantis Ann')
    expect(mail.subject).toBe('Quote request: no service chosen (page /quote)')
    expect(mail.text).not.toContain('City')
    await page.close()
  })
})

describe('after the browser session', () => {
  it('stored each request with its page, city and service (catalogue slugs; unknown ones dropped)', async () => {
    await live.site.stop()
    const db = await openPglite(path.join(live.site.dataDir, 'pglite'))
    try {
      const { rows: stored } = await db.query<{ name: string; service: string; page: string; city_slug: string; service_slug: string; lang: string }>(
        'select name, service, page, city_slug, service_slug, lang from quote_requests order by id',
      )
      const rows = distinctRows(stored)
      // `service`: the visitor's choice, preselected from the link and kept when the form's code took the form over.
      expect(rows).toEqual([
        { name: 'Boise Lead Bea', service: 'Strip & Wax', page: '/quote', city_slug: 'boise', service_slug: 'strip-wax', lang: 'en' },
        { name: 'City Form Carl', service: 'Window Cleaning', page: '/boise-window-cleaning', city_slug: 'boise', service_slug: 'window-cleaning', lang: 'en' },
        { name: 'Plain Form Pat', service: 'Window Cleaning', page: '/boise-window-cleaning', city_slug: 'boise', service_slug: 'window-cleaning', lang: 'en' },
        { name: 'Montreal Lead Luc', service: 'Décapage et cirage', page: '/fr/soumission', city_slug: 'montreal', service_slug: 'strip-wax', lang: 'fr' },
        { name: 'Atlantis Ann', service: '', page: '/quote', city_slug: '', service_slug: '', lang: 'en' },
      ])
    } finally {
      await db.close()
    }
  })
})
