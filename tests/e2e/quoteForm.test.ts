import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../../server/pglite'
import { FALLBACK_MS } from '../../src/client/quoteFormLoader'
import { FUNCTION_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, SUCCESS_MESSAGE } from '../../src/quote/submit'
import { launchBrowser } from './browser'
import { startLocalServer, type LocalServer } from './localServer'

const FUNCTION = '**/functions/v1/send-contact-email'
const DIST = path.resolve('dist/client')

/**
 * The chunks a built page loads only later, with import(): the quote form's code. The page's own
 * script and what it imports statically (the small loader) are left out.
 */
function lazyChunks(htmlFile: string): Set<string> {
  const html = readFileSync(path.join(DIST, htmlFile), 'utf8')
  const entry = /<script[^>]*src="(\/assets\/entries\/[^"]+)"/.exec(html)![1]!
  const staticImports = (file: string) => [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g)].map((m) => path.resolve(path.dirname(file), m[1]!))
  const eager = new Set<string>()
  const queue = [path.join(DIST, entry)]
  while (queue.length > 0) {
    const file = queue.pop()!
    for (const next of staticImports(file)) if (!eager.has(next)) eager.add(next), queue.push(next)
  }
  return new Set(readdirSync(path.join(DIST, 'assets/chunks')).filter((f) => !eager.has(path.join(DIST, 'assets/chunks', f))))
}
let browser: Browser
let server: LocalServer

beforeAll(async () => {
  ;[browser, server] = await Promise.all([launchBrowser(), startLocalServer()])
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function openForm(urlPath = '/quote'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.goto(`${server.url}${urlPath}`)
  return page
}

async function fill(page: Page, values: { name?: string; email?: string; phone?: string; message?: string } = {}) {
  await page.fill('#quote-name', values.name ?? 'Dana Whitfield')
  await page.fill('#quote-email', values.email ?? 'dana@example.com')
  await page.fill('#quote-phone', values.phone ?? '(208) 555-0199')
  await page.fill('#quote-message', values.message ?? 'Office of 4,000 sq ft, nightly.')
}

const values = (page: Page) =>
  page.evaluate(() => ['#quote-name', '#quote-email', '#quote-phone', '#quote-service', '#quote-message'].map((s) => (document.querySelector(s) as HTMLInputElement).value))

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
    await fill(page, { name: 'Success Sam' })
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    await page.route(FUNCTION, async (route) => {
      await held
      await route.continue()
    })
    await page.click('button[type="submit"]')
    await page.getByRole('button', { name: 'Sending...' }).waitFor()
    const disabled = await page.evaluate(() => [...document.querySelectorAll('form[data-quote-form] input:not([tabindex="-1"]), form[data-quote-form] select, form[data-quote-form] textarea, form[data-quote-form] button')].map((el) => (el as HTMLInputElement).disabled))
    expect(disabled.every(Boolean)).toBe(true)
    release()
    await toast(page, SUCCESS_MESSAGE)
    expect(await page.getByRole('button', { name: 'Send Request' }).isEnabled()).toBe(true)
    expect(await values(page)).toEqual(['', '', '', 'Window Cleaning', ''])
    await expect.poll(() => readdirSync(path.join(server.dataDir, 'mail')).filter((f) => f.endsWith('.eml')).map((f) => readFileSync(path.join(server.dataDir, 'mail', f), 'utf8')).join('\n'), { timeout: 10_000 }).toContain('Success Sam')
    await page.close()
  })

  it('keeps what a visitor typed before the form code arrived', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    // Hold every script chunk so the visitor types into plain HTML first.
    await page.route('**/assets/chunks/*.js', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${server.url}/contact`, { waitUntil: 'domcontentloaded' })
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
    ['the request never reaches the server', (route: import('playwright-core').Route) => route.abort('internetdisconnected'), NETWORK_ERROR_MESSAGE],
    ['the function answers success: false with a reason', (route: import('playwright-core').Route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Please enter a valid e-mail address.' }) }), 'Please enter a valid e-mail address.'],
    ['the function fails without a reason', (route: import('playwright-core').Route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }), FUNCTION_ERROR_MESSAGE],
    ['the answer has no success flag', (route: import('playwright-core').Route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }), FUNCTION_ERROR_MESSAGE],
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

describe('the quote form without its JavaScript', () => {
  const PERSONAL = { name: 'Nora Noscript', email: 'nora.noscript@example.com', phone: '(208) 555-0147', message: 'Private note: alarm code 4321' }
  /** Every way a field could appear in a URL: as typed, form-encoded, percent-encoded. */
  const leaks = (url: string) =>
    Object.values(PERSONAL).flatMap((v) => [v, new URLSearchParams({ v }).toString().slice(2), encodeURIComponent(v)]).filter((v) => url.includes(v))

  async function sendWithout(setup: (context: import('playwright-core').BrowserContext) => Promise<unknown>, options: { javaScriptEnabled: boolean }, name: string) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options })
    await setup(context)
    const page = await context.newPage()
    const urls: string[] = []
    page.on('request', (r) => urls.push(r.url()))
    page.on('framenavigated', (f) => urls.push(f.url()))
    await page.goto(`${server.url}/services/window-cleaning`, { waitUntil: 'domcontentloaded' })
    await fill(page, { ...PERSONAL, name })
    const started = Date.now()
    await page.click('button[type="submit"]')
    await page.waitForURL(`${server.url}/thank-you`, { timeout: 15_000 })
    const seconds = (Date.now() - started) / 1000
    expect(await page.locator('h1').textContent()).toBe('Request Received')
    expect(await page.getByText(SUCCESS_MESSAGE, { exact: true }).isVisible()).toBe(true)
    urls.push(page.url(), ...(await page.evaluate(() => [location.href, document.referrer])))
    expect(urls.flatMap(leaks)).toEqual([])
    expect(urls.some((u) => u.includes(name.split(' ')[0]!))).toBe(false)
    await context.close()
    return seconds
  }

  it('posts the form with JavaScript disabled: thank-you page, stored, no personal data in any URL', async () => {
    await sendWithout(async () => undefined, { javaScriptEnabled: false }, 'Nora Noscript')
  })

  it('posts the form itself when its code cannot load (blocked by a filter or a failing connection)', async () => {
    const lazy = lazyChunks('services/window-cleaning.html')
    expect(lazy.size).toBeGreaterThan(0)
    const blocked: string[] = []
    await sendWithout(
      (context) =>
        context.route('**/assets/chunks/*.js', (route) => {
          if (!lazy.has(path.basename(new URL(route.request().url()).pathname))) return route.continue()
          blocked.push(route.request().url())
          return route.abort('blockedbyclient')
        }),
      { javaScriptEnabled: true },
      'Blocked Bob',
    )
    expect(blocked.length).toBeGreaterThan(0) // the page's own script ran and asked for the form code
  })

  it(`posts the form itself when its code has not arrived ${FALLBACK_MS / 1000} s after Send Request`, async () => {
    const lazy = lazyChunks('services/window-cleaning.html')
    const seconds = await sendWithout(
      (context) => context.route('**/assets/chunks/*.js', (route) => (lazy.has(path.basename(new URL(route.request().url()).pathname)) ? new Promise<void>(() => undefined) : route.continue())),
      { javaScriptEnabled: true },
      'Held Hana',
    )
    expect(seconds).toBeGreaterThanOrEqual(FALLBACK_MS / 1000 - 0.5)
  })
})

describe('after the browser session', () => {
  it('stored each real request exactly once, with the page it came from', async () => {
    await server.stop()
    const db = await openPglite(path.join(server.dataDir, 'pglite'))
    try {
      const { rows } = await db.query<{ name: string; page: string; service: string }>('select name, page, service from quote_requests order by id')
      const byName = (n: string) => rows.filter((r) => r.name === n)
      expect(byName('Success Sam')).toEqual([{ name: 'Success Sam', page: '/services/window-cleaning', service: 'Window Cleaning' }])
      expect(byName('Early Eve')).toHaveLength(1)
      expect(byName('Double Dan')).toHaveLength(1)
      expect(byName('Failing Fay')).toHaveLength(0)
      for (const name of ['Nora Noscript', 'Blocked Bob', 'Held Hana']) {
        expect(byName(name)).toEqual([{ name, page: '/services/window-cleaning', service: 'Window Cleaning' }])
      }
    } finally {
      await db.close()
    }
  })
})
