import { FunctionsClient, FunctionsFetchError, FunctionsHttpError } from '@supabase/functions-js'
import { FUNCTION_NAME, FUNCTIONS_PATH, type HONEYPOT_FIELD, IDEMPOTENCY_HEADER, type QuoteFields } from '../../supabase/functions/_shared/quoteContract'
import type { Lang } from '../i18n/lang'
import { TOASTS } from './messages'

export { FUNCTION_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, SUCCESS_MESSAGE, TOASTS } from './messages'

/** The body the function validates (the contract module has no imports: nothing of the function ships to the browser). */
type PlaceField = 'city' | 'serviceSlug' | 'place' | 'nearCity' | 'nearKm'
export interface QuoteRequest extends Omit<QuoteFields, 'lang' | PlaceField>, Partial<Pick<QuoteFields, PlaceField>> {
  /** The language of the page the form was sent from: the function answers and e-mails in it. */
  lang?: Lang
  /** The honeypot: empty when a person fills the form. */
  [HONEYPOT_FIELD]?: string
}

export type SubmitResult = { ok: true } | { ok: false; message: string }

export interface SubmitOptions {
  /** Functions base URL; default: VITE_SUPABASE_URL + FUNCTIONS_PATH, else the page's own origin (the local server). */
  url?: string
  anonKey?: string
  fetch?: typeof fetch
  /** A request still unanswered after this long counts as a network failure. */
  timeoutMs?: number
  /** The language of the messages (the request's `lang`). */
  lang?: Lang
}

/**
 * Sends a quote request and maps every outcome to the spec's messages (docs/spec.md §7, §8). The client
 * never throws: a request that never reached the server comes back as FunctionsFetchError (→ the
 * network message), a non-2xx answer as FunctionsHttpError with the Response in `context`. An
 * answer of any status whose JSON says `success: false` with an error text → that text; anything
 * else → the function-error message.
 */
export async function submitQuote(request: QuoteRequest, idempotencyKey: string, options: SubmitOptions = {}): Promise<SubmitResult> {
  // Vite replaces each import.meta.env.VITE_* at build time; `??` reads them only when no option is given.
  const url = options.url ?? functionsUrl(import.meta.env.VITE_SUPABASE_URL as string | undefined)
  // The local server ignores the key; Supabase needs the project's public anon key.
  const anonKey = options.anonKey ?? (import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined) ?? 'local-anon-key'
  const client = new FunctionsClient(url, { headers: { Authorization: `Bearer ${anonKey}`, apikey: anonKey }, customFetch: options.fetch })

  const response: { data: unknown; error: unknown } = await client.invoke(FUNCTION_NAME, {
    body: request,
    // Sent with each request; the function stores one row per key, so a repeat is never a second request.
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    timeout: options.timeoutMs ?? 20_000,
  })
  const { data, error } = response
  const toasts = TOASTS[options.lang ?? request.lang ?? 'en']
  if (error instanceof FunctionsFetchError) return { ok: false, message: toasts.networkError }
  const answer: unknown = error instanceof FunctionsHttpError ? await readJson(error.context) : error ? undefined : data
  if (typeof answer === 'object' && answer !== null) {
    const { success, error: text } = answer as { success?: unknown; error?: unknown }
    if (!error && success === true) return { ok: true }
    if (success === false && typeof text === 'string' && text.trim() !== '') return { ok: false, message: text }
  }
  return { ok: false, message: toasts.functionError }
}

/** The Supabase project's functions, or the local server's copy on the page's own origin. */
function functionsUrl(projectUrl: string | undefined): string {
  return `${projectUrl ? projectUrl.replace(/\/+$/, '') : location.origin}${FUNCTIONS_PATH}`
}

async function readJson(response: unknown): Promise<unknown> {
  try {
    return await (response as Response).json()
  } catch {
    return undefined
  }
}
