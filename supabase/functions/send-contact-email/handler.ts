import type { HandlerConfig } from './config.ts'
import { createCors } from './cors.ts'
import type { Mailer } from './mail.ts'
import { errorPage, isFormPost, readFormFields, thankYouRedirect } from './formPost.ts'
import { deliver, LEASE_MS, runOutbox, type DeliveryDeps } from './outbox.ts'
import { clientAddress, createClientHasher, rateLimitMessage } from './ratelimit.ts'
import type { Admission, QuoteStore } from './store.ts'
import { createQuoteValidator, IDEMPOTENCY_HEADER, isValidIdempotencyKey, LIMITS, MESSAGES } from './validate.ts'

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
}

export interface ConnectionInfo {
  /** The address of the peer of the connection. */
  remoteAddr?: string
}

export type QuoteHandler = (request: Request, connection?: ConnectionInfo) => Promise<Response>

export const HANDLER_MESSAGES = {
  origin: 'This form can only be sent from our website.',
  method: 'This address only accepts quote requests sent by the website form.',
  tooLarge: 'Your request is too large. Please shorten your message and try again.',
  storeDown: (email: string) => `We could not save your request just now. Please try again in a few minutes, or email us at ${email}.`,
  outboxForbidden: 'Wrong or missing outbox secret.',
} as const

/** A scheduled job (Supabase Cron) sends OUTBOX_SECRET in this header to have unsent requests e-mailed. */
export const OUTBOX_HEADER = 'x-outbox-secret'

/**
 * POST JSON → 200 `{ success: true }` once the request is stored, or `{ success: false, error }`
 * with a message a visitor can read. POST of the plain HTML form (urlencoded) → 303 to the site's
 * thank-you page, or a page with the message. Stores first, then e-mails.
 */
export function createHandler(deps: HandlerDeps): QuoteHandler {
  const { store, config } = deps
  const now = deps.now ?? (() => new Date())
  const log = deps.log ?? ((line: string) => console.log(line))
  const cors = createCors(config.allowedOrigins)
  const validate = createQuoteValidator(config.serviceChoices)
  const hashClient = createClientHasher(config.ipHashSecret)
  const delivery: DeliveryDeps = { store, mailer: deps.mailer, mailTo: config.mailTo, now, log }
  const afterAnswer = async (work: () => Promise<unknown>) => {
    if (deps.background) deps.background(work)
    else await work()
  }
  let lastRetry = now().getTime()

  return async (request, connection = {}) => {
    const origin = request.headers.get('origin')
    if (request.method === 'OPTIONS') return cors.preflight(request)
    if (request.headers.has(OUTBOX_HEADER)) return scheduledOutbox(request.headers.get(OUTBOX_HEADER)!)
    const form = request.method === 'POST' && isFormPost(request)
    let page: unknown
    const headers = (extra: Record<string, string> = {}) => ({ ...cors.headers(origin), ...extra })
    const fail = (status: number, error: string, extra?: Record<string, string>) =>
      form ? errorPage(config, { status, message: error, origin, page, headers: headers(extra) }) : json(status, { success: false, error }, headers(extra))

    if (!cors.allows(origin)) return fail(403, HANDLER_MESSAGES.origin)
    if (request.method !== 'POST') return fail(405, HANDLER_MESSAGES.method, { Allow: 'POST, OPTIONS' })
    if (!form && !/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? '')) return fail(415, MESSAGES.unreadable)
    const text = await readText(request, LIMITS.body)
    if (text === null) return fail(413, HANDLER_MESSAGES.tooLarge)
    let body: unknown
    if (form) {
      body = readFormFields(text)
      page = (body as Record<string, string>).page
    } else {
      try {
        body = JSON.parse(text)
      } catch {
        return fail(400, MESSAGES.unreadable)
      }
    }
    const checked = validate(body)
    if (!checked.ok) return fail(400, checked.error)
    const { spam, idempotencyKey, ...fields } = checked.quote
    const headerKey = request.headers.get(IDEMPOTENCY_HEADER)
    if (headerKey !== null && !isValidIdempotencyKey(headerKey)) return fail(400, MESSAGES.keyInvalid)

    const at = now()
    let admission: Admission
    try {
      const clientHash = await hashClient(clientAddress(request, connection.remoteAddr, config.trustProxy))
      admission = await store.admit(
        { ...fields, spam, idempotencyKey: headerKey ?? idempotencyKey ?? crypto.randomUUID(), clientHash, createdAt: at },
        { max: config.rateLimit.max, since: new Date(at.getTime() - config.rateLimit.windowMs), leaseUntil: new Date(at.getTime() + LEASE_MS) },
      )
    } catch (error) {
      log(`quote request not stored: ${error instanceof Error ? error.message : String(error)}`)
      return fail(503, HANDLER_MESSAGES.storeDown(config.companyEmail), { 'Retry-After': '60' })
    }
    if (admission.outcome === 'rate-limited') {
      return fail(429, rateLimitMessage(config.rateLimit, config.companyEmail), { 'Retry-After': String(Math.ceil(config.rateLimit.windowMs / 1000)) })
    }

    if (admission.outcome === 'stored' && admission.quote.status === 'pending') {
      const quote = admission.quote
      await afterAnswer(() => deliver(quote, delivery))
    }
    if (config.retryEveryMs !== null && at.getTime() - lastRetry >= config.retryEveryMs) {
      lastRetry = at.getTime()
      await afterAnswer(() => runOutbox(delivery, { manual: false }).catch((e: Error) => log(`outbox: ${e.message}`)))
    }
    return form ? thankYouRedirect(config, origin, headers()) : json(200, { success: true }, headers())
  }

  /** The scheduled retry: e-mails every unsent request that is due, and says how many went out. */
  async function scheduledOutbox(secret: string): Promise<Response> {
    if (config.outboxSecret === null || !sameSecret(secret, config.outboxSecret)) return json(403, { success: false, error: HANDLER_MESSAGES.outboxForbidden }, {})
    try {
      const { sent, failed } = await runOutbox(delivery, { manual: false })
      if (sent + failed > 0) log(`outbox (scheduled): ${sent} sent, ${failed} failed`)
      return json(200, { success: true, sent, failed }, {})
    } catch (error) {
      log(`outbox (scheduled): ${error instanceof Error ? error.message : String(error)}`)
      return json(503, { success: false, error: 'The database is not reachable.' }, {})
    }
  }
}

/** Compares two secrets in time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given)
  const b = new TextEncoder().encode(expected)
  let difference = a.length ^ b.length
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ b[i]!
  return difference === 0
}

function json(status: number, body: object, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })
}

/** The body as text, or null when it is larger than `limit` bytes (reading stops there). */
async function readText(request: Request, limit: number): Promise<string | null> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) {
    await request.body?.cancel().catch(() => undefined)
    return null
  }
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}
