// The answer to a quote form posted without JavaScript and refused (supabase/functions/send-contact-email/formPost.ts): the
// very page the form was on, read from the site (here: the pages the real components render from data/), with the reason
// above its form and the form filled in with what was typed; a bare page with the same form when the page cannot be read.
import { parse, type HTMLElement } from 'node-html-parser'
import { beforeEach, describe, expect, it } from 'vitest'
import type { HandlerConfig } from '../../supabase/functions/send-contact-email/config'
import { createHandler, HANDLER_MESSAGES, type QuoteHandler } from '../../supabase/functions/send-contact-email/handler'
import { MemoryStore } from '../../supabase/functions/send-contact-email/memoryStore'
import { MESSAGES } from '../../supabase/functions/send-contact-email/validate'
import { LIMITS } from '../../supabase/functions/_shared/quoteContract'
import { CONFIG, ORIGIN, RecordingMailer, SITE } from './helpers/fixtures'
import { siteHost } from './helpers/sitePages'

const FUNCTION_ORIGIN = 'https://project.supabase.test'

let store: MemoryStore
let host: ReturnType<typeof siteHost>
let handler: QuoteHandler

function setup(config: Partial<HandlerConfig> = {}, pages?: { fetch: typeof fetch }) {
  handler = createHandler({
    store,
    mailer: new RecordingMailer(),
    config: { ...CONFIG, ...config },
    log: () => undefined,
    pages: pages ?? { fetch: host.fetch },
  })
}

beforeEach(() => {
  store = new MemoryStore()
  host = siteHost()
  setup()
})

/** What a visitor types (and the page's own fields); the phone is refused: letters. */
const TYPED = {
  page: '/services/strip-wax',
  lang: 'en',
  city: '',
  serviceSlug: 'strip-wax',
  nearCity: 'billings',
  nearKm: '197.6',
  name: 'Zoë “Z” O’Brien & Co',
  email: 'zoe@example.com',
  phone: 'call me',
  service: 'Deep Cleaning',
  place: 'Bozeman, MT',
  message: 'Two floors.\nSecond line & more',
  company_website: '',
}

function formPost(fields: Record<string, string>, { origin = ORIGIN, query = '' }: { origin?: string | null; query?: string } = {}): Request {
  return new Request(`http://localhost/functions/v1/send-contact-email${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(origin ? { Origin: origin } : {}) },
    body: new URLSearchParams(fields).toString(),
  })
}

async function refused(request: Request, remoteAddr = '203.0.113.50') {
  const response = await handler(request, { remoteAddr })
  const html = await response.text()
  return { response, html, doc: parse(html) }
}

/** What a browser sends for a form: its named fields, the select's chosen option, the textarea's text. */
function fieldsOf(form: HTMLElement): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const input of form.querySelectorAll('input[name]')) fields[input.getAttribute('name')!] = input.getAttribute('value') ?? ''
  for (const select of form.querySelectorAll('select[name]')) {
    const options = select.querySelectorAll('option')
    fields[select.getAttribute('name')!] = (options.find((o) => o.hasAttribute('selected')) ?? options[0])?.getAttribute('value') ?? ''
  }
  for (const area of form.querySelectorAll('textarea[name]')) fields[area.getAttribute('name')!] = area.textContent.replace(/^\n/, '')
  return fields
}

const typedFields = (fields: Record<string, string>) => {
  const { page: _p, lang: _l, company_website: _h, ...typed } = fields
  return typed
}

describe('the answer to a refused form post', () => {
  it('is the page the form was sent from, in the site’s layout: the reason just above its form, the form holding everything typed', async () => {
    const { response, html, doc } = await refused(formPost(TYPED))
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(host.requested).toEqual([`${ORIGIN}/services/strip-wax`])
    // The site's layout: its header, the service page's heading, its footer; its title says what happened.
    expect(doc.querySelector('html')?.getAttribute('lang')).toBe('en')
    expect(doc.querySelector('header')).not.toBeNull()
    expect(doc.querySelector('footer')).not.toBeNull()
    expect(doc.querySelector('h1')?.textContent).toContain('Strip & Wax')
    expect(doc.querySelector('title')?.textContent).toMatch(/^Your request was not sent – Strip & Wax/)
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')

    const alert = doc.querySelector('[role="alert"]')!
    expect(alert.textContent).toBe(`Your request was not sent${MESSAGES.en.phoneInvalid}`)
    expect(alert.nextElementSibling?.getAttribute('data-quote-form')).toBe('')
    expect(alert.hasAttribute('autofocus')).toBe(true)
    const form = doc.querySelector('form[data-quote-form]')!
    expect(typedFields(fieldsOf(form))).toEqual(typedFields(TYPED))
    expect(fieldsOf(form)).toMatchObject({ page: '/services/strip-wax', lang: 'en', company_website: '' })
    expect(form.querySelectorAll('option[selected]').map((o) => o.getAttribute('value'))).toEqual(['Deep Cleaning'])
    // No script (it would run on the function's origin), every root-relative URL made absolute on the site, no inline style.
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/\s(href|src|action)="\/(?!\/)/)
    expect(doc.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe(`${ORIGIN}/assets/static/style.css`)
    expect(doc.querySelector('header a')?.getAttribute('href')).toMatch(new RegExp(`^${ORIGIN}/`))
    expect(form.getAttribute('action')).toBe(`${ORIGIN}/functions/v1/send-contact-email`)
    expect(html).not.toMatch(/<style|\sstyle=/)
    expect(store.rows).toEqual([])
  })

  it('never keeps what a bot filled into the honeypot', async () => {
    const { doc } = await refused(formPost({ ...TYPED, company_website: 'http://buy-now.example' }))
    expect(doc.querySelector('[role="alert"]')).not.toBeNull()
    expect(fieldsOf(doc.querySelector('form[data-quote-form]')!).company_website).toBe('')
    expect(doc.toString()).not.toContain('buy-now')
  })

  it('never turns what was typed into markup', async () => {
    const evil = {
      ...TYPED,
      name: '"><script>alert(1)</script>',
      place: '<img src=x onerror=alert(2)>',
      message: '</textarea><script>alert(3)</script>',
      service: '"><b>x</b>',
    }
    const { html, doc } = await refused(formPost(evil))
    expect(doc.querySelectorAll('script, img[onerror], b')).toHaveLength(0)
    expect(html).not.toContain('<script')
    const form = doc.querySelector('form[data-quote-form]')!
    expect(fieldsOf(form)).toMatchObject({ name: evil.name, place: evil.place, message: evil.message, service: '' })
  })

  it('makes sending again one step: the form as shown, fixed, is stored and leads to the thank-you page', async () => {
    const { doc } = await refused(formPost(TYPED))
    const again = { ...fieldsOf(doc.querySelector('form[data-quote-form]')!), phone: '406 555 0100' }
    const response = await handler(formPost(again), { remoteAddr: '203.0.113.50' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`${ORIGIN}${SITE.pages.thankYou.en}`)
    expect(store.rows).toMatchObject([
      { name: TYPED.name, service: 'Deep Cleaning', place: 'Bozeman, MT', nearCity: 'billings', nearKm: 197.6, page: '/services/strip-wax' },
    ])
  })

  it('is shown on the function’s origin, whose form posts are then accepted (SUPABASE_URL), and sent on to the site’s thank-you page', async () => {
    setup({ functionOrigin: FUNCTION_ORIGIN })
    const fixed = { ...TYPED, phone: '406 555 0100' }
    const response = await handler(formPost(fixed, { origin: FUNCTION_ORIGIN }), { remoteAddr: '203.0.113.51' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`${SITE.siteUrl}${SITE.pages.thankYou.en}`)
    // Only the plain form: the form's script never runs there.
    const json = new Request('http://localhost/functions/v1/send-contact-email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: FUNCTION_ORIGIN },
      body: JSON.stringify(fixed),
    })
    expect((await handler(json, { remoteAddr: '203.0.113.51' })).status).toBe(403)
    setup()
    expect((await handler(formPost(fixed, { origin: FUNCTION_ORIGIN }), { remoteAddr: '203.0.113.52' })).status).toBe(403)
  })

  it('in French: the French page, in its language, with the French reason and labels', async () => {
    const french = { ...TYPED, page: '/fr/soumission', lang: 'fr', serviceSlug: '', service: 'Grand ménage', name: 'Zoé Tremblay' }
    const { response, doc } = await refused(formPost(french, { query: '?lang=fr' }))
    expect(response.status).toBe(400)
    expect(host.requested).toEqual([`${ORIGIN}/fr/soumission`])
    expect(doc.querySelector('html')?.getAttribute('lang')).toBe('fr-CA')
    expect(doc.querySelector('title')?.textContent).toMatch(/^Votre demande n’a pas été envoyée – Soumission gratuite – /)
    expect(doc.querySelector('[role="alert"]')?.textContent).toBe(`Votre demande n’a pas été envoyée${MESSAGES.fr.phoneInvalid}`)
    expect(doc.querySelector('label[for="quote-place"]')?.textContent).toBe('Ville ou code postal')
    expect(typedFields(fieldsOf(doc.querySelector('form[data-quote-form]')!))).toEqual(typedFields(french))
  })

  it.each([
    ['the rate limit (429)', 429, 'Too many requests from your connection.'],
    ['a database that does not answer (503)', 503, HANDLER_MESSAGES.en.storeDown(SITE.email)],
  ])('answers %s with the page and the form filled in too', async (_, status, message) => {
    if (status === 429) setup({ rateLimit: { max: 1, windowMs: 60_000 } })
    else store.admit = () => Promise.reject(new Error('connection refused'))
    const ok = { ...TYPED, phone: '' }
    if (status === 429) await handler(formPost({ ...ok, name: 'First' }), { remoteAddr: '203.0.113.60' })
    const { response, doc } = await refused(formPost(ok), '203.0.113.60')
    expect(response.status).toBe(status)
    expect(doc.querySelector('[role="alert"]')?.textContent).toContain(message)
    expect(typedFields(fieldsOf(doc.querySelector('form[data-quote-form]')!))).toEqual(typedFields(ok))
  })

  it('answers a form post over 32 KB (413) with the fields that arrived whole, the message cut', async () => {
    const big = { ...TYPED, phone: '', message: `Start of the message. ${'é'.repeat(6_000)}` }
    const { response, doc } = await refused(formPost(big))
    expect(response.status).toBe(413)
    expect(doc.querySelector('[role="alert"]')?.textContent).toContain(HANDLER_MESSAGES.en.tooLarge)
    const fields = fieldsOf(doc.querySelector('form[data-quote-form]')!)
    expect(fields).toMatchObject({ name: TYPED.name, email: TYPED.email, place: TYPED.place, service: TYPED.service })
    expect(fields.message!.startsWith('Start of the message. éé')).toBe(true)
    expect(fields.message!.length).toBeLessThan(big.message.length)
    expect(new TextEncoder().encode(new URLSearchParams(big).toString()).byteLength).toBeGreaterThan(LIMITS.body)
  })

  it('reads no page and shows no form for a post from another site', async () => {
    const { response, doc } = await refused(formPost(TYPED, { origin: 'https://evil.example' }))
    expect(response.status).toBe(403)
    expect(doc.querySelector('[role="alert"]')?.textContent).toBe(HANDLER_MESSAGES.en.origin)
    expect(doc.querySelector('form')).toBeNull()
    expect(host.requested).toEqual([])
  })
})

describe('the bare page, when the site’s page cannot be used', () => {
  const unusable: [string, typeof fetch][] = [
    ['the site cannot be reached', () => Promise.reject(new TypeError('fetch failed'))],
    ['the page is missing', async () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/html' } })],
    ['the page redirects', async () => new Response(null, { status: 301, headers: { Location: 'https://evil.example/' } })],
    ['the answer is not HTML', async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })],
    ['the page has no quote form', (input) => siteHost().fetch((input as string).replace(/\/services\/strip-wax$/, '/about'))],
  ]

  it.each(unusable)('answers when %s with the reason, the form filled in again and the ways back', async (_, fetchPage) => {
    setup({}, { fetch: fetchPage })
    const { response, html, doc } = await refused(formPost(TYPED))
    expect(response.status).toBe(400)
    expect(doc.querySelector('html')?.getAttribute('lang')).toBe('en')
    expect(doc.querySelector('h1')?.textContent).toBe('Your request was not sent')
    expect(doc.querySelector('[role="alert"]')?.textContent).toBe(MESSAGES.en.phoneInvalid)
    const form = doc.querySelector('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.hasAttribute('action')).toBe(false) // posts back to the function's own address, ?lang= included
    expect(typedFields(fieldsOf(form))).toEqual(typedFields(TYPED))
    expect(fieldsOf(form)).toMatchObject({ page: '/services/strip-wax', lang: 'en' })
    expect(fieldsOf(form).company_website).toBeUndefined()
    expect(doc.querySelector('label[for="quote-place"]')?.textContent).toBe('City or ZIP')
    expect(doc.querySelectorAll('a').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Back to the form', `${ORIGIN}/services/strip-wax`],
      ['Home page', `${ORIGIN}/`],
    ])
    expect(html).not.toMatch(/<style|\sstyle=|<script|evil\.example/)
  })

  it('gives up on a page that takes more than 3 s', async () => {
    const slow: typeof fetch = (_, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)))
    setup({}, { fetch: slow })
    const started = Date.now()
    const { response, doc } = await refused(formPost(TYPED))
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900)
    expect(response.status).toBe(400)
    expect(doc.querySelector('h1')?.textContent).toBe('Your request was not sent')
    expect(fieldsOf(doc.querySelector('form')!).name).toBe(TYPED.name)
  })

  it('in French, with the French labels and choices', async () => {
    setup({}, { fetch: () => Promise.reject(new TypeError('fetch failed')) })
    const { doc } = await refused(formPost({ ...TYPED, page: '/fr/soumission', lang: 'fr', service: 'Grand ménage' }, { query: '?lang=fr' }))
    expect(doc.querySelector('html')?.getAttribute('lang')).toBe('fr-CA')
    expect(doc.querySelector('h1')?.textContent).toBe('Votre demande n’a pas été envoyée')
    expect(doc.querySelector('label[for="quote-name"]')?.textContent).toBe('Nom *')
    expect(doc.querySelector('option')?.textContent).toBe('Choisir un service')
    expect(doc.querySelector('option[selected]')?.getAttribute('value')).toBe('Grand ménage')
    expect(doc.querySelector('button')?.textContent).toBe('Envoyer la demande')
  })
})
