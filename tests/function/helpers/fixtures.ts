import type { HandlerConfig } from '../../../supabase/functions/send-contact-email/config'
import type { Mailer, MailMessage } from '../../../supabase/functions/send-contact-email/mail'
import siteJson from '../../../supabase/functions/_shared/site.json' with { type: 'json' }

export const SITE = siteJson
export const ORIGIN = 'https://www.example-cleaning.test'

export const CONFIG: HandlerConfig = {
  companyName: SITE.company,
  companyEmail: SITE.email,
  mailTo: SITE.email,
  serviceChoices: SITE.quoteServiceChoices,
  siteUrl: SITE.siteUrl,
  functionOrigin: undefined,
  pages: SITE.pages,
  places: SITE.places,
  allowedOrigins: [ORIGIN],
  trustProxy: false,
  rateLimit: { max: 5, windowMs: 10 * 60_000 },
  ipHashSecret: 'test-secret',
  retryEveryMs: null,
  outboxSecret: undefined,
  retentionMs: 730 * 86_400_000,
}

export const VALID = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+1 (555) 010-2000 x12',
  service: 'Strip & Wax',
  message: 'Our lobby floor needs a strip and wax.',
  page: '/services/strip-wax',
  lang: 'en' as const,
}

/** A stored request's place when its page had none (VALID is what a form posts: the place fields are optional). */
export const NO_PLACE = { city: '', serviceSlug: '', place: '', nearCity: '', nearKm: null }

/** A mailer that records what it sends, or fails while `failing` is set. */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = []
  failing: Error | null = null
  async send(message: MailMessage): Promise<void> {
    if (this.failing) throw this.failing
    this.sent.push(message)
  }
}

let counter = 0
/** A fresh, valid idempotency key. */
export const newKey = () => `test-key-${++counter}-${Math.random().toString(36).slice(2)}-0000`

export function post(
  body: unknown,
  { headers = {}, key = newKey(), raw = false }: { headers?: Record<string, string>; key?: string | null; raw?: boolean } = {},
): Request {
  return new Request('http://localhost/functions/v1/send-contact-email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...(key ? { 'x-idempotency-key': key } : {}), ...headers },
    body: raw ? (body as string) : JSON.stringify(body),
  })
}
