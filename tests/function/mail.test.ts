import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHandler, deliveryFor } from '../../supabase/functions/send-contact-email/handler'
import { composeQuoteEmail, createFileMailer, createSmtpMailer, escapeHtml, messageIdOf } from '../../supabase/functions/send-contact-email/mail'
import { runOutbox, type DeliveryDeps } from '../../supabase/functions/send-contact-email/outbox'
import { createSqlStore, type QuoteStore, type SqlDatabase, type StoredQuote } from '../../supabase/functions/send-contact-email/store'
import { CONFIG, NO_PLACE, post, SITE, VALID } from './helpers/fixtures'
import { migratedPglite, truncate } from './helpers/pglite'
import { headersOf, partOf, startSmtp, type TestSmtp } from './helpers/smtp'

const FROM = 'Website <no-reply@example-cleaning.test>'
const stored: StoredQuote = {
  id: 7,
  createdAt: new Date('2026-03-02T10:00:00Z'),
  ...VALID,
  ...NO_PLACE,
  status: 'pending',
  attempts: 0,
  idempotencyKey: 'k'.repeat(24),
}

describe('composeQuoteEmail', () => {
  it('names the service and the page in the subject', () => {
    expect(composeQuoteEmail(stored, { to: SITE.email }).subject).toBe('Quote request: Strip & Wax (page /services/strip-wax)')
    expect(composeQuoteEmail({ ...stored, service: '', page: '' }, { to: SITE.email }).subject).toBe('Quote request: no service chosen (page unknown)')
  })

  it('lists every field in the text and the HTML body', () => {
    const mail = composeQuoteEmail(stored, { to: SITE.email })
    for (const value of Object.values(VALID)) {
      expect(mail.text).toContain(value)
      expect(mail.html).toContain(escapeHtml(value))
    }
    expect(mail.text).toContain('Request #7, received 2026-03-02 10:00 UTC')
  })

  it('names the place the visitor gave and its nearest served city, in miles or, for a Canadian place or a French request, km', () => {
    const line = (place: string, nearKm: number | null, lang: 'en' | 'fr' = 'en', nearCity = 'billings') =>
      /^Place: +(.*)$/m.exec(composeQuoteEmail({ ...stored, place, nearCity, nearKm, lang }, { to: SITE.email, places: SITE.places }).text)?.[1]
    expect(line('Bozeman, MT', 197.6)).toBe('Bozeman, MT — nearest served city: Billings, MT, 123 mi')
    expect(line('Bozeman, MT 59715', 0.4)).toBe('Bozeman, MT 59715 — nearest served city: Billings, MT, 1 mi')
    expect(line('Nome, AK', 19_999.9)).toBe('Nome, AK — nearest served city: Billings, MT, 12,427 mi')
    expect(line('Bozeman, MT', 197.6, 'fr')).toBe('Bozeman, MT — nearest served city: Billings, MT, 198 km')
    expect(line('Moncton, NB E1C', 187.2, 'en', 'halifax')).toBe('Moncton, NB E1C — nearest served city: Halifax, NS, 187 km')
    expect(line('Moncton, NB', 187.2, 'en', 'halifax')).toBe('Moncton, NB — nearest served city: Halifax, NS, 187 km')
    expect(line('Bozeman, MT', null)).toBe('Bozeman, MT — nearest served city: Billings, MT')
    expect(line('59715', null, 'en', '')).toBe('59715')
    expect(line('', 197.6)).toBeUndefined()
  })

  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;&#60;/a&#62;')
  })
})

describe('e-mail over SMTP', () => {
  let smtp: TestSmtp
  let db: SqlDatabase
  let store: QuoteStore
  let delivery: DeliveryDeps

  beforeAll(async () => {
    smtp = await startSmtp()
    db = await migratedPglite()
    store = createSqlStore(db)
  }, 120_000)
  afterAll(async () => {
    await smtp?.close()
    await db?.close()
  })
  beforeEach(async () => {
    await truncate(db)
    smtp.received.length = 0
    smtp.refuse = null
    const mailer = createSmtpMailer({ host: '127.0.0.1', port: smtp.port, secure: false, auth: undefined, from: FROM })
    delivery = deliveryFor(CONFIG, { store, mailer, now: () => new Date(), log: () => undefined })
  })

  const handler = () => createHandler({ store, mailer: delivery.mailer, config: CONFIG, log: () => undefined })
  const statuses = async () =>
    (await db.query<{ status: string; attempts: number; last_error: string | null }>('select status, attempts, last_error from quote_requests order by id'))
      .rows

  it('reaches the company with Reply-To set to the visitor and the HTML escaped', async () => {
    const body = { ...VALID, name: 'Zoë <b>O’Brien</b>', message: '<script>alert(1)</script>\nSecond line & more' }
    expect((await handler()(post(body), { remoteAddr: '203.0.113.9' })).status).toBe(200)
    expect(smtp.received).toHaveLength(1)
    const [mail] = smtp.received
    expect(mail!.envelope).toEqual({ from: 'no-reply@example-cleaning.test', to: [SITE.email] })
    const headers = headersOf(mail!.raw)
    expect(headers.get('to')).toBe(SITE.email)
    expect(headers.get('from')).toBe(FROM)
    expect(headers.get('reply-to')).toMatch(/<ada@example\.com>$/)
    expect(headers.get('subject')).toBe('Quote request: Strip & Wax (page /services/strip-wax)')
    expect(headers.get('x-quote-request-id')).toBe('1')
    const html = partOf(mail!.raw, 'text/html')
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;')
    expect(html).toContain('Zoë &#60;b&#62;O’Brien&#60;/b&#62;')
    expect(html).not.toContain('<script>')
    expect(partOf(mail!.raw, 'text/plain')).toContain('<script>alert(1)</script>\nSecond line & more')
    expect(await statuses()).toEqual([{ status: 'sent', attempts: 1, last_error: null }])
  })

  it('never lets a visitor add recipients or headers', async () => {
    const body = { ...VALID, name: 'Eve\r\nBcc: victim@example.com\r\nX-Evil: 1', service: 'Other' }
    expect((await handler()(post(body), { remoteAddr: '203.0.113.9' })).status).toBe(200)
    const [mail] = smtp.received
    expect(mail!.envelope.to).toEqual([SITE.email])
    const head = mail!.raw.split(/\r?\n\r?\n/)[0]!
    expect(head).not.toMatch(/^(bcc|x-evil):/im)
    expect(headersOf(mail!.raw).get('reply-to')).toContain('Eve Bcc: victim@example.com X-Evil: 1')
  })

  it('keeps the request pending while SMTP refuses, then the outbox delivers it, once (a later run sends nothing)', async () => {
    smtp.refuse = 'Mailbox temporarily unavailable'
    expect(await (await handler()(post(VALID), { remoteAddr: '203.0.113.9' })).json()).toEqual({ success: true })
    expect(smtp.received).toEqual([])
    const [row] = await statuses()
    expect(row).toMatchObject({ status: 'pending', attempts: 1 })
    expect(row!.last_error).toContain('Mailbox temporarily unavailable')

    expect(await runOutbox(delivery, { manual: true })).toEqual({ sent: 0, failed: 1 })
    smtp.refuse = null
    expect(await runOutbox(delivery, { manual: true })).toEqual({ sent: 1, failed: 0 })
    expect(await runOutbox(delivery, { manual: true })).toEqual({ sent: 0, failed: 0 })
    expect(smtp.received).toHaveLength(1)
    expect(await statuses()).toMatchObject([{ status: 'sent', attempts: 3 }])
  })

  it('sends each pending request once when two outbox runs overlap', async () => {
    smtp.refuse = 'down'
    const submit = handler()
    for (let i = 0; i < 8; i++) await submit(post({ ...VALID, name: `Visitor ${i}` }), { remoteAddr: `203.0.113.${i}` })
    smtp.refuse = null
    const results = await Promise.all([runOutbox(delivery, { manual: true }), runOutbox(delivery, { manual: true })])
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(8)
    const names = smtp.received.map((m) => headersOf(m.raw).get('reply-to'))
    expect(new Set(names).size).toBe(8)
    expect(smtp.received).toHaveLength(8)
  })

  it('gives a resent request the same Message-ID, derived from the request, and other requests other ones', async () => {
    const submit = handler()
    await submit(post({ ...VALID, name: 'First' }), { remoteAddr: '203.0.113.1' })
    await submit(post({ ...VALID, name: 'Second' }), { remoteAddr: '203.0.113.2' })
    // A crash after the mail server accepted the first e-mail and before the row was marked sent:
    await db.exec("update quote_requests set status = 'pending', attempts = 0, locked_until = null where name = 'First'")
    expect(await runOutbox(delivery, { manual: false })).toEqual({ sent: 1, failed: 0 })
    const ids = smtp.received.map((m) => [headersOf(m.raw).get('reply-to')!.split(' <')[0], headersOf(m.raw).get('message-id')])
    const { rows } = await db.query<{ id: number; idempotency_key: string }>("select id, idempotency_key from quote_requests where name = 'First'")
    const first = messageIdOf({ id: Number(rows[0]!.id), idempotencyKey: rows[0]!.idempotency_key }, CONFIG.siteUrl)
    expect(first).toMatch(/^<quote-request-1-[A-Za-z0-9-]+@www\.evergreenjanitorial\.com>$/)
    expect(ids).toEqual([
      ['First', first],
      ['Second', expect.stringMatching(/^<quote-request-2-[A-Za-z0-9-]+@www\.evergreenjanitorial\.com>$/)],
      ['First', first],
    ])
  })

  it('fails the attempt quickly when nothing listens on the SMTP port', async () => {
    const closed = createSmtpMailer({ host: '127.0.0.1', port: 1, secure: false, auth: undefined, from: FROM })
    await expect(closed.send(composeQuoteEmail(stored, { to: SITE.email }))).rejects.toThrow(/ECONNREFUSED/)
  })
})

describe('e-mail as .eml files', () => {
  it('writes one readable file per message and says where', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'quote-mail-'))
    try {
      const lines: string[] = []
      await createFileMailer(dir, (line) => lines.push(line)).send(composeQuoteEmail(stored, { to: SITE.email }))
      const [file] = readdirSync(dir)
      expect(file).toMatch(/-quote-7\.eml$/)
      expect(lines).toEqual([`quote request #7 e-mailed to ${path.join(dir, file!)}`])
      const raw = readFileSync(path.join(dir, file!), 'utf8')
      expect(headersOf(raw).get('to')).toBe(SITE.email)
      expect(headersOf(raw).get('reply-to')).toBe('Ada Lovelace <ada@example.com>')
      expect(partOf(raw, 'text/html')).toContain('Our lobby floor needs a strip and wax.')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
