import { IDEMPOTENCY_HEADER, isLang, LIMITS, type Lang } from '../_shared/quoteContract.ts'
import type { HandlerConfig } from './config.ts'
import { createCors } from './cors.ts'
import { formErrorPage, formRedirect, siteOriginFor, typedFields, type TypedFields } from './formPost.ts'
import { pageHeaders } from './pageHeaders.ts'
import type { Mailer } from './mail.ts'
import { deliver, LEASE_MS, runOutbox, type DeliveryDeps } from './outbox.ts'
import { clientAddress, createClientHasher, rateLimitMessage } from './ratelimit.ts'
import type { Admission, QuoteStore } from './store.ts'
import { createQuoteValidator, isValidIdempotencyKey, MESSAGES } from './validate.ts'

export interface HandlerDeps {
  store: QuoteStore
  mailer: Mailer
  config: HandlerConfig
  now?: () => Date
  /**
   * Runs work after the answer (Supabase: EdgeRuntime.waitUntil), so the visitor does not wait
   * for the e-mail. Without it the e-mail is sent before answering.
   */
  background?: (work: () => Promise<unknown>) => void
  log?: (line: string) => void
  /**
   * Where the answer to a refused form post reads the site's page the form was on (formPost.ts): by default from the
   * origin the visitor came from (an allowed one, else siteUrl) with fetch. The local server reads its own address.
   */
  pages?: { origin?: string; fetch?: typeof fetch }
}

interface ConnectionInfo {
  /** The address of the peer of the connection. */
  remoteAddr?: string
}

export type QuoteHandler = (request: Request, connection?: ConnectionInfo) => Promise<Response>

export const HANDLER_MESSAGES = {
  en: {
    origin: 'This form can only be sent from our website.',
    method: 'This address only accepts quote requests sent by the website form.',
    tooLarge: 'Your request is too large. Please shorten your message and try again.',
    storeDown: (email: string) => `We could not save your request just now. Please try again in a few minutes, or email us at ${email}.`,
  },
  fr: {
    origin: 'Ce formulaire ne peut être envoyé qu’à partir de notre site Web.',
    method: 'Cette adresse n’accepte que les demandes de soumission envoyées par le formulaire du site.',
    tooLarge: 'Votre demande est trop volumineuse. Veuillez raccourcir votre message et réessayer.',
    storeDown: (email: string) =>
      `Nous n’avons pas pu enregistrer votre demande pour le moment. Veuillez réessayer dans quelques minutes ou nous écrire à ${email}.`,
  },
} as const satisfies Record<Lang, Record<string, unknown>>

/** The header a scheduled job (Supabase Cron, supabase/migrations) sends, with OUTBOX_SECRET, to e-mail what is pending. */
export const OUTBOX_SECRET_HEADER = 'x-outbox-secret'

/** What a <form method="post"> sends (the quote form sets no enctype). */
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i

/**
 * POST JSON (the form's script) → 200 `{ success: true }` once the request is stored, or `{ success: false, error }`
 * with a message a visitor can read. POST form data (the form without JavaScript) → 303 to the site's thank-you page,
 * or a page with the message and a way back. Either way the request is stored first, then e-mailed, and the answers
 * are in the language of the page it came from.
 */
export function createHandler(deps: HandlerDeps): QuoteHandler {
  const { store, config } = deps
  const now = deps.now ?? (() => new Date())
  const log = deps.log ?? ((line: string) => console.log(line))
  const cors = createCors(config.allowedOrigins)
  const pages = { origin: deps.pages?.origin, fetch: deps.pages?.fetch ?? ((input, init) => fetch(input, init)) } satisfies Parameters<typeof formErrorPage>[2]
  const validate = createQuoteValidator(config.serviceChoices, config.places)
  const hashClient = createClientHasher(config.ipHashSecret)
  const delivery = deliveryFor(config, { store, mailer: deps.mailer, now, log })
  const afterAnswer = async (work: () => Promise<unknown>) => {
    if (deps.background) deps.background(work)
    else await work()
  }
  let lastRetry = now().getTime()

  return async (request, connection = {}) => {
    const origin = request.headers.get('origin')
    if (request.method === 'OPTIONS') return cors.preflight(request)
    if (request.method === 'POST' && config.outboxSecret && request.headers.get(OUTBOX_SECRET_HEADER) !== null) {
      if (request.headers.get(OUTBOX_SECRET_HEADER) !== config.outboxSecret) return json(403, { success: false, error: 'Forbidden' }, {})
      const result = await runOutbox(delivery, { manual: false })
      return json(200, { success: true, ...result }, {})
    }
    const isForm = FORM_TYPE.test(request.headers.get('content-type') ?? '')
    let lang = langOf(request)
    let backTo = ''
    /** What a form post held, once read: a refused one is shown again filled in with it. */
    let typed: TypedFields | null = null
    // A form posted without JavaScript is answered with a page; the form's script gets JSON.
    const answer = async (status: number, error: string | null, headers: Record<string, string> = {}): Promise<Response> => {
      if (isForm) {
        const site = siteOriginFor(origin, config)
        if (error === null) return formRedirect(site, config.pages.thankYou[lang])
        return formErrorPage({ status, error, lang, site, page: backTo, typed, headers: { ...headers, ...pageHeaders(site) } }, config, pages)
      }
      return json(status, error === null ? { success: true } : { success: false, error }, { ...cors.headers(origin), ...headers })
    }

    // The form of the function's own page for a refused post (formPost.ts) is posted from the function's origin.
    const fromOwnPage = isForm && origin !== null && origin === config.functionOrigin
    if (!cors.allows(origin) && !fromOwnPage) return answer(403, HANDLER_MESSAGES[lang].origin)
    if (request.method !== 'POST') return answer(405, HANDLER_MESSAGES[lang].method, { Allow: 'POST, OPTIONS' })
    if (!isForm && !/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? '')) return answer(415, MESSAGES[lang].unreadable)
    // A form post too large is still shown again with the fields that arrived whole (the message last, cut).
    const read = await readText(request, LIMITS.body, isForm)
    if (!read.complete) {
      if (isForm) {
        const fields = formFields(read.text.replace(/%[0-9A-Fa-f]?$/, ''))
        typed = typedFields(fields)
        backTo = fields.page ?? ''
      }
      return answer(413, HANDLER_MESSAGES[lang].tooLarge)
    }
    const text = read.text
    let body: unknown
    try {
      body = isForm ? formFields(text) : JSON.parse(text)
    } catch {
      return answer(400, MESSAGES[lang].unreadable)
    }
    if (isForm) typed = typedFields(body as Record<string, string>)
    const checked = validate(body, lang)
    if (typeof (body as { page?: unknown })?.page === 'string') backTo = (body as { page: string }).page
    if (!checked.ok) {
      lang = checked.lang
      return answer(400, checked.error)
    }
    lang = checked.quote.lang
    const { spam, idempotencyKey, ...fields } = checked.quote
    const headerKey = request.headers.get(IDEMPOTENCY_HEADER)
    if (headerKey !== null && !isValidIdempotencyKey(headerKey)) return answer(400, MESSAGES[lang].keyInvalid)

    const at = now()
    let admission: Admission
    try {
      const clientHash = await hashClient(clientAddress(request, connection.remoteAddr, config.trustProxy))
      // Without JavaScript there is no key per filled form: the same content from the same client within
      // ten minutes (a double click, a resent form) is one request.
      const key = headerKey ?? idempotencyKey ?? (isForm ? await contentKey(clientHash, fields, at) : crypto.randomUUID())
      admission = await store.admit(
        { ...fields, spam, idempotencyKey: key, clientHash, createdAt: at },
        { max: config.rateLimit.max, since: new Date(at.getTime() - config.rateLimit.windowMs), leaseUntil: new Date(at.getTime() + LEASE_MS) },
      )
    } catch (error) {
      log(`quote request not stored: ${error instanceof Error ? error.message : String(error)}`)
      return answer(503, HANDLER_MESSAGES[lang].storeDown(config.companyEmail), { 'Retry-After': '60' })
    }
    if (admission.outcome === 'rate-limited') {
      return answer(429, rateLimitMessage(config.rateLimit, config.companyEmail, lang), { 'Retry-After': String(Math.ceil(config.rateLimit.windowMs / 1000)) })
    }

    if (admission.outcome === 'stored' && admission.quote.status === 'pending') {
      const quote = admission.quote
      await afterAnswer(() => deliver(quote, delivery))
    }
    if (config.retryEveryMs !== null && at.getTime() - lastRetry >= config.retryEveryMs) {
      lastRetry = at.getTime()
      await afterAnswer(() => runOutbox(delivery, { manual: false }).catch((e: Error) => log(`outbox: ${e.message}`)))
    }
    return answer(200, null)
  }
}

/**
 * What sending a request's e-mail needs, the same for the first attempt (here) and every retry (the outbox of the
 * local server, the scheduled job, `npm run outbox`): the same Message-ID domain, English service names and places,
 * and the retention period the outbox job enforces.
 */
export function deliveryFor(config: HandlerConfig, deps: Pick<DeliveryDeps, 'store' | 'mailer' | 'now' | 'log'>): DeliveryDeps {
  return {
    ...deps,
    mailTo: config.mailTo,
    englishChoice: englishChoiceOf(config),
    siteUrl: config.siteUrl,
    places: config.places,
    retentionMs: config.retentionMs,
  }
}

/** The language of a request before its body is read: `?lang=` of the form's action, else English. */
function langOf(request: Request): Lang {
  const lang = new URL(request.url, 'http://localhost').searchParams.get('lang')
  return isLang(lang) ? lang : 'en'
}

/** The English choice of a French one (same position in the lists), for the company's e-mail. */
function englishChoiceOf(config: HandlerConfig): (choice: string) => string | undefined {
  return (choice) => {
    const i = config.serviceChoices.fr.indexOf(choice)
    return i >= 0 ? config.serviceChoices.en[i] : undefined
  }
}

async function contentKey(clientHash: string, fields: object, at: Date): Promise<string> {
  const window = Math.floor(at.getTime() / 600_000)
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify([clientHash, fields, window])))
  return `form-${Array.from(new Uint8Array(digest).subarray(0, 24), (b) => b.toString(16).padStart(2, '0')).join('')}`
}

function formFields(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text))
}

function json(status: number, body: object, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })
}

/**
 * The body as text; `complete: false` when it is larger than `limit` bytes (reading stops there). Then `text` is its
 * first `limit` bytes when `keepStart`, else '' (a body that declares a larger length is not read at all).
 */
async function readText(request: Request, limit: number, keepStart: boolean): Promise<{ text: string; complete: boolean }> {
  if (!keepStart && Number(request.headers.get('content-length') ?? 0) > limit) {
    await request.body?.cancel().catch(() => undefined)
    return { text: '', complete: false }
  }
  if (!request.body) return { text: '', complete: true }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  let complete = true
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (size + value.byteLength > limit) {
      complete = false
      await reader.cancel().catch(() => undefined)
      if (keepStart) chunks.push(value.subarray(0, limit - size))
      size = keepStart ? limit : size
      break
    }
    size += value.byteLength
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { text: complete || keepStart ? new TextDecoder().decode(bytes) : '', complete }
}
