import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Places, SmtpSettings } from './config.ts'
import type { StoredQuote } from './store.ts'
import { oneLine } from './validate.ts'

export interface MailMessage {
  quoteId: number
  /**
   * The same for every send of one request: a resend after a crash (delivery is at least once) is recognised by
   * mail systems as the same message.
   */
  messageId: string
  to: string
  replyTo: { name: string; address: string }
  subject: string
  text: string
  html: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  close?(): void
}

const NOT_GIVEN = '(not given)'

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A Message-ID made from the request (its row and idempotency key), on the site's domain. */
export function messageIdOf(quote: Pick<StoredQuote, 'id' | 'idempotencyKey'>, siteUrl = 'http://localhost'): string {
  let domain = 'localhost'
  try {
    domain = new URL(siteUrl).hostname || domain
  } catch {
    // keep localhost
  }
  const key = quote.idempotencyKey.replace(/[^A-Za-z0-9-]/g, '').slice(0, 48)
  return `<quote-request-${quote.id}-${key}@${domain}>`
}

/** A site path as an absolute link on the site (siteUrl + path), or the bare path without a site URL. */
function linkOf(path: string, siteUrl: string | undefined): string {
  return siteUrl ? `${siteUrl.replace(/\/+$/, '')}${path}` : path
}

/**
 * The request's place as the e-mail names it: its city ("Miami, FL") and its page's service title from the catalogue,
 * and the city's page for that service (a request sent from the quote page that a city page led to names it too).
 */
function placeOf(quote: StoredQuote, places: Places | undefined, siteUrl: string | undefined) {
  const city = quote.city && places && Object.hasOwn(places.cities, quote.city) ? places.cities[quote.city] : undefined
  const service = quote.serviceSlug && places && Object.hasOwn(places.services, quote.serviceSlug) ? places.services[quote.serviceSlug] : undefined
  const cityPage =
    city && service && places
      ? linkOf(
          places.cityServicePath[quote.lang].replace('{city}', quote.city).replace('{service}', quote.lang === 'fr' ? service.fr : quote.serviceSlug),
          siteUrl,
        )
      : undefined
  return { city, service: service?.title, cityPage }
}

/** A place that ends in a Canadian province or territory code, with or without its postal code's first characters ("Moncton, NB E1C"). */
const CANADIAN_PLACE = /(?:^|[\s,])(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)(?:\s+[A-Z]\d[A-Z](?:\s?\d[A-Z]\d)?)?$/
const KM_PER_MILE = 1.609344

/**
 * The place the visitor gave ("City or ZIP") and, when the finder led there, its nearest city with pages and the distance:
 * `Bozeman, MT — nearest served city: Billings, MT, 123 mi`. Miles, as the city pages of US cities show them, unless the
 * request is French or the place is Canadian: km. A whole number, at least 1.
 */
function placeLine(quote: Pick<StoredQuote, 'place' | 'nearCity' | 'nearKm' | 'lang'>, places: Places | undefined): string | undefined {
  if (!quote.place) return undefined
  const near = quote.nearCity && places && Object.hasOwn(places.cities, quote.nearCity) ? places.cities[quote.nearCity] : undefined
  if (!near) return quote.place
  if (quote.nearKm === null) return `${quote.place} — nearest served city: ${near}`
  const km = quote.lang === 'fr' || CANADIAN_PLACE.test(quote.place)
  const distance = Math.max(1, Math.round(km ? quote.nearKm : quote.nearKm / KM_PER_MILE))
  return `${quote.place} — nearest served city: ${near}, ${distance.toLocaleString('en-US')} ${km ? 'km' : 'mi'}`
}

/**
 * The e-mail to the company: Reply-To is the visitor, everything the visitor typed is escaped in the HTML. A request
 * from a French page says so (and gives the English name of the service chosen), so the reply can be in French. The
 * subject and the body name the request's city and service, with absolute links to the page it was sent from and to
 * the city's page for that service, and the place the visitor gave (`placeLine`); the subject names that place when the
 * request has no city.
 */
export function composeQuoteEmail(
  quote: StoredQuote,
  options: { to: string; englishChoice?: (choice: string) => string | undefined; siteUrl?: string; places?: Places },
): MailMessage {
  const name = oneLine(quote.name)
  const french = quote.lang === 'fr'
  const english = french && quote.service ? options.englishChoice?.(quote.service) : undefined
  const place = placeOf(quote, options.places, options.siteUrl)
  const typedPlace = placeLine(quote, options.places)
  const pageLink = quote.page ? linkOf(quote.page, options.siteUrl) : ''
  /** Label, text, and the link the HTML makes of it. */
  const fields: [string, string, string?][] = [
    ['Name', name],
    ['Email', quote.email],
    ['Phone', quote.phone || NOT_GIVEN],
    ['Service', quote.service ? `${quote.service}${english ? ` (${english})` : ''}` : NOT_GIVEN],
    ...(place.city ? [['City', place.city] as [string, string]] : []),
    ...(typedPlace ? [['Place', typedPlace] as [string, string]] : []),
    ...(place.service ? [['Page service', place.service] as [string, string]] : []),
    ['Sent from page', pageLink || NOT_GIVEN, pageLink || undefined],
    ...(place.cityPage && place.cityPage !== pageLink ? [['City page', place.cityPage, place.cityPage] as [string, string, string]] : []),
    ['Language', french ? 'French (fr-CA): sent from a French page, reply in French' : 'English'],
  ]
  const received = `${quote.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  const footer = `Request #${quote.id}, received ${received}. Reply to this e-mail to answer ${name} directly.`

  const text = [
    french ? 'New quote request from a French page of the website: reply in French.' : 'New quote request from the website.',
    '',
    ...fields.map(([label, value]) => `${`${label}:`.padEnd(16)}${value}`),
    '',
    'Message:',
    quote.message || NOT_GIVEN,
    '',
    footer,
    '',
  ].join('\n')

  const cell = 'padding:4px 12px 4px 0;vertical-align:top'
  const rows = fields.map(
    ([label, value, href]) =>
      `<tr><th align="left" style="${cell}">${label}</th><td style="${cell}">${href ? `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>` : escapeHtml(value)}</td></tr>`,
  )
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1e293b;line-height:1.5">
<h1 style="font-size:18px">New quote request${french ? ' (French page: reply in French)' : ''}</h1>
<table style="border-collapse:collapse">${rows.join('')}</table>
<h2 style="font-size:16px">Message</h2>
<p style="white-space:pre-wrap">${escapeHtml(quote.message || NOT_GIVEN)}</p>
<p style="color:#64748b;font-size:12px">${escapeHtml(footer)}</p>
</body></html>
`
  return {
    quoteId: quote.id,
    messageId: messageIdOf(quote, options.siteUrl),
    to: options.to,
    replyTo: { name, address: quote.email },
    subject: oneLine(
      `${french ? '[FR] ' : ''}Quote request: ${english ?? (quote.service || place.service || 'no service chosen')}${place.city || quote.place ? ` in ${place.city ?? quote.place}` : ''} (page ${quote.page || 'unknown'})`,
    ),
    text,
    html,
  }
}

function toNodemailer(message: MailMessage, from: string) {
  return {
    from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    headers: { 'X-Quote-Request-Id': String(message.quoteId) },
  }
}

/**
 * `pool`: reuse up to 5 connections (a long-running server); without it each e-mail opens its own
 * connection, which suits a function instance that may be frozen between requests.
 */
export function createSmtpMailer(settings: SmtpSettings, { pool = false } = {}): Mailer {
  const transport = nodemailer.createTransport({
    ...(pool ? { pool: true, maxConnections: 5 } : {}),
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.auth,
    // Short timeouts: a hung server must fail the attempt (the row stays pending) before its claim expires (30 s).
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 15_000,
  })
  return {
    async send(message) {
      await transport.sendMail(toNodemailer(message, settings.from))
    },
    close: () => transport.close(),
  }
}

/** Without SMTP settings: each e-mail becomes an .eml file (open it with any mail program). */
export function createFileMailer(dir: string, log: (line: string) => void = console.log): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      const info = await transport.sendMail(toNodemailer(message, 'Website quote form <quote-form@localhost>'))
      await mkdir(dir, { recursive: true })
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-quote-${message.quoteId}.eml`)
      await writeFile(file, info.message as Buffer)
      log(`quote request #${message.quoteId} e-mailed to ${file}`)
    },
  }
}
