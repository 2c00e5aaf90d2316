// The e-mails `npm start` writes as .eml files (no SMTP settings): the one about a request, found by the name sent with it.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'
import { headersOf, partOf } from '../function/helpers/smtp'

/** RFC 2047 encoded words ("=?UTF-8?Q?Montr=C3=A9al?=") decoded. */
function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  )
}

/** The e-mail about the request of `name` in a local server's data folder: its subject and its decoded text and HTML parts. */
export async function mailAbout(dataDir: string, name: string): Promise<{ subject: string; text: string; html: string }> {
  const dir = path.join(dataDir, 'mail')
  let found: string | undefined
  await expect
    .poll(
      () => {
        for (const file of readdirSync(dir).filter((f) => f.endsWith('.eml'))) {
          const raw = readFileSync(path.join(dir, file), 'utf8')
          if (partOf(raw, 'text/plain').includes(name)) found = raw
        }
        return found !== undefined
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  return { subject: decodeHeader(headersOf(found!).get('subject') ?? ''), text: partOf(found!, 'text/plain'), html: partOf(found!, 'text/html') }
}
