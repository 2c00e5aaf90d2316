import { z } from 'zod'

/** Length limits in characters (Unicode code points, as Postgres' char_length counts them). */
export const LIMITS = { name: 100, email: 254, phone: 40, message: 5000, page: 300, body: 32 * 1024 } as const

/** A field people and screen readers never meet; a filled one marks the request as spam. */
export const HONEYPOT_FIELD = 'company_website'
/** The idempotency key travels in this header, or in the body field `idempotencyKey`. */
export const IDEMPOTENCY_HEADER = 'x-idempotency-key'
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,128}$/

export const MESSAGES = {
  unreadable: 'Your request could not be read. Please reload the page and try again.',
  nameMissing: 'Please enter your name.',
  nameTooLong: `Please shorten your name to ${LIMITS.name} characters or fewer.`,
  emailMissing: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  emailTooLong: `Please enter an email address of at most ${LIMITS.email} characters.`,
  phoneTooLong: `Please enter a phone number of at most ${LIMITS.phone} characters.`,
  phoneInvalid: 'Please enter a phone number using only digits, spaces and + ( ) - . x',
  serviceInvalid: 'Please choose a service from the list.',
  messageTooLong: `Please shorten your message to ${LIMITS.message.toLocaleString('en-US')} characters or fewer.`,
  pageInvalid: 'Please reload the page and try again.',
  keyInvalid: 'Please reload the page and try again.',
} as const

/** What a visitor sends in a quote request: the spec's five fields and the page it came from. */
export interface QuoteFields {
  name: string
  email: string
  phone: string
  service: string
  message: string
  /** Path of the page the form was sent from, or ''. */
  page: string
}

export interface QuoteInput extends QuoteFields {
  /** The honeypot was filled. */
  spam: boolean
  idempotencyKey?: string
}

export type Validation = { ok: true; quote: QuoteInput } | { ok: false; error: string }

const chars = (s: string) => [...s].length
const atMost = (max: number) => (s: string) => chars(s) <= max

/** Control characters other than tab and line breaks (NUL cannot even be stored in Postgres). */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g
/** One line: every run of whitespace or control characters, CR and LF included, becomes one space. */
export const oneLine = (s: string) => s.replace(/[\s\u0000-\u001F\u007F]+/g, ' ').trim()
const multiLine = (s: string) => s.replace(CONTROL, '').replace(/\r\n?/g, '\n').trim()

const optionalText = (error: string) =>
  z
    .string({ error })
    .nullish()
    .transform((s) => s ?? '')

/**
 * The server-side rules of the quote form, whatever the browser did. Unknown fields are dropped;
 * the first broken rule is reported as a sentence a visitor can act on.
 */
export function createQuoteValidator(serviceChoices: readonly string[]): (input: unknown) => Validation {
  const schema = z.object({
    name: z
      .string({ error: MESSAGES.nameMissing })
      .transform(oneLine)
      .pipe(z.string().min(1, MESSAGES.nameMissing).refine(atMost(LIMITS.name), MESSAGES.nameTooLong)),
    email: z
      .string({ error: MESSAGES.emailMissing })
      .trim()
      .min(1, MESSAGES.emailMissing)
      .refine(atMost(LIMITS.email), MESSAGES.emailTooLong)
      .pipe(z.email(MESSAGES.emailInvalid)),
    phone: optionalText(MESSAGES.phoneInvalid)
      .transform((s) => s.trim())
      .pipe(z.string().refine(atMost(LIMITS.phone), MESSAGES.phoneTooLong).regex(/^[0-9 +()\-.x]*$/, MESSAGES.phoneInvalid)),
    service: optionalText(MESSAGES.serviceInvalid)
      .transform((s) => s.trim())
      .refine((s) => s === '' || serviceChoices.includes(s), MESSAGES.serviceInvalid),
    message: optionalText(MESSAGES.messageTooLong)
      .transform(multiLine)
      .refine(atMost(LIMITS.message), MESSAGES.messageTooLong),
    page: optionalText(MESSAGES.pageInvalid)
      .transform((s) => s.trim())
      .refine((s) => s === '' || (s.startsWith('/') && !/[\s\u0000-\u001F\u007F]/.test(s)), MESSAGES.pageInvalid)
      .refine(atMost(LIMITS.page), MESSAGES.pageInvalid),
    [HONEYPOT_FIELD]: z.unknown().optional().transform((v) => v !== undefined && v !== null && v !== '' && !(typeof v === 'string' && v.trim() === '')),
    idempotencyKey: z.string({ error: MESSAGES.keyInvalid }).regex(IDEMPOTENCY_KEY, MESSAGES.keyInvalid).optional(),
  })

  return (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, error: MESSAGES.unreadable }
    const result = schema.safeParse(input)
    if (!result.success) return { ok: false, error: result.error.issues[0]?.message ?? MESSAGES.unreadable }
    const { [HONEYPOT_FIELD]: spam, ...fields } = result.data
    return { ok: true, quote: { ...fields, spam } }
  }
}

export function isValidIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY.test(key)
}
