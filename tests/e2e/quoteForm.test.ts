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
  const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } })
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

  it("shows 'Sending...' with every input disabled, then the success toast, clears the fields, stores and e-mails the request", async () => {
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
    expect(await page.getByRole('button', { name: 'Send Request' }).isEnabled()).toBe(true)
    expect(await values(page)).toEqual(['', '', '', 'Window Cleaning', ''])
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
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } })
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
    await page.waitForSelector('form[data-quote-form][data-ready]')
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
    await page.route(FUNCTION, answer)
    await page.click('button[type="submit"]')
    await toast(page, message)
    expect(await values(page)).toEqual(['Failing Fay', 'dana@example.com', '(208) 555-0199', 'Strip & Wax', 'Office of 4,000 sq ft, nightly.'])
    await page.close()
  })

  it('announces toasts to screen readers', async () => {
    const page = await openForm()
    await fill(page)
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
    const context = await live.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
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
    await context.close()
  })

  it('posts the form when its code is blocked (a flaky connection, a filter)', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } })
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
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } })
    const asked: string[] = []
    await page.route('**/assets/chunks/*.js', (route) => {
      const isLazy = lazy.has(path.basename(new URL(route.request().url()).pathname))
      if (isLazy) asked.push(route.request().url())
      return handle(route, isLazy)
    })
    await page.goto(`${live.site.url}/services/window-cleaning`, { waitUntil: 'domcontentloaded' })
    await fill(page, { name })
    const started = Date.now()
    await page.click('button[type="submit"]')
    await page.waitForURL(`${live.site.url}/thank-you`, { timeout: 15_000 })
    expect(await page.locator('h1').textContent()).toBe(SUCCESS_MESSAGE)
    expect(asked.length).toBeGreaterThan(0) // the loader ran and asked for the form's code
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
    expect(await values(page)).toEqual(['', '', '', '', ''])
    await page.route(FUNCTION, (route) => route.abort('internetdisconnected'))
    await fill(page, { name: 'Francine Roy' })
    await page.click('button[type="submit"]')
    await toast(page, TOASTS.fr.networkError)
    await page.close()
  })

  it('without JavaScript, lands on the French thank-you page', async () => {
    const context = await live.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.goto(`${live.site.url}/fr/contact`)
    await fill(page, { name: 'Sansjs Simone' })
    await page.click('button[type="submit"]')
    await page.waitForURL(`${live.site.url}/fr/merci`)
    expect(await page.locator('h1').textContent()).toBe(TOASTS.fr.success)
    await context.close()
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
      for (const name of ['Lazy Blocked Lou', 'Held Hana'])
        expect(byName(name)).toEqual([{ name, page: '/services/window-cleaning', service: 'Window Cleaning' }])
      const french = await db.query<{ name: string; lang: string; service: string; page: string }>(
        "select name, lang, service, page from quote_requests where lang = 'fr' order by id",
      )
      expect(french.rows).toEqual([
        { name: 'Francine Roy', lang: 'fr', service: 'Grand ménage', page: '/fr/soumission' },
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
