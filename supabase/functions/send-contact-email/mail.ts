import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { SmtpSettings } from './config.ts'
import type { StoredQuote } from './store.ts'
import { oneLine } from './validate.ts'

export interface MailMessage {
  quoteId: number
  /** When the request was stored: with the id, what makes the Message-ID (see quoteMessageId). */
  receivedAt: Date
  to: string
  replyTo: { name: string; address: string }
  subject: string
  text: string
  html: string
}

export interface Mailer {
  /** `signal`: abort the attempt (the connection is dropped). */
  send(message: MailMessage, signal?: AbortSignal): Promise<void>
  close?(): void
}

const NOT_GIVEN = '(not given)'

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The e-mail to the company: Reply-To is the visitor, everything the visitor typed is escaped in the HTML. */
export function composeQuoteEmail(quote: StoredQuote, options: { to: string }): MailMessage {
  const name = oneLine(quote.name)
  const fields: [string, string][] = [
    ['Name', name],
    ['Email', quote.email],
    ['Phone', quote.phone || NOT_GIVEN],
    ['Service', quote.service || NOT_GIVEN],
    ['Sent from page', quote.page || NOT_GIVEN],
  ]
  const received = `${quote.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  const footer = `Request #${quote.id}, received ${received}. Reply to this e-mail to answer ${name} directly.`

  const text = [
    'New quote request from the website.',
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
  const rows = fields.map(([label, value]) => `<tr><th align="left" style="${cell}">${label}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`)
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1e293b;line-height:1.5">
<h1 style="font-size:18px">New quote request</h1>
<table style="border-collapse:collapse">${rows.join('')}</table>
<h2 style="font-size:16px">Message</h2>
<p style="white-space:pre-wrap">${escapeHtml(quote.message || NOT_GIVEN)}</p>
<p style="color:#64748b;font-size:12px">${escapeHtml(footer)}</p>
</body></html>
`
  return {
    quoteId: quote.id,
    receivedAt: quote.createdAt,
    to: options.to,
    replyTo: { name, address: quote.email },
    subject: oneLine(`Quote request: ${quote.service || 'no service chosen'} (page ${quote.page || 'unknown'})`),
    text,
    html,
  }
}

/**
 * The Message-ID of a request's e-mail, the same on every attempt: delivery is at least once (a crash
 * after the mail server accepted a message and before the row was marked sent means a resend), and a
 * repeated Message-ID lets mail systems recognise the resend. Built from the stored request (its id
 * and the time it was stored) and the sender's domain.
 */
export function quoteMessageId(quote: { id: number; receivedAt: Date }, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
  return `<quote-request-${quote.id}.${quote.receivedAt.getTime()}@${domain.toLowerCase()}>`
}

function toNodemailer(message: MailMessage, from: string, signal?: AbortSignal) {
  return {
    from,
    messageId: quoteMessageId({ id: message.quoteId, receivedAt: message.receivedAt }, from),
    signal,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
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
    // A hung server fails the attempt (the row stays pending); the outbox also ends every attempt after ATTEMPT_MS.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  })
  return {
    async send(message, signal) {
      await transport.sendMail(toNodemailer(message, settings.from, signal))
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
