// Issue 28, item 4: the quote carries the place. The finder's link for a place without pages of its own
// (`/quote?place=…&near=…&km=…`) opens the quote page knowing the place; the stored request and the company's e-mail
// name it with its nearest served city. In a real browser against `npm start` (PGlite, .eml files).
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openPglite } from '../../server/pglite'
import { TOASTS } from '../../src/quote/messages'
import { browserAndSite, distinctRows } from './localServer'
import { mailAbout } from './mail'

const live = browserAndSite()

const BOZEMAN = `/quote?place=${encodeURIComponent('Bozeman, MT')}&near=billings&km=197.6`

async function open(urlPath: string, javaScriptEnabled = true): Promise<Page> {
  const page = await live.tab({ width: 1280, height: 900 }, { javaScriptEnabled })
  await page.goto(`${live.site.url}${urlPath}`)
  return page
}

const fieldsOf = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(['place', 'nearCity', 'nearKm', 'city'].map((name) => [name, document.querySelector<HTMLInputElement>(`[name="${name}"]`)!.value])),
  )

async function send(page: Page, name: string, toast = TOASTS.en.success) {
  await page.fill('#quote-name', name)
  await page.fill('#quote-email', 'lead@example.com')
  await page.click('button[type="submit"]')
  await page.getByText(toast, { exact: true }).waitFor({ timeout: 15_000 })
}

const mailOf = (name: string) => mailAbout(live.site.dataDir, name)

describe('the quote page a finder’s link for a place without pages leads to', () => {
  it('says the place in the heading, fills "City or ZIP" with it, and the request is stored and e-mailed with its nearest served city', async () => {
    const page = await open(BOZEMAN)
    expect(await page.locator('h1').innerText()).toBe('Get Your Free Quote for Bozeman, MT')
    expect(await page.getByLabel('City or ZIP').inputValue()).toBe('Bozeman, MT')
    expect(await fieldsOf(page)).toEqual({ place: 'Bozeman, MT', nearCity: 'billings', nearKm: '197.6', city: '' })
    await page.selectOption('#quote-service', 'Strip & Wax')
    await send(page, 'Bozeman Bea')
    expect(await page.locator('[data-quote-sent]').innerText()).toContain('Service: Strip & Wax\n\nLocation: Bozeman, MT\n\n')
    const mail = await mailOf('Bozeman Bea')
    expect(mail.subject).toBe('Quote request: Strip & Wax in Bozeman, MT (page /quote)')
    expect(mail.text).toMatch(/^Place: +Bozeman, MT — nearest served city: Billings, MT, 123 mi$/m)
    await page.close()
  })

  it('empties the nearest city once the visitor writes another place, and gives it back for the same place', async () => {
    const page = await open(BOZEMAN)
    await page.fill('#quote-place', 'Livingston, MT')
    expect(await fieldsOf(page)).toMatchObject({ place: 'Livingston, MT', nearCity: '', nearKm: '' })
    await page.fill('#quote-place', 'Bozeman, MT')
    expect(await fieldsOf(page)).toMatchObject({ nearCity: 'billings', nearKm: '197.6' })
    await page.fill('#quote-place', '59047')
    await send(page, 'Livingston Lou')
    const mail = await mailOf('Livingston Lou')
    expect(mail.text).toMatch(/^Place: +59047$/m)
    await page.close()
  })

  it('takes from the URL only what has the shape of a place, and only ever as text', async () => {
    for (const place of ['<img src=x onerror=alert(1)>, MT', 'Call 555-0100 now', 'Bozeman, XX', 'Moncton, NB 59715', `${'B'.repeat(97)}, MT`]) {
      const page = await open(`/quote?place=${encodeURIComponent(place)}&near=billings&km=197.6`)
      expect(await page.locator('h1').innerText(), place).toBe('Get Your Free Quote')
      expect(await fieldsOf(page), place).toMatchObject({ place: '', nearCity: '', nearKm: '' })
      expect(await page.locator('h1 img').count()).toBe(0)
      await page.close()
    }
    const odd = await open(`/quote?place=${encodeURIComponent('Bozeman, MT 59715')}&near=Billings!&km=1e3`)
    expect(await fieldsOf(odd)).toMatchObject({ place: 'Bozeman, MT 59715', nearCity: '', nearKm: '' })
    await odd.close()
    // Names as the gazetteer writes them: apostrophes, hyphens, accents, digits, parentheses.
    for (const place of ["Coeur d'Alene, ID 83814", 'Saint-Jean-sur-Richelieu, QC J3B', '100 Mile House, BC', 'Fort Smith (Thebes), NT']) {
      const page = await open(`/quote?place=${encodeURIComponent(place)}&near=billings&km=10`)
      expect(await fieldsOf(page), place).toMatchObject({ place, nearCity: 'billings', nearKm: '10' })
      await page.close()
    }
  })

  it('without JavaScript is the plain quote page, its "City or ZIP" empty', async () => {
    const page = await open(BOZEMAN, false)
    expect(await page.locator('h1').innerText()).toBe('Get Your Free Quote')
    expect(await page.getByLabel('City or ZIP').inputValue()).toBe('')
    await page.close()
  })

  it('in French: « pour Moncton, NB E1C », « Ville ou code postal », and the e-mail gives the distance in km', async () => {
    const page = await open(`/fr/soumission?place=${encodeURIComponent('Moncton, NB E1C')}&near=halifax&km=187.2`)
    expect(await page.locator('h1').innerText()).toBe('Obtenez votre soumission gratuite pour Moncton, NB E1C')
    expect(await page.getByLabel('Ville ou code postal').inputValue()).toBe('Moncton, NB E1C')
    await send(page, 'Moncton Marie', TOASTS.fr.success)
    expect(await page.locator('[data-quote-sent]').innerText()).toContain('Lieu\u00a0: Moncton, NB E1C')
    const mail = await mailOf('Moncton Marie')
    expect(mail.subject).toBe('[FR] Quote request: no service chosen in Moncton, NB E1C (page /fr/soumission)')
    expect(mail.text).toMatch(/^Place: +Moncton, NB E1C — nearest served city: Halifax, NS, 187 km$/m)
    await page.close()
  })
})

describe('after the browser session', () => {
  it('stored each request with the place as typed or filled in, and the nearest city only for that place', async () => {
    await live.site.stop()
    const db = await openPglite(path.join(live.site.dataDir, 'pglite'))
    try {
      const { rows: stored } = await db.query<{ name: string; place: string; near_city_slug: string; near_km: string | number | null; lang: string }>(
        'select name, place, near_city_slug, near_km, lang from quote_requests order by id',
      )
      const rows = distinctRows(stored)
      expect(rows.map((r) => ({ ...r, near_km: r.near_km === null ? null : Number(r.near_km) }))).toEqual([
        { name: 'Bozeman Bea', place: 'Bozeman, MT', near_city_slug: 'billings', near_km: 197.6, lang: 'en' },
        { name: 'Livingston Lou', place: '59047', near_city_slug: '', near_km: null, lang: 'en' },
        { name: 'Moncton Marie', place: 'Moncton, NB E1C', near_city_slug: 'halifax', near_km: 187.2, lang: 'fr' },
      ])
    } finally {
      await db.close()
    }
  })
})
