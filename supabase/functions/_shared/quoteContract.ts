// What the quote form (browser), the local server (server/) and the send-contact-email function (Deno) agree on.
// No imports: the browser bundle, Node and Deno all load this file, and the function is deployed with _shared/.

/** The languages of the site's pages; a request says which one its page was in. */
export const LANGS = ['en', 'fr'] as const
export type Lang = (typeof LANGS)[number]
export const isLang = (value: unknown): value is Lang => (LANGS as readonly unknown[]).includes(value)

/** The function's name, and where Supabase serves functions (the local server serves its copy at the same path). */
export const FUNCTION_NAME = 'send-contact-email'
export const FUNCTIONS_PATH = '/functions/v1'
export const FUNCTION_PATH = `${FUNCTIONS_PATH}/${FUNCTION_NAME}`

/** The idempotency key travels in this header, or in the body field `idempotencyKey`. */
export const IDEMPOTENCY_HEADER = 'x-idempotency-key'

/** A field people and screen readers never meet; a filled one marks the request as spam. */
export const HONEYPOT_FIELD = 'company_website'

/** Length limits in characters (Unicode code points, as Postgres' char_length counts them); `body` in bytes. */
export const LIMITS = { name: 100, email: 254, phone: 40, message: 5000, page: 300, slug: 100, place: 100, body: 32 * 1024 } as const

/** The largest distance to the nearest city a request may name, in km (more is no place in the USA or Canada): else dropped. */
export const NEAR_KM_MAX = 20_000

/**
 * The place a request came from, as the quote page's URL gives it (query parameters; they come from a link, never from what
 * the visitor typed):
 * - a served city: the catalogue slugs of its city and service and the city's name (a city page's 'Get Free Estimate in
 *   {city}', the finder, "use my location"): `/quote?city=boise&service=strip-wax&in=Boise`;
 * - a place without pages of its own (the finder): the place as the finder names it, short form, at most LIMITS.place
 *   characters ("Bozeman, MT", "Bozeman, MT 59715", "Moncton, NB E1C"), the catalogue slug of the nearest city with pages
 *   and the great-circle distance to it in km with one decimal: `/quote?place=Bozeman%2C%20MT&near=billings&km=197.6`.
 */
export const PLACE_PARAMS = { city: 'city', service: 'service', cityName: 'in', place: 'place', near: 'near', nearKm: 'km' } as const

/**
 * The quote form's words (docs/spec.md §4, §5, letter for letter in English), shared by the form
 * (src/components/QuoteForm.tsx) and the function's answer to a refused form post, which shows the form again.
 */
export const FORM_TEXTS = {
  en: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    service: 'Service',
    select: 'Select a service',
    place: 'City or ZIP',
    message: 'Message',
    honeypot: 'Leave this field empty',
    send: 'Send Request',
    sending: 'Sending...',
  },
  fr: {
    name: 'Nom',
    email: 'Courriel',
    phone: 'Téléphone',
    service: 'Service',
    select: 'Choisir un service',
    place: 'Ville ou code postal',
    message: 'Message',
    honeypot: 'Laissez ce champ vide',
    send: 'Envoyer la demande',
    sending: 'Envoi en cours…',
  },
} as const satisfies Record<Lang, Record<string, string>>

/** What a visitor sends in a quote request: the spec's five fields, the page it came from and that page's place. */
export interface QuoteFields {
  name: string
  email: string
  phone: string
  service: string
  message: string
  /** Path of the page the form was sent from, or ''. */
  page: string
  /** Catalogue slug of the city of that page (or of the city page that led to the quote page), or ''. */
  city: string
  /** Catalogue slug of that page's service, or '' (not the visitor's choice: that is `service`). */
  serviceSlug: string
  /**
   * The form's optional "City or ZIP" (forms that do not know their place: quote, contact, home, service pages): one line,
   * at most LIMITS.place characters, as typed or as the finder filled it in; ''.
   */
  place: string
  /** Catalogue slug of the nearest city with pages to `place`, as the finder's link gave it, or ''. */
  nearCity: string
  /** The distance from `place` to `nearCity` in km, one decimal; null without `nearCity`. */
  nearKm: number | null
  /** The language of that page (the e-mail says a French page sent it). */
  lang: Lang
}

/**
 * How long a stored request is kept, in days (RETENTION_DAYS; default two years): the outbox job deletes older ones,
 * and the privacy notice, built with the same variable, says so.
 */
export const RETENTION = { defaultDays: 730, minDays: 1, maxDays: 36_500 } as const

/** RETENTION_DAYS as a number of days: the default when unset or blank, null when it is not a whole number in range. */
export function retentionDaysOf(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return RETENTION.defaultDays
  const days = Number(value.trim())
  return Number.isInteger(days) && days >= RETENTION.minDays && days <= RETENTION.maxDays ? days : null
}

/** The answer's error when the server could not handle a request at all (also the form's toast for it). */
export const FUNCTION_ERROR_MESSAGES = {
  en: 'There was an error submitting your form. Please try again.',
  fr: 'Une erreur s’est produite lors de l’envoi du formulaire. Veuillez réessayer.',
} as const satisfies Record<Lang, string>
