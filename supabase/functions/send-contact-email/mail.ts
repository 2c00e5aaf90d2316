import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { SmtpSettings } from './config.ts'
import type { StoredQuote } from './store.ts'
import { oneLine } from './validate.ts'

export interface MailMessage {
  quoteId: number
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
    to: options.to,
    replyTo: { name, address: quote.email },
    subject: oneLine(`Quote request: ${quote.service || 'no service chosen'} (page ${quote.page || 'unknown'})`),
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
    // Short timeouts: a hung server must fail the attempt (the row stays pending) well before a claim expires.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
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
