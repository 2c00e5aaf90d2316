import { z } from 'zod'
import type { Places } from './config.ts'
import { HONEYPOT_FIELD, isLang, LIMITS, NEAR_KM_MAX, type Lang, type QuoteFields } from '../_shared/quoteContract.ts'

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,128}$/

/** What a visitor reads when a request is refused, in the language of the page it came from. */
export const MESSAGES = {
  en: {
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
    placeTooLong: `Please shorten the city or ZIP to ${LIMITS.place} characters or fewer.`,
    pageInvalid: 'Please reload the page and try again.',
    keyInvalid: 'Please reload the page and try again.',
  },
  fr: {
    unreadable: 'Votre demande n’a pas pu être lue. Veuillez recharger la page et réessayer.',
    nameMissing: 'Veuillez entrer votre nom.',
    nameTooLong: `Veuillez raccourcir votre nom à ${LIMITS.name} caractères ou moins.`,
    emailMissing: 'Veuillez entrer votre adresse courriel.',
    emailInvalid: 'Veuillez entrer une adresse courriel valide.',
    emailTooLong: `Veuillez entrer une adresse courriel d’au plus ${LIMITS.email} caractères.`,
    phoneTooLong: `Veuillez entrer un numéro de téléphone d’au plus ${LIMITS.phone} caractères.`,
    phoneInvalid: 'Veuillez entrer un numéro de téléphone fait seulement de chiffres, d’espaces et des signes + ( ) - . x',
    serviceInvalid: 'Veuillez choisir un service dans la liste.',
    messageTooLong: `Veuillez raccourcir votre message à 5\u00a0000 caractères ou moins.`,
    placeTooLong: `Veuillez raccourcir la ville ou le code postal à ${LIMITS.place} caractères ou moins.`,
    pageInvalid: 'Veuillez recharger la page et réessayer.',
    keyInvalid: 'Veuillez recharger la page et réessayer.',
  },
} as const satisfies Record<Lang, Record<string, string>>

interface QuoteInput extends QuoteFields {
  /** The honeypot was filled. */
  spam: boolean
  idempotencyKey?: string
}

export type Validation = { ok: true; quote: QuoteInput } | { ok: false; error: string; lang: Lang }

const chars = (s: string) => [...s].length
const atMost = (max: number) => (s: string) => chars(s) <= max

/** Control characters other than tab and line breaks (NUL cannot even be stored in Postgres). */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g
/** One line: every run of whitespace or control characters, CR and LF included, becomes one space. */
// eslint-disable-next-line no-control-regex -- control characters are what it replaces
export const oneLine = (s: string) => s.replace(/[\s\u0000-\u001F\u007F]+/g, ' ').trim()
const multiLine = (s: string) => s.replace(CONTROL, '').replace(/\r\n?/g, '\n').trim()

const optionalText = (error: string) =>
  z
    .string({ error })
    .nullish()
    .transform((s) => s ?? '')

/**
 * The server-side rules of the quote form, whatever the browser did. Unknown fields are dropped;
 * the first broken rule is reported as a sentence a visitor can act on, in the language of the request
 * (`lang`; English when absent). The service is one of the choices of that language.
 * The page's place (`city`, `serviceSlug`) is checked against the catalogue and dropped, never refused, when it is
 * not a city or service of the site (a French request: a city with French pages): the request itself stands.
 * The typed place (`place`, "City or ZIP") is text the visitor wrote: one line, at most LIMITS.place characters, kept as
 * typed. Its nearest city (`nearCity`, any city of the catalogue: an English-only city can be a French visitor's nearest)
 * and the distance to it (`nearKm`) come from the finder's link and are dropped, never refused, when they do not fit, and
 * when there is no place for them to describe.
 */
export function createQuoteValidator(
  serviceChoices: Readonly<Record<Lang, readonly string[]>>,
  places: Pick<Places, 'cities' | 'frenchCities' | 'services'>,
): (input: unknown, fallback?: Lang) => Validation {
  const allCities = new Set(Object.keys(places.cities))
  const cities = { en: allCities, fr: new Set(places.frenchCities.filter((slug) => Object.hasOwn(places.cities, slug))) }
  const services = new Set(Object.keys(places.services))
  const schemas = {
    en: schemaFor('en', serviceChoices.en, cities.en, services, allCities),
    fr: schemaFor('fr', serviceChoices.fr, cities.fr, services, allCities),
  }
  return (input, fallback = 'en') => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, error: MESSAGES[fallback].unreadable, lang: fallback }
    const lang = isLang((input as { lang?: unknown }).lang) ? (input as { lang: Lang }).lang : fallback
    const result = schemas[lang].safeParse(input)
    if (!result.success) return { ok: false, error: result.error.issues[0]?.message ?? MESSAGES[lang].unreadable, lang }
    const { [HONEYPOT_FIELD]: spam, nearCity, nearKm, ...fields } = result.data
    // The nearest city describes the place it came with: none without a place, no distance without a city.
    const near = fields.place !== '' && nearCity !== '' ? { nearCity, nearKm } : { nearCity: '', nearKm: null }
    return { ok: true, quote: { ...fields, ...near, lang, spam } }
  }
}

/** A catalogue slug from `known`, else '' (anything else, of any type, is dropped). */
const knownSlug = (known: ReadonlySet<string>) =>
  z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' && v.length <= LIMITS.slug && known.has(v.trim()) ? v.trim() : ''))

/** A distance in km (a number, or the text of one: a form post) from 0 to NEAR_KM_MAX, to one decimal; else null. */
const distanceKm = z
  .unknown()
  .optional()
  .transform((v) => {
    const km = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,6}(\.\d+)?\s*$/.test(v) ? Number(v) : NaN
    return Number.isFinite(km) && km >= 0 && km <= NEAR_KM_MAX ? Math.round(km * 10) / 10 : null
  })

function schemaFor(lang: Lang, serviceChoices: readonly string[], cities: ReadonlySet<string>, services: ReadonlySet<string>, allCities: ReadonlySet<string>) {
  const messages = MESSAGES[lang]
  return z.object({
    name: z
      .string({ error: messages.nameMissing })
      .transform(oneLine)
      .pipe(z.string().min(1, messages.nameMissing).refine(atMost(LIMITS.name), messages.nameTooLong)),
    email: z
      .string({ error: messages.emailMissing })
      .trim()
      .min(1, messages.emailMissing)
      .refine(atMost(LIMITS.email), messages.emailTooLong)
      .pipe(z.email(messages.emailInvalid)),
    phone: optionalText(messages.phoneInvalid)
      .transform((s) => s.trim())
      .pipe(
        z
          .string()
          .refine(atMost(LIMITS.phone), messages.phoneTooLong)
          .regex(/^[0-9 +()\-.x]*$/, messages.phoneInvalid),
      ),
    service: optionalText(messages.serviceInvalid)
      .transform((s) => s.trim())
      .refine((s) => s === '' || serviceChoices.includes(s), messages.serviceInvalid),
    message: optionalText(messages.messageTooLong).transform(multiLine).refine(atMost(LIMITS.message), messages.messageTooLong),
    page: optionalText(messages.pageInvalid)
      .transform((s) => s.trim())
      // eslint-disable-next-line no-control-regex -- a page path has no control characters
      .refine((s) => s === '' || (s.startsWith('/') && !/[\s\u0000-\u001F\u007F]/.test(s)), messages.pageInvalid)
      .refine(atMost(LIMITS.page), messages.pageInvalid),
    city: knownSlug(cities),
    serviceSlug: knownSlug(services),
    place: optionalText(messages.unreadable).transform(oneLine).refine(atMost(LIMITS.place), messages.placeTooLong),
    nearCity: knownSlug(allCities),
    nearKm: distanceKm,
    [HONEYPOT_FIELD]: z
      .unknown()
      .optional()
      .transform((v) => v !== undefined && v !== null && v !== '' && !(typeof v === 'string' && v.trim() === '')),
    idempotencyKey: z.string({ error: messages.keyInvalid }).regex(IDEMPOTENCY_KEY, messages.keyInvalid).optional(),
  })
}

export function isValidIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY.test(key)
}
