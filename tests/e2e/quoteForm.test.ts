import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openPglite } from '../../server/pglite'
import { CODE_WAIT_MS } from '../../src/client/quoteFormLoader'
import { FUNCTION_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, SUCCESS_MESSAGE, TOASTS } from '../../src/quote/submit'
import { browserAndSite } from './localServer'

const FUNCTION = '**/functions/v1/send-contact-email'
const DIST = path.resolve('dist/client')

/**
 * The chunks a built page loads only later, with import(): the quote form's code. The page's own script and
 * what it imports statically (the small loader, which must run for the fallback to exist) are left out.
 */
function lazyChunks(htmlFile: string): Set<string> {
  const html = readFileSync(path.join(DIST, htmlFile), 'utf8')
  const entry = /<script[^>]*src="(\/assets\/entries\/[^"]+)"/.exec(html)![1]!
  const staticImports = (file: string) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g)].map((m) => path.resolve(path.dirname(file), m[1]!))
  const eager = new Set<string>()
  const queue = [path.join(DIST, entry)]
  while (queue.length > 0) {
    for (const next of staticImports(queue.pop()!)) {
      if (eager.has(next)) continue
      eager.add(next)
      queue.push(next)
    }
  }
  return new Set(readdirSync(path.join(DIST, 'assets/chunks')).filter((f) => !eager.has(path.join(DIST, 'assets/chunks', f))))
}
const live = browserAndSite()

async function openForm(urlPath = '/quote'): Promise<Page> {
  const page = await live.tab({ width: 1280, height: 900 })
  await page.goto(`${live.site.url}${urlPath}`)
  return page
}

async function fill(page: Page, values: { name?: string; email?: string; phone?: string; message?: string } = {}) {
  await page.fill('#quote-name', values.name ?? 'Dana Whitfield')
  await page.fill('#quote-email', values.email ?? 'dana@example.com')
  await page.fill('#quote-phone', values.phone ?? '(208) 555-0199')
  await page.fill('#quote-message', values.message ?? 'Office of 4,000 sq ft, nightly.')
}

const values = (page: Page) =>
  page.evaluate(() =>
    ['#quote-name', '#quote-email', '#quote-phone', '#quote-service', '#quote-message'].map((s) => (document.querySelector(s) as HTMLInputElement).value),
  )

/** Tests of how the form's code answers wait for it: a submit before it arrives is another test's (the fallback). */
const formCode = (page: Page) => page.waitForSelector('form[data-quote-form][data-ready]', { timeout: 15_000 })

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor({ state: 'visible', timeout: 15_000 })

describe('the quote form', () => {
  it('does not send while a required field is empty', async () => {
    const page = await openForm()
    let sent = 0
    page.on('request', (r) => r.url().includes('send-contact-email') && sent++)
    await page.fill('#quote-email', 'dana@example.com')
    await page.click('button[type="submit"]')
    expect(await page.evaluate(() => (document.querySelector('#quote-name') as HTMLInputElement).validity.valueMissing)).toBe(true)
    await page.fill('#quote-name', 'Dana')
    await page.fill('#quote-email', 'not-an-email')
    await page.click('button[type="submit"]')
    expect(await page.evaluate(() => (document.querySelector('#quote-email') as HTMLInputElement).validity.typeMismatch)).toBe(true)
    await page.waitForTimeout(300)
    expect(sent).toBe(0)
    await page.close()
  })

  it("shows 'Sending...' with every input disabled, then the success toast and a lasting confirmation, clears the fields, stores and e-mails the request", async () => {
    const page = await openForm('/services/window-cleaning')
    const errors: string[] = []
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())))
    await fill(page, { name: 'Success Sam' })
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    await page.route(FUNCTION, async (route) => {
      await held
      await route.continue()
    })
    await page.click('button[type="submit"]')
    await page.getByRole('button', { name: 'Sending...' }).waitFor()
    const disabled = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          'form[data-quote-form] input:not([tabindex="-1"]), form[data-quote-form] select, form[data-quote-form] textarea, form[data-quote-form] button',
        ),
      ].map((el) => (el as HTMLInputElement).disabled),
    )
    expect(disabled.every(Boolean)).toBe(true)
    release()
    await toast(page, SUCCESS_MESSAGE)
    // The toast is laid out by sonner's stylesheet, a file the CSP allows (no inline <style>, no error in the console).
    expect(await page.locator('[data-sonner-toaster]').evaluate((el) => getComputedStyle(el).position)).toBe('fixed')
    expect(errors).toEqual([])
    // Where the form was: what was sent and the promise, announced by taking the focus; the form itself is hidden.
    const sent = page.locator('[data-quote-sent]')
    expect(await sent.isVisible()).toBe(true)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('✓ Request sent')
    expect(await sent.innerText()).toBe('✓ Request sent\n\nService: Window Cleaning\n\nWe will contact you within 24 hours.\n\nSend another request')
    expect(await page.locator('form[data-quote-form]').isVisible()).toBe(false)
    expect(await values(page)).toEqual(['', '', '', 'Window Cleaning', ''])
    // It stays (the toast goes), until the visitor asks for the form again: empty, the focus in its first field.
    await page.getByText(SUCCESS_MESSAGE, { exact: true }).waitFor({ state: 'detached', timeout: 15_000 })
    expect(await sent.isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Send another request' }).click()
    expect(await sent.count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Send Request' }).isEnabled()).toBe(true)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('quote-name')
    await expect
      .poll(
        () =>
          readdirSync(path.join(live.site.dataDir, 'mail'))
            .filter((f) => f.endsWith('.eml'))
            .map((f) => readFileSync(path.join(live.site.dataDir, 'mail', f), 'utf8'))
            .join('\n'),
        { timeout: 10_000 },
      )
      .toContain('Success Sam')
    await page.close()
  })

  it('keeps what a visitor typed before the form code arrived', async () => {
    const page = await live.tab({ width: 1280, height: 900 })
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    // Hold every script chunk so the visitor types into plain HTML first.
    await page.route('**/assets/chunks/*.js', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${live.site.url}/contact`, { waitUntil: 'domcontentloaded' })
    await fill(page, { name: 'Early Eve' })
    expect(await page.locator('form[data-quote-form][data-ready]').count()).toBe(0)
    release()
    await page.waitForSelector('form[data-quote-form][data-ready]', { timeout: 15_000 })
    expect((await values(page))[0]).toBe('Early Eve')
    await page.click('button[type="submit"]')
    await toast(page, SUCCESS_MESSAGE)
    await page.close()
  })

  it('sends one request for a double click', async () => {
    const page = await openForm()
    await fill(page, { name: 'Double Dan' })
    await formCode(page)
    await page.dblclick('button[type="submit"]')
    await toast(page, SUCCESS_MESSAGE)
    await page.close()
  })

  it.each([
    ['the request never reaches the server', (route: Route) => route.abort('internetdisconnected'), NETWORK_ERROR_MESSAGE],
    [
      'the function answers success: false with a reason',
      (route: Route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: 'Please enter a valid e-mail address.' }),
        }),
      'Please enter a valid e-mail address.',
    ],
    [
      'the function fails without a reason',
      (route: Route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
      FUNCTION_ERROR_MESSAGE,
    ],
    ['the answer has no success flag', (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }), FUNCTION_ERROR_MESSAGE],
  ])('when %s, shows the right toast and keeps the values', async (_, answer, message) => {
    const page = await openForm('/boise-strip-wax-janitorial')
    await fill(page, { name: 'Failing Fay' })
    await formCode(page)
    await page.route(FUNCTION, answer)
    await page.click('button[type="submit"]')
    await toast(page, message)
    expect(await values(page)).toEqual(['Failing Fay', 'dana@example.com', '(208) 555-0199', 'Strip & Wax', 'Office of 4,000 sq ft, nightly.'])
    await page.close()
  })

  it('names the place typed in "City or ZIP" in the confirmation, and on a city page the page’s city', async () => {
    const page = await openForm('/contact')
    await fill(page, { name: 'Place Pia' })
    await page.selectOption('#quote-service', 'Deep Cleaning')
    await page.fill('#quote-place', 'Bozeman, MT 59715')
    await page.click('button[type="submit"]')
    await toast(page, SUCCESS_MESSAGE)
    expect(await page.locator('[data-quote-sent]').innerText()).toContain(
      'Service: Deep Cleaning\n\nLocation: Bozeman, MT 59715\n\nWe will contact you within 24 hours.',
    )
    await page.close()

    const city = await openForm('/boise-window-cleaning')
    expect(await city.locator('#quote-place').count()).toBe(0) // the page knows its place
    await fill(city, { name: 'City Cid' })
    await city.click('button[type="submit"]')
    await toast(city, SUCCESS_MESSAGE)
    expect(await city.locator('[data-quote-sent]').innerText()).toContain('Service: Window Cleaning\n\nLocation: Boise\n\n')
    await city.close()
  })

  it('takes away an earlier error toast when the request then succeeds', async () => {
    const page = await openForm()
    await fill(page, { name: 'Retry Rita' })
    await formCode(page)
    await page.route(FUNCTION, (route) => route.abort('internetdisconnected'))
    await page.click('button[type="submit"]')
    await toast(page, NETWORK_ERROR_MESSAGE)
    // The pointer on the toasts holds them (sonner pauses their timers): only the success can take the error away.
    await page.getByText(NETWORK_ERROR_MESSAGE, { exact: true }).hover()
    await page.unroute(FUNCTION)
    await page.press('#quote-name', 'Enter')
    await toast(page, SUCCESS_MESSAGE)
    await page.getByText(NETWORK_ERROR_MESSAGE, { exact: true }).waitFor({ state: 'detached', timeout: 3_000 })
    expect(await page.locator('[data-quote-sent]').isVisible()).toBe(true)
    await page.close()
  })

  it('announces toasts to screen readers', async () => {
    const page = await openForm()
    await fill(page)
    await formCode(page)
    await page.route(FUNCTION, (route) => route.abort('internetdisconnected'))
    await page.click('button[type="submit"]')
    await toast(page, NETWORK_ERROR_MESSAGE)
    expect(await page.locator('[aria-live]').count()).toBeGreaterThan(0)
    await page.close()
  })
})

describe('the quote form without its script', () => {
  /** Every URL the page requested or navigated to must be free of what the visitor typed. */
  const leaks = (urls: string[], typed: string[]) =>
    urls.filter((url) => typed.some((value) => [value, encodeURIComponent(value), encodeURIComponent(value).replace(/%20/g, '+')].some((v) => url.includes(v))))

  it('posts the form with JavaScript off: the thank-you page, the request stored, nothing typed in any URL', async () => {
    const page = await live.tab({ width: 1280, height: 900 }, { javaScriptEnabled: false })
    const urls: string[] = []
    page.on('request', (r) => urls.push(r.url()))
    page.on('framenavigated', (f) => urls.push(f.url()))
    await page.goto(`${live.site.url}/services/deep-cleaning`)
    await fill(page, { name: 'Nojs Nora', email: 'nora@example.com', phone: '(208) 555-0142', message: 'Private message text' })
    await page.click('button[type="submit"]')
    await page.waitForURL(`${live.site.url}/thank-you`)
    expect(await page.locator('h1').textContent()).toBe(SUCCESS_MESSAGE)
    expect(leaks([...urls, page.url()], ['Nojs Nora', 'nora@example.com', '(208) 555-0142', 'Private message text'])).toEqual([])
    expect(urls.some((url) => url.includes('?name=') || url.includes('&email='))).toBe(false)
    await page.close()
  })

  it('answers a refused request with the page in the site’s layout: the reason above the form, everything typed still there; fixed, it is sent', async () => {
    const page = await live.tab({ width: 1280, height: 900 }, { javaScriptEnabled: false })
    const urls: string[] = []
    page.on('request', (r) => urls.push(r.url()))
    page.on('framenavigated', (f) => urls.push(f.url()))
    await page.goto(`${live.site.url}/quote`)
    const typed = { name: 'Refused Ray', email: 'ray@example.com', phone: 'call me maybe', message: 'Lobby & stairs,\n<b>two</b> floors' }
    await fill(page, typed)
    await page.selectOption('#quote-service', 'Deep Cleaning')
    await page.fill('#quote-place', 'Bozeman, MT')
    const answered = page.waitForResponse((r) => r.url().includes('send-contact-email'))
    await page.click('button[type="submit"]')
    expect((await answered).status()).toBe(400)
    await page.waitForLoadState()

    // The quote page itself, in the site's layout and language, its stylesheet applied (the brand colour of the button).
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    expect(await page.locator('h1').innerText()).toBe('Get Your Free Quote')
    expect(await page.title()).toMatch(/^Your request was not sent – /)
    expect(await page.locator('header').getByRole('link', { name: 'About' }).getAttribute('href')).toBe(`${live.site.url}/about`)
    expect(await page.locator('button[type="submit"]').evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(6, 95, 70)')
    // The reason, right above the form, in view and focused (read first by a screen reader).
    const alert = page.getByRole('alert')
    expect(await alert.innerText()).toBe('Your request was not sent\n\nPlease enter a phone number using only digits, spaces and + ( ) - . x')
    expect(await alert.evaluate((el) => el === document.activeElement && el.nextElementSibling?.matches('form[data-quote-form]'))).toBe(true)
    const box = (await alert.boundingBox())!
    expect(box.y).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height).toBeLessThanOrEqual(900)
    // Everything typed is there, and nothing a bot would fill.
    expect(await values(page)).toEqual([typed.name, typed.email, typed.phone, 'Deep Cleaning', typed.message])
    expect(await page.inputValue('#quote-place')).toBe('Bozeman, MT')
    expect(await page.inputValue('#quote-website')).toBe('')

    await page.fill('#quote-phone', '406 555 0100')
    await page.click('button[type="submit"]')
    await page.waitForURL(`${live.site.url}/thank-you`)
    expect(leaks([...urls, page.url()], [typed.name, typed.email, typed.phone, 'Bozeman, MT', 'Lobby & stairs'])).toEqual([])
    await page.close()
  })

  it('posts the form when its code is blocked (a flaky connection, a filter)', async () => {
    const page = await live.tab({ width: 1280, height: 900 })
    // The form's code (the lazily loaded island and everything it imports) never arrives.
    await page.route('**/assets/chunks/*.js', (route) => route.abort('blockedbyclient'))
    await page.goto(`${live.site.url}/contact`)
    await fill(page, { name: 'Blocked Bo' })
    await page.click('button[type="submit"]')
    await page.waitForURL(`${live.site.url}/thank-you`, { timeout: 15_000 })
    expect(await page.locator('h1').textContent()).toBe(SUCCESS_MESSAGE)
    await page.close()
  })
})

describe('the quote form when only its lazily loaded code fails (the page script runs)', () => {
  async function sendWith(handle: (route: Route, lazy: boolean) => Promise<void>, name: string): Promise<number> {
    const lazy = lazyChunks('services/window-cleaning.html')
    expect(lazy.size).toBeGreaterThan(0)
    const page = await live.tab({ width: 1280, height: 900 })
    const asked: string[] = []
    await page.route('**/assets/chunks/*.js', (route) => {
      const isLazy = lazy.has(path.basename(new URL(route.request().url()).pathname))
      if (isLazy) asked.push(route.request().url())
      return handle(route, isLazy)
    })
    await page.goto(`${live.site.url}/services/window-cleaning`, { waitUntil: 'domcontentloaded' })
    await fill(page, { name })
    // The page script has run (it asks for the form's code once the form nears the view or is focused) before Send
    // Request: a click before it runs is a plain post, not this test's case. Under load the module script can run after
    // the form is filled (seen in fresh clones: posted up to a second after the click).
    await expect.poll(() => asked.length, { timeout: 15_000 }).toBeGreaterThan(0)
    const started = Date.now()
    await page.click('button[type="submit"]')
    await page.waitForURL(`${live.site.url}/thank-you`, { timeout: 15_000 })
    expect(await page.locator('h1').textContent()).toBe(SUCCESS_MESSAGE)
    await page.close()
    return Date.now() - started
  }

  it('posts the form itself when the code fails to load', async () => {
    await sendWith((route, isLazy) => (isLazy ? route.abort('blockedbyclient') : route.continue()), 'Lazy Blocked Lou')
  })

  it(`posts the form itself when the code has not arrived ${CODE_WAIT_MS / 1000} s after Send Request`, async () => {
    const ms = await sendWith((route, isLazy) => (isLazy ? new Promise<void>(() => undefined) : route.continue()), 'Held Hana')
    expect(ms).toBeGreaterThanOrEqual(CODE_WAIT_MS - 500)
  })
})

describe('the quote form sent before its code arrives', () => {
  it('sends the request with its code, once, when the code comes within the wait (a phone on a slow connection)', async () => {
    const lazy = lazyChunks('services/window-cleaning.html')
    const page = await live.tab({ width: 375, height: 812 })
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const asked: string[] = []
    await page.route('**/assets/chunks/*.js', async (route) => {
      if (lazy.has(path.basename(new URL(route.request().url()).pathname))) {
        asked.push(route.request().url())
        await held
      }
      await route.continue()
    })
    // Once the page's script has run (the load event), as a visitor's typing nearly always is: typed before it runs, the
    // fields' focus goes unseen, the form's code is asked for only at Send Request, and the wait below never ends (seen
    // once in a fresh clone under load). A visitor typing before any script arrived is the test above.
    await page.goto(`${live.site.url}/services/window-cleaning`, { waitUntil: 'load' })
    await fill(page, { name: 'Early Tap Tia' })
    // At 375 px the form is below the first screen: its code is asked for when the form is focused, and held here.
    await expect.poll(() => asked.length, { timeout: 15_000 }).toBeGreaterThan(0)
    await page.click('button[type="submit"]')
    await page.click('button[type="submit"]') // a second tap while the code is on its way
    expect(await page.locator('form[data-quote-form][data-ready]').count()).toBe(0)
    release()
    await toast(page, SUCCESS_MESSAGE)
    // Sent by the form's code (the toast, on the same page), not posted by the browser after the wait.
    expect(new URL(page.url()).pathname).toBe('/services/window-cleaning')
    expect(await page.locator('[data-quote-sent]').innerText()).toContain('Service: Window Cleaning')
    await page.close()
  })
})

describe('the French quote form', () => {
  it('shows the French toasts and sends the language with the request', async () => {
    const page = await openForm('/fr/soumission')
    await fill(page, { name: 'Francine Roy', phone: 'pas un numéro' })
    await page.click('button[type="submit"]')
    // The function's message, in French, passed through as the toast.
    await toast(page, 'Veuillez entrer un numéro de téléphone fait seulement de chiffres, d’espaces et des signes + ( ) - . x')
    await page.fill('#quote-phone', '514 555-0142')
    await page.selectOption('#quote-service', 'Grand ménage')
    await page.click('button[type="submit"]')
    await toast(page, TOASTS.fr.success)
    expect(await page.locator('[data-quote-sent]').innerText()).toBe(
      '✓ Demande envoyée\n\nService\u00a0: Grand ménage\n\nNous communiquerons avec vous dans les 24 heures.\n\nEnvoyer une autre demande',
    )
    expect(await values(page)).toEqual(['', '', '', '', ''])
    await page.getByRole('button', { name: 'Envoyer une autre demande' }).click()
    await page.route(FUNCTION, (route) => route.abort('internetdisconnected'))
    await fill(page, { name: 'Francine Roy' })
    await page.click('button[type="submit"]')
    await toast(page, TOASTS.fr.networkError)
    await page.close()
  })

  it('without JavaScript, answers a refused request with the French page, its French reason and what was typed', async () => {
    const page = await live.tab({ width: 1280, height: 900 }, { javaScriptEnabled: false })
    await page.goto(`${live.site.url}/fr/soumission`)
    await fill(page, { name: 'Refusée Rachel', phone: 'pas un numéro' })
    await page.fill('#quote-place', 'Moncton, NB E1C')
    await page.click('button[type="submit"]')
    await page.getByRole('alert').waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-CA')
    expect(await page.locator('h1').innerText()).toBe('Obtenez votre soumission gratuite')
    expect(await page.getByRole('alert').innerText()).toBe(
      'Votre demande n’a pas été envoyée\n\nVeuillez entrer un numéro de téléphone fait seulement de chiffres, d’espaces et des signes + ( ) - . x',
    )
    expect(await page.getByLabel('Ville ou code postal').inputValue()).toBe('Moncton, NB E1C')
    expect((await values(page))[0]).toBe('Refusée Rachel')
    await page.fill('#quote-phone', '506 555 0100')
    await page.click('button[type="submit"]')
    await page.waitForURL(`${live.site.url}/fr/merci`)
    await page.close()
  })

  it('without JavaScript, lands on the French thank-you page', async () => {
    const page = await live.tab({ width: 1280, height: 900 }, { javaScriptEnabled: false })
    await page.goto(`${live.site.url}/fr/contact`)
    await fill(page, { name: 'Sansjs Simone' })
    await page.click('button[type="submit"]')
    await page.waitForURL(`${live.site.url}/fr/merci`)
    expect(await page.locator('h1').textContent()).toBe(TOASTS.fr.success)
    await page.close()
  })
})

describe('after the browser session', () => {
  it('stored each real request exactly once, with the page it came from', async () => {
    await live.site.stop()
    const db = await openPglite(path.join(live.site.dataDir, 'pglite'))
    try {
      const { rows } = await db.query<{ name: string; page: string; service: string }>(
        "select name, page, service from quote_requests where lang = 'en' order by id",
      )
      const byName = (n: string) => rows.filter((r) => r.name === n)
      expect(byName('Success Sam')).toEqual([{ name: 'Success Sam', page: '/services/window-cleaning', service: 'Window Cleaning' }])
      expect(byName('Early Eve')).toHaveLength(1)
      expect(byName('Double Dan')).toHaveLength(1)
      expect(byName('Failing Fay')).toHaveLength(0)
      expect(byName('Nojs Nora')).toEqual([{ name: 'Nojs Nora', page: '/services/deep-cleaning', service: 'Deep Cleaning' }])
      expect(byName('Blocked Bo')).toHaveLength(1)
      expect(byName('Refused Ray')).toEqual([{ name: 'Refused Ray', page: '/quote', service: 'Deep Cleaning' }])
      expect(byName('Retry Rita')).toHaveLength(1)
      const places = await db.query<{ name: string; place: string }>("select name, place from quote_requests where place <> '' order by id")
      expect(places.rows).toEqual([
        { name: 'Place Pia', place: 'Bozeman, MT 59715' },
        { name: 'Refused Ray', place: 'Bozeman, MT' },
        { name: 'Refusée Rachel', place: 'Moncton, NB E1C' },
      ])
      for (const name of ['Lazy Blocked Lou', 'Held Hana', 'Early Tap Tia'])
        expect(byName(name)).toEqual([{ name, page: '/services/window-cleaning', service: 'Window Cleaning' }])
      const french = await db.query<{ name: string; lang: string; service: string; page: string }>(
        "select name, lang, service, page from quote_requests where lang = 'fr' order by id",
      )
      expect(french.rows).toEqual([
        { name: 'Francine Roy', lang: 'fr', service: 'Grand ménage', page: '/fr/soumission' },
        { name: 'Refusée Rachel', lang: 'fr', service: '', page: '/fr/soumission' },
        { name: 'Sansjs Simone', lang: 'fr', service: '', page: '/fr/contact' },
      ])
      const mails = readdirSync(path.join(live.site.dataDir, 'mail'))
        .map((f) => readFileSync(path.join(live.site.dataDir, 'mail', f), 'utf8'))
        .join('\n')
      expect(mails).toMatch(/Subject: \[FR\] Quote request: Deep Cleaning/)
      expect(mails).toContain('reply in French')
    } finally {
      await db.close()
    }
  })
})
