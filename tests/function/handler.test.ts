import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { HandlerConfig } from '../../supabase/functions/send-contact-email/config'
import { createHandler, HANDLER_MESSAGES, OUTBOX_SECRET_HEADER, type QuoteHandler } from '../../supabase/functions/send-contact-email/handler'
import { runOutbox } from '../../supabase/functions/send-contact-email/outbox'
import { createSqlStore, type QuoteStore, type SqlDatabase } from '../../supabase/functions/send-contact-email/store'
import { LIMITS, type QuoteFields } from '../../supabase/functions/_shared/quoteContract'
import { MESSAGES } from '../../supabase/functions/send-contact-email/validate'
import { securityHeaders } from '../../src/hosting/headers'
import { CONFIG, newKey, ORIGIN, post, RecordingMailer, SITE, VALID } from './helpers/fixtures'
import { migratedPglite, truncate } from './helpers/pglite'
import { siteHost } from './helpers/sitePages'

interface Row extends QuoteFields {
  id: number
  status: string
  attempts: number
  last_error: string | null
  idempotency_key: string
  client_hash: string
}

let db: SqlDatabase
let store: QuoteStore
let mailer: RecordingMailer
let clock: Date
let handler: QuoteHandler
/** The site's pages, read by the answer to a refused form post. */
let host: ReturnType<typeof siteHost>

beforeAll(async () => {
  db = await migratedPglite()
  store = createSqlStore(db)
}, 120_000)
afterAll(() => db?.close())

function setup(config: Partial<HandlerConfig> = {}, extra: { store?: QuoteStore; background?: (work: () => Promise<unknown>) => void } = {}) {
  handler = createHandler({
    store: extra.store ?? store,
    mailer,
    config: { ...CONFIG, ...config },
    now: () => clock,
    background: extra.background,
    log: () => undefined,
    pages: { fetch: host.fetch },
  })
}

beforeEach(async () => {
  await truncate(db)
  mailer = new RecordingMailer()
  clock = new Date('2026-03-02T10:00:00Z')
  host = siteHost()
  setup()
})

const rows = async () => (await db.query<Row>('select * from quote_requests order by id')).rows
const send = (request: Request, remoteAddr = '203.0.113.7') => handler(request, { remoteAddr })
async function answer(request: Request, remoteAddr?: string) {
  const response = await send(request, remoteAddr)
  return { status: response.status, body: (await response.json()) as { success: boolean; error?: string }, headers: response.headers }
}

describe('a valid request', () => {
  it('is stored, e-mailed to the company and answered with success', async () => {
    expect(await answer(post(VALID))).toMatchObject({ status: 200, body: { success: true } })
    const [row] = await rows()
    expect(row).toMatchObject({ ...VALID, status: 'sent', attempts: 1 })
    expect(mailer.sent).toHaveLength(1)
    expect(mailer.sent[0]).toMatchObject({
      quoteId: row!.id,
      to: SITE.email,
      replyTo: { name: 'Ada Lovelace', address: 'ada@example.com' },
      subject: 'Quote request: Strip & Wax (page /services/strip-wax)',
    })
  })

  it('needs only name and email', async () => {
    expect((await answer(post({ name: 'Bo', email: 'bo@example.com' }))).status).toBe(200)
    expect(await rows()).toMatchObject([{ name: 'Bo', phone: '', service: '', message: '', page: '' }])
  })

  it('ignores unknown fields', async () => {
    expect((await answer(post({ ...VALID, admin: true, status: 'sent', id: 99 }))).status).toBe(200)
    expect(await rows()).toMatchObject([{ id: 1, status: 'sent' }])
  })

  it('is answered with the CORS headers of the allowed origin', async () => {
    const { headers } = await answer(post(VALID))
    expect(headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(headers.get('content-type')).toMatch(/^application\/json/)
  })

  it('does not keep the visitor waiting for the e-mail when the runtime can finish it later', async () => {
    const later: Promise<unknown>[] = []
    let release!: () => void
    const slow = new Promise<void>((resolve) => (release = resolve))
    mailer.send = async () => slow
    setup({}, { background: (work) => later.push(work()) })
    expect((await answer(post(VALID))).status).toBe(200)
    expect(await rows()).toMatchObject([{ status: 'pending' }])
    release()
    await Promise.all(later)
    expect(await rows()).toMatchObject([{ status: 'sent' }])
  })
})

describe('validation', () => {
  const long = (n: number, c = 'a') => c.repeat(n)
  it.each([
    ['a missing name', { ...VALID, name: undefined }, MESSAGES.en.nameMissing],
    ['an empty name', { ...VALID, name: '   ' }, MESSAGES.en.nameMissing],
    ['a name that is not text', { ...VALID, name: 42 }, MESSAGES.en.nameMissing],
    ['a name over 100 characters', { ...VALID, name: long(101) }, MESSAGES.en.nameTooLong],
    ['a missing email', { ...VALID, email: undefined }, MESSAGES.en.emailMissing],
    ['an empty email', { ...VALID, email: '' }, MESSAGES.en.emailMissing],
    ['an invalid email', { ...VALID, email: 'ada@' }, MESSAGES.en.emailInvalid],
    ['an email with a line break', { ...VALID, email: 'ada@example.com\r\nBcc: x@example.com' }, MESSAGES.en.emailInvalid],
    ['an email over 254 characters', { ...VALID, email: `${long(64)}@${long(186)}.com` }, MESSAGES.en.emailTooLong],
    ['a phone over 40 characters', { ...VALID, phone: long(41, '1') }, MESSAGES.en.phoneTooLong],
    ['a phone with letters', { ...VALID, phone: 'call me' }, MESSAGES.en.phoneInvalid],
    ['a phone with a line break', { ...VALID, phone: '555\n0100' }, MESSAGES.en.phoneInvalid],
    ['a service not in the list', { ...VALID, service: 'Chimney Sweeping' }, MESSAGES.en.serviceInvalid],
    ['a message over 5,000 characters', { ...VALID, message: long(5001) }, MESSAGES.en.messageTooLong],
    ['a page over 300 characters', { ...VALID, page: `/${long(300)}` }, MESSAGES.en.pageInvalid],
    ['a page that is not a path', { ...VALID, page: 'https://evil.example/' }, MESSAGES.en.pageInvalid],
  ])('refuses %s with a message the visitor can act on', async (_, body, error) => {
    expect(await answer(post(body))).toMatchObject({ status: 400, body: { success: false, error } })
    expect(await rows()).toEqual([])
    expect(mailer.sent).toEqual([])
  })

  it.each([
    ['a name of exactly 100 characters', { name: long(100) }],
    ['a 100-character name in emoji (counted as characters)', { name: '🧽'.repeat(100) }],
    ['an email of exactly 254 characters', { email: `${long(64)}@${long(185)}.com` }],
    ['a phone of exactly 40 allowed characters', { phone: '+1 (555) 010-2000 x12.'.padEnd(40, '0') }],
    ['an empty service', { service: '' }],
    ['the service "Other"', { service: 'Other' }],
    ['a message of exactly 5,000 characters', { message: long(5000) }],
    ['a page of exactly 300 characters', { page: `/${long(299)}` }],
    ['null for the optional fields', { phone: null, service: null, message: null, page: null }],
  ])('accepts %s', async (_, fields) => {
    expect((await answer(post({ ...VALID, ...fields }))).status).toBe(200)
  })

  it('accepts every one of the 17 service choices', async () => {
    setup({ rateLimit: { max: 100, windowMs: 60_000 } })
    for (const service of SITE.quoteServiceChoices.en) expect((await answer(post({ ...VALID, service }))).status).toBe(200)
    expect(SITE.quoteServiceChoices.en).toHaveLength(17)
  })

  it('turns a name with line breaks into one line, so nothing reaches a mail header', async () => {
    expect((await answer(post({ ...VALID, name: 'Eve\r\nBcc: victim@example.com\r\n\r\nHello' }))).status).toBe(200)
    const [mail] = mailer.sent
    expect(mail!.replyTo.name).toBe('Eve Bcc: victim@example.com Hello')
    expect(mail!.subject).not.toMatch(/[\r\n]/)
    expect(await rows()).toMatchObject([{ name: 'Eve Bcc: victim@example.com Hello' }])
  })

  it('removes NUL and other control characters from the message but keeps its lines', async () => {
    expect((await answer(post({ ...VALID, message: 'a\u0000b\u0007c\r\nsecond line\ttab' }))).status).toBe(200)
    expect(await rows()).toMatchObject([{ message: 'abc\nsecond line\ttab' }])
  })

  it('escapes everything the visitor typed in the HTML e-mail', async () => {
    const evil = { ...VALID, name: '<img src=x onerror=alert(1)>', message: '<script>alert("x")</script> & \'quotes\'' }
    expect((await answer(post(evil))).status).toBe(200)
    const { html, text } = mailer.sent[0]!
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img')
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;quotes&#39;')
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;')
    expect(text).toContain('<script>alert("x")</script>')
  })
})

describe('malformed and oversized requests', () => {
  it('refuses a body over 32 KB with 413', async () => {
    const big = { ...VALID, message: 'a'.repeat(LIMITS.body) }
    expect(await answer(post(big))).toMatchObject({ status: 413, body: { success: false, error: HANDLER_MESSAGES.en.tooLarge } })
  })

  it('refuses an oversized body that declares no length', async () => {
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)))
        controller.close()
      },
    })
    const request = new Request('http://localhost/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit)
    expect((await answer(request)).status).toBe(413)
  })

  it.each([
    ['broken JSON', '{"name": "Ada",'],
    ['an empty body', ''],
    ['a JSON array', '[1, 2]'],
    ['a JSON string', '"hello"'],
    ['JSON null', 'null'],
  ])('refuses %s with 400', async (_, body) => {
    expect(await answer(post(body, { raw: true }))).toMatchObject({ status: 400, body: { success: false, error: MESSAGES.en.unreadable } })
  })

  it.each([['text/plain'], ['multipart/form-data; boundary=x']])('refuses content type %s with 415', async (type) => {
    const response = await answer(post(VALID, { headers: { 'Content-Type': type } }))
    expect(response).toMatchObject({ status: 415, body: { success: false } })
  })

  it('answers other methods with 405', async () => {
    const response = await answer(new Request('http://localhost/', { method: 'GET' }))
    expect(response).toMatchObject({ status: 405, body: { success: false, error: HANDLER_MESSAGES.en.method } })
    expect(response.headers.get('allow')).toBe('POST, OPTIONS')
  })

  it('refuses a malformed idempotency key', async () => {
    expect((await answer(post(VALID, { key: 'short' }))).status).toBe(400)
    expect((await answer(post({ ...VALID, idempotencyKey: 'has spaces in it, no' }, { key: null }))).status).toBe(400)
  })
})

describe('CORS', () => {
  const preflight = (origin: string) =>
    new Request('http://localhost/', {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    })

  it('answers the preflight of supabase-js for the site’s origin', async () => {
    const response = await send(preflight(ORIGIN))
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, x-client-info, apikey, content-type, x-idempotency-key')
  })

  it('refuses other origins, for the preflight and the request', async () => {
    const response = await send(preflight('https://evil.example'))
    expect(response.status).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(await answer(post(VALID, { headers: { Origin: 'https://evil.example' } }))).toMatchObject({
      status: 403,
      body: { error: HANDLER_MESSAGES.en.origin },
    })
    expect(await rows()).toEqual([])
  })

  it('accepts requests without an Origin (not from a browser)', async () => {
    const request = post(VALID)
    request.headers.delete('origin')
    expect((await answer(request)).status).toBe(200)
  })
})

describe('spam', () => {
  it('stores a request with the honeypot filled as spam, e-mails nothing, and still answers success', async () => {
    expect(await answer(post({ ...VALID, company_website: 'http://buy-now.example' }))).toMatchObject({ status: 200, body: { success: true } })
    expect(await rows()).toMatchObject([{ status: 'spam', attempts: 0 }])
    expect(mailer.sent).toEqual([])
  })

  it('treats an empty honeypot as a person', async () => {
    expect((await answer(post({ ...VALID, company_website: '' }))).status).toBe(200)
    expect(await rows()).toMatchObject([{ status: 'sent' }])
  })

  it('allows 5 requests per client in 10 minutes, then answers 429 with a clear message', async () => {
    for (let i = 0; i < 5; i++) expect((await answer(post(VALID))).status).toBe(200)
    const limited = await answer(post(VALID))
    expect(limited).toMatchObject({
      status: 429,
      body: { success: false, error: `Too many requests from your connection. Please wait 10 minutes and try again, or email us at ${SITE.email}.` },
    })
    expect(limited.headers.get('retry-after')).toBe('600')
    expect((await answer(post(VALID), '198.51.100.1')).status).toBe(200)
    clock = new Date(clock.getTime() + 10 * 60_000 + 1)
    expect((await answer(post(VALID))).status).toBe(200)
    expect(await rows()).toHaveLength(7)
  })

  it('ignores X-Forwarded-For unless told to trust a proxy', async () => {
    for (let i = 0; i < 5; i++) await answer(post(VALID, { headers: { 'X-Forwarded-For': `10.0.0.${i}` } }))
    expect((await answer(post(VALID, { headers: { 'X-Forwarded-For': '10.0.0.99' } }))).status).toBe(429)

    await truncate(db)
    setup({ trustProxy: true })
    for (let i = 0; i < 6; i++) expect((await answer(post(VALID, { headers: { 'X-Forwarded-For': `10.0.0.${i}, 172.16.0.1` } }))).status).toBe(200)
    for (let i = 0; i < 5; i++) await answer(post(VALID, { headers: { 'X-Forwarded-For': '10.0.1.1' } }))
    expect((await answer(post(VALID, { headers: { 'X-Forwarded-For': '10.0.1.1' } }))).status).toBe(429)
  })

  it('stores a hash of the client address, never the address', async () => {
    await answer(post(VALID), '203.0.113.7')
    const [row] = await rows()
    expect(row!.client_hash).toMatch(/^[0-9a-f]{32}$/)
    expect(JSON.stringify(row)).not.toContain('203.0.113.7')
  })
})

describe('idempotency', () => {
  it('stores and e-mails a repeated key once, answering success both times', async () => {
    const key = newKey()
    expect((await answer(post(VALID, { key }))).body).toEqual({ success: true })
    expect((await answer(post(VALID, { key }))).body).toEqual({ success: true })
    expect(await rows()).toHaveLength(1)
    expect(mailer.sent).toHaveLength(1)
  })

  it('takes the key from the body when there is no header', async () => {
    const body = { ...VALID, idempotencyKey: 'body-key-0123456789abcdef' }
    await answer(post(body, { key: null }))
    await answer(post(body, { key: null }))
    expect(await rows()).toMatchObject([{ idempotency_key: 'body-key-0123456789abcdef' }])
  })

  it('handles a double click: two requests with one key at the same time', async () => {
    const key = newKey()
    const both = await Promise.all([answer(post(VALID, { key })), answer(post(VALID, { key }))])
    expect(both.map((r) => r.status)).toEqual([200, 200])
    expect(await rows()).toHaveLength(1)
    expect(mailer.sent).toHaveLength(1)
  })

  it('stores requests without a key as separate requests', async () => {
    await answer(post(VALID, { key: null }))
    await answer(post(VALID, { key: null }))
    expect(await rows()).toHaveLength(2)
  })
})

describe('failures', () => {
  it('answers 503 with a message when the request cannot be stored, and sends nothing', async () => {
    const broken: QuoteStore = { ...store, admit: async () => Promise.reject(new Error('connection refused')) }
    setup({}, { store: broken })
    const response = await answer(post(VALID))
    expect(response).toMatchObject({ status: 503, body: { success: false, error: HANDLER_MESSAGES.en.storeDown(SITE.email) } })
    expect(mailer.sent).toEqual([])
  })

  it('answers success when the e-mail fails, keeps the row pending, and the outbox sends it later, once (a later run sends nothing)', async () => {
    mailer.failing = new Error('421 Service not available')
    expect(await answer(post(VALID))).toMatchObject({ status: 200, body: { success: true } })
    expect(await rows()).toMatchObject([{ status: 'pending', attempts: 1, last_error: '421 Service not available' }])

    mailer.failing = null
    const delivery = { store, mailer, mailTo: SITE.email, now: () => clock, log: () => undefined }
    expect(await runOutbox(delivery, { manual: true })).toEqual({ sent: 1, failed: 0 })
    expect(await runOutbox(delivery, { manual: true })).toEqual({ sent: 0, failed: 0 })
    expect(mailer.sent).toHaveLength(1)
    expect(await rows()).toMatchObject([{ status: 'sent', attempts: 2 }])
  })

  it('retries unsent requests in the background of a later request', async () => {
    setup({ retryEveryMs: 60_000 })
    mailer.failing = new Error('timeout')
    await answer(post(VALID))
    mailer.failing = null
    clock = new Date(clock.getTime() + 2 * 60_000)
    await answer(post({ ...VALID, name: 'Second' }, { key: newKey() }), '198.51.100.2')
    expect(mailer.sent.map((m) => m.replyTo.name).sort()).toEqual(['Ada Lovelace', 'Second'])
    expect(await rows()).toMatchObject([{ status: 'sent' }, { status: 'sent' }])
  })
})

/** The form as a browser posts it without JavaScript. */
function formPost(fields: Record<string, string>, headers: Record<string, string> = { Origin: ORIGIN }, query = ''): Request {
  return new Request(`http://localhost/functions/v1/send-contact-email${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  })
}
const FORM = { ...VALID, company_website: '' }
const THANK_YOU = SITE.pages.thankYou.en

describe('the form posted without JavaScript', () => {
  it('is stored, e-mailed and answered with a 303 to the thank-you page, with nothing the visitor typed in the URL', async () => {
    const response = await send(formPost(FORM))
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`${ORIGIN}${THANK_YOU}`)
    const { lang: _, ...fields } = VALID
    expect(await rows()).toMatchObject([{ ...fields, status: 'sent' }])
    expect(mailer.sent).toHaveLength(1)
  })

  it('sends the visitor back to the origin it came from only when that origin is configured', async () => {
    setup({ allowedOrigins: [ORIGIN, 'http://localhost:3000'] })
    expect((await send(formPost(FORM, { Origin: 'http://localhost:3000' }))).headers.get('location')).toBe(`http://localhost:3000${THANK_YOU}`)
    // No Origin (some privacy tools strip it): the site's own origin.
    expect((await send(formPost(FORM, {}), '198.51.100.3')).headers.get('location')).toBe(`${SITE.siteUrl}${THANK_YOU}`)
    // Any origin allowed for CORS: still only the site's own origin as a redirect target.
    setup({ allowedOrigins: ['*'] })
    expect((await send(formPost(FORM, { Origin: 'https://evil.example' }), '198.51.100.4')).headers.get('location')).toBe(`${SITE.siteUrl}${THANK_YOU}`)
  })

  it('answers a refused request with a readable page: the page the form was sent from, with the message (tests/function/formPost.test.ts)', async () => {
    const response = await send(formPost({ ...FORM, email: 'ada@' }))
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await response.text()
    expect(html).toContain(`>${MESSAGES.en.emailInvalid}</p>`)
    expect(host.requested).toEqual([`${ORIGIN}/services/strip-wax`])
    expect(await rows()).toEqual([])
  })

  it("carries the security headers of the site's pages, its CSP taking styles and images only from the site it answers for", async () => {
    setup({ allowedOrigins: [ORIGIN, 'http://localhost:3000'] })
    for (const site of [ORIGIN, 'http://localhost:3000']) {
      const response = await send(formPost({ ...FORM, email: 'ada@' }, { Origin: site }))
      expect(response.status).toBe(400)
      const { 'Content-Security-Policy': _, 'X-Frame-Options': __, ...same } = securityHeaders()
      for (const [name, value] of Object.entries(same)) expect(response.headers.get(name), name).toBe(value)
      expect(response.headers.get('X-Frame-Options')).toBe('DENY')
      const csp = new Map(
        response.headers
          .get('Content-Security-Policy')!
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...sources]) => [name!, sources.join(' ')]),
      )
      expect(Object.fromEntries(csp)).toEqual({
        'default-src': "'none'",
        'style-src': site,
        'img-src': site,
        'form-action': `'self' ${site}`,
        'base-uri': "'none'",
        'frame-ancestors': "'none'",
      })
      // What the CSP refuses, the page must not need: no inline style or script.
      const html = await response.text()
      expect(html).not.toMatch(/<style|\sstyle=|<script/)
    }
  })

  it('never reads or links a page outside the site, whatever the posted page says', async () => {
    for (const page of ['//evil.example/x', 'https://evil.example/', '/"><script>alert(1)</script>']) {
      const html = await (await send(formPost({ ...FORM, name: '', page }))).text()
      expect(html).not.toContain('evil.example')
      expect(html).not.toContain('<script>')
    }
    expect(host.requested).toEqual([`${ORIGIN}/`, `${ORIGIN}/`, `${ORIGIN}/`])
    host.fetch = () => Promise.reject(new Error('offline'))
    setup()
    for (const page of ['//evil.example/x', '/"><script>alert(1)</script>']) {
      const html = await (await send(formPost({ ...FORM, name: '', page }))).text()
      expect(html).toContain(`<a href="${ORIGIN}/">Back to the form</a>`)
      expect(html).not.toContain('evil.example')
      expect(html).not.toContain('<script>')
    }
  })

  it('refuses a post from another site with a page, not a redirect', async () => {
    const response = await send(formPost(FORM, { Origin: 'https://evil.example' }))
    expect(response.status).toBe(403)
    expect(await response.text()).toContain(HANDLER_MESSAGES.en.origin)
    expect(await rows()).toEqual([])
  })

  it('shows the database message as a page when the request cannot be stored', async () => {
    setup({}, { store: { ...store, admit: async () => Promise.reject(new Error('connection refused')) } })
    const response = await send(formPost(FORM))
    expect(response.status).toBe(503)
    expect(await response.text()).toContain(HANDLER_MESSAGES.en.storeDown(SITE.email))
  })

  it('stores a filled honeypot as spam and still thanks the sender', async () => {
    const response = await send(formPost({ ...FORM, company_website: 'http://buy-now.example' }))
    expect(response.status).toBe(303)
    expect(await rows()).toMatchObject([{ status: 'spam' }])
    expect(mailer.sent).toEqual([])
  })
})

describe('the scheduled outbox (Supabase Cron)', () => {
  const SECRET = 'cron-secret-0123456789abcdef'
  const trigger = (secret: string) =>
    send(
      new Request('http://localhost/functions/v1/send-contact-email', {
        method: 'POST',
        headers: { [OUTBOX_SECRET_HEADER]: secret, 'Content-Type': 'application/json' },
        body: '{}',
      }),
    )

  it('refuses a wrong secret, and runs nothing while OUTBOX_SECRET is not set', async () => {
    mailer.failing = new Error('421 try later')
    await answer(post(VALID))
    mailer.failing = null
    clock = new Date(clock.getTime() + 61_000)
    expect((await trigger(SECRET)).status).toBe(400) // no secret configured: an ordinary (empty) request
    setup({ outboxSecret: SECRET })
    const wrong = await trigger(`${SECRET}x`)
    expect(wrong.status).toBe(403)
    expect(mailer.sent).toEqual([])
  })

  it('first deletes the requests older than the retention period (RETENTION_DAYS), e-mailed or not', async () => {
    setup({ outboxSecret: SECRET, retentionMs: 30 * 86_400_000 })
    mailer.failing = new Error('421 try later')
    await answer(post({ ...VALID, name: 'Old Pending' }))
    mailer.failing = null
    await answer(post({ ...VALID, name: 'Old Sent' }), '198.51.100.30')
    clock = new Date(clock.getTime() + 31 * 86_400_000)
    await answer(post({ ...VALID, name: 'Recent' }), '198.51.100.31')
    expect(mailer.sent.map((m) => m.replyTo.name)).toEqual(['Old Sent', 'Recent'])
    expect(await (await trigger(SECRET)).json()).toEqual({ success: true, sent: 0, failed: 0 })
    expect((await rows()).map((r) => r.name)).toEqual(['Recent'])
  })

  it('e-mails the requests that are due, with no visitor needed', async () => {
    setup({ outboxSecret: SECRET })
    mailer.failing = new Error('421 try later')
    await answer(post(VALID))
    mailer.failing = null
    expect(await (await trigger(SECRET)).json()).toEqual({ success: true, sent: 0, failed: 0 }) // waits for its backoff (1 minute)
    clock = new Date(clock.getTime() + 61_000)
    expect(await (await trigger(SECRET)).json()).toEqual({ success: true, sent: 1, failed: 0 })
    expect(mailer.sent).toHaveLength(1)
    expect(await rows()).toMatchObject([{ status: 'sent', attempts: 2 }])
  })
})

describe('the place a request came from (its page’s city and service)', () => {
  const cityPage = '/boise-strip-wax-janitorial'
  const placeOf = async () =>
    (await db.query<{ page: string; city_slug: string; service_slug: string }>('select page, city_slug, service_slug from quote_requests order by id')).rows

  it('is stored and named in the e-mail’s subject and body, with absolute links to the page and the city’s page', async () => {
    expect((await answer(post({ ...VALID, page: '/quote', city: 'boise', serviceSlug: 'strip-wax' }))).status).toBe(200)
    expect(await placeOf()).toEqual([{ page: '/quote', city_slug: 'boise', service_slug: 'strip-wax' }])
    const mail = mailer.sent[0]!
    expect(mail.subject).toBe('Quote request: Strip & Wax in Boise, ID (page /quote)')
    expect(mail.text).toMatch(/^City: +Boise, ID$/m)
    expect(mail.text).toMatch(/^Page service: +Strip & Wax$/m)
    expect(mail.text).toContain(`Sent from page: ${SITE.siteUrl}/quote\n`)
    expect(mail.text).toMatch(new RegExp(`^City page: +${SITE.siteUrl}${cityPage}$`, 'm'))
    expect(mail.html).toContain(`<a href="${SITE.siteUrl}${cityPage}">${SITE.siteUrl}${cityPage}</a>`)
  })

  it('names the page’s service when the visitor chose none, and links the city page only once when the form was on it', async () => {
    await answer(post({ ...VALID, service: '', page: cityPage, city: 'boise', serviceSlug: 'strip-wax' }))
    const mail = mailer.sent[0]!
    expect(mail.subject).toBe(`Quote request: Strip & Wax in Boise, ID (page ${cityPage})`)
    expect(mail.text).not.toContain('City page:')
    expect(mail.text).toContain(`Sent from page: ${SITE.siteUrl}${cityPage}`)
  })

  it('drops an unknown city or service, or anything that is not a catalogue slug, and still accepts the request', async () => {
    const odd = [
      { city: 'atlantis', serviceSlug: 'window-washing' },
      { city: 'Boise', serviceSlug: 'Strip-Wax' },
      { city: '../boise', serviceSlug: 'strip-wax/../x' },
      { city: 42, serviceSlug: ['strip-wax'] },
      { city: 'b'.repeat(500), serviceSlug: null },
    ]
    for (const place of odd) expect((await answer(post({ ...VALID, ...place }))).status).toBe(200)
    expect(await placeOf()).toEqual(odd.map(() => ({ page: VALID.page, city_slug: '', service_slug: '' })))
    expect(mailer.sent.map((m) => m.subject)).toEqual(odd.map(() => 'Quote request: Strip & Wax (page /services/strip-wax)'))
  })

  it('keeps a known service when the city is unknown (and the other way round)', async () => {
    await answer(post({ ...VALID, city: 'atlantis', serviceSlug: 'disinfecting' }))
    await answer(post({ ...VALID, city: 'miami', serviceSlug: 'nope' }))
    expect(await placeOf()).toMatchObject([
      { city_slug: '', service_slug: 'disinfecting' },
      { city_slug: 'miami', service_slug: '' },
    ])
  })

  it('comes with the form posted without JavaScript too', async () => {
    const response = await send(formPost({ ...FORM, page: cityPage, city: 'boise', serviceSlug: 'strip-wax' }))
    expect(response.status).toBe(303)
    const unknown = await send(formPost({ ...FORM, page: cityPage, city: 'atlantis', serviceSlug: 'strip-wax' }), '198.51.100.9')
    expect(unknown.status).toBe(303)
    expect(await placeOf()).toEqual([
      { page: cityPage, city_slug: 'boise', service_slug: 'strip-wax' },
      { page: cityPage, city_slug: '', service_slug: 'strip-wax' },
    ])
    expect(mailer.sent[0]!.subject).toBe(`Quote request: Strip & Wax in Boise, ID (page ${cityPage})`)
  })

  it('in French: only a city with French pages, the e-mail linking the French city page', async () => {
    const french = { ...VALID, service: 'Décapage et cirage', lang: 'fr', page: '/fr/soumission', serviceSlug: 'strip-wax' }
    await answer(post({ ...french, city: 'montreal' }))
    await answer(post({ ...french, city: 'boise' })) // no French pages: not a place a French page can name
    expect(await placeOf()).toEqual([
      { page: '/fr/soumission', city_slug: 'montreal', service_slug: 'strip-wax' },
      { page: '/fr/soumission', city_slug: '', service_slug: 'strip-wax' },
    ])
    const mail = mailer.sent[0]!
    expect(mail.subject).toBe('[FR] Quote request: Strip & Wax in Montréal, QC (page /fr/soumission)')
    expect(mail.text).toContain(`${SITE.siteUrl}/fr/montreal-decapage-et-cirage`)
    const form = await send(formPost({ ...french, city: 'montreal', page: '/fr/montreal-decapage-et-cirage' }, { Origin: ORIGIN }, '?lang=fr'), '198.51.100.10')
    expect(form.headers.get('location')).toBe(`${ORIGIN}${SITE.pages.thankYou.fr}`)
    expect((await placeOf())[2]).toEqual({ page: '/fr/montreal-decapage-et-cirage', city_slug: 'montreal', service_slug: 'strip-wax' })
  })
})

describe('the place the visitor gives ("City or ZIP") and its nearest city (a finder’s link)', () => {
  const stored = async () =>
    (
      await db.query<{ place: string; near_city_slug: string; near_km: string | number | null; city_slug: string }>(
        'select place, near_city_slug, near_km, city_slug from quote_requests order by id',
      )
    ).rows.map((r) => ({ ...r, near_km: r.near_km === null ? null : Number(r.near_km) }))
  const BOZEMAN = { ...VALID, page: '/quote', place: 'Bozeman, MT', nearCity: 'billings', nearKm: 197.6 }

  it('stores a place the catalogue does not know, as typed, with its nearest city and distance, and e-mails it', async () => {
    expect(await answer(post(BOZEMAN))).toMatchObject({ status: 200, body: { success: true } })
    expect(await stored()).toEqual([{ place: 'Bozeman, MT', near_city_slug: 'billings', near_km: 197.6, city_slug: '' }])
    const mail = mailer.sent[0]!
    expect(mail.subject).toBe('Quote request: Strip & Wax in Bozeman, MT (page /quote)')
    expect(mail.text).toMatch(/^Place: +Bozeman, MT — nearest served city: Billings, MT, 123 mi$/m)
    expect(mail.html).toContain('<td style="padding:4px 12px 4px 0;vertical-align:top">Bozeman, MT — nearest served city: Billings, MT, 123 mi</td>')
  })

  it('takes the fields as a plain form posts them (text), rounds the distance to one decimal, and keeps a place without a finder', async () => {
    const form = new Request('http://localhost/functions/v1/send-contact-email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN },
      body: new URLSearchParams({ ...VALID, place: '  Bozeman,\tMT \n 59715 ', nearCity: 'billings', nearKm: '197.64', company_website: '' }).toString(),
    })
    expect((await send(form)).status).toBe(303)
    expect((await answer(post({ ...VALID, place: '59715' }), '198.51.100.40')).status).toBe(200)
    expect(await stored()).toEqual([
      { place: 'Bozeman, MT 59715', near_city_slug: 'billings', near_km: 197.6, city_slug: '' },
      { place: '59715', near_city_slug: '', near_km: null, city_slug: '' },
    ])
    expect(mailer.sent[1]!.text).toMatch(/^Place: +59715$/m)
    expect(mailer.sent[1]!.subject).toBe('Quote request: Strip & Wax in 59715 (page /services/strip-wax)')
  })

  it('refuses a place over 100 characters with a clear message in the request’s language, and accepts exactly 100', async () => {
    const long = `${'B'.repeat(97)}, MT`
    expect(await answer(post({ ...VALID, place: long }))).toMatchObject({
      status: 400,
      body: { error: 'Please shorten the city or ZIP to 100 characters or fewer.' },
    })
    expect(await answer(post({ ...VALID, lang: 'fr', service: '', place: long }))).toMatchObject({
      status: 400,
      body: { error: 'Veuillez raccourcir la ville ou le code postal à 100 caractères ou moins.' },
    })
    expect((await answer(post({ ...VALID, place: long.slice(1) }))).status).toBe(200)
    expect(await rows()).toHaveLength(1)
  })

  it('drops a nearest city that is not in the catalogue, a distance that does not fit, and both without a place, never refusing the request', async () => {
    setup({ rateLimit: { max: 100, windowMs: 60_000 } })
    const odd = [
      { nearCity: 'atlantis', nearKm: 10 },
      { nearCity: 'Billings', nearKm: 10 },
      { nearCity: ['billings'], nearKm: 10 },
      { nearCity: 'billings', nearKm: -1 },
      { nearCity: 'billings', nearKm: 20_000.1 },
      { nearCity: 'billings', nearKm: '1e3' },
      { nearCity: 'billings', nearKm: 'NaN' },
      { nearCity: 'billings', nearKm: { km: 3 } },
      { nearCity: 'billings', nearKm: null },
      { nearCity: '', nearKm: 197.6 },
    ]
    for (const near of odd) expect((await answer(post({ ...BOZEMAN, ...near }))).status).toBe(200)
    expect((await answer(post({ ...BOZEMAN, place: '   ' }))).status).toBe(200)
    expect((await stored()).map((r) => [r.near_city_slug, r.near_km])).toEqual([
      ['', null],
      ['', null],
      ['', null],
      ['billings', null],
      ['billings', null],
      ['billings', null],
      ['billings', null],
      ['billings', null],
      ['billings', null],
      ['', null],
      ['', null],
    ])
    expect(mailer.sent[3]!.text).toMatch(/^Place: +Bozeman, MT — nearest served city: Billings, MT$/m)
    expect(mailer.sent[0]!.text).toMatch(/^Place: +Bozeman, MT$/m)
    expect(mailer.sent.at(-1)!.text).not.toContain('Place:')
  })

  it('in French: any city of the catalogue may be the nearest (Billings has no French pages), and the distance is in km', async () => {
    const french = { ...BOZEMAN, lang: 'fr', service: 'Décapage et cirage', page: '/fr/soumission' }
    expect((await answer(post(french))).status).toBe(200)
    expect(await stored()).toEqual([{ place: 'Bozeman, MT', near_city_slug: 'billings', near_km: 197.6, city_slug: '' }])
    expect(mailer.sent[0]!.subject).toBe('[FR] Quote request: Strip & Wax in Bozeman, MT (page /fr/soumission)')
    expect(mailer.sent[0]!.text).toMatch(/^Place: +Bozeman, MT — nearest served city: Billings, MT, 198 km$/m)
  })

  it('never trusts the place as markup: the HTML e-mail escapes it, the text keeps it', async () => {
    expect((await answer(post({ ...BOZEMAN, place: '<img src=x onerror=alert(1)>, MT' }))).status).toBe(200)
    const { html, text, subject } = mailer.sent[0]!
    expect(html).not.toContain('<img')
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;, MT — nearest served city: Billings, MT')
    expect(text).toContain('Place:          <img src=x onerror=alert(1)>, MT')
    expect(subject).toBe('Quote request: Strip & Wax in <img src=x onerror=alert(1)>, MT (page /quote)')
  })

  it('names the catalogue’s city in the subject when the request has both a city and a typed place', async () => {
    await answer(post({ ...VALID, page: '/quote', city: 'boise', place: '83702' }))
    expect(mailer.sent[0]!.subject).toBe('Quote request: Strip & Wax in Boise, ID (page /quote)')
    expect(mailer.sent[0]!.text).toMatch(/^City: +Boise, ID\nPlace: +83702$/m)
  })
})
