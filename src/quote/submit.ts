import { FunctionsClient, FunctionsFetchError, FunctionsHttpError } from '@supabase/functions-js'

/** SPEC §8: the quote form's toasts, letter for letter. */
export const SUCCESS_MESSAGE = 'Thank you for your inquiry! We will contact you soon.'
export const FUNCTION_ERROR_MESSAGE = 'There was an error submitting your form. Please try again.'
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.'

export const FUNCTION_NAME = 'send-contact-email'
/** Sent with each request; the function stores one row per key, so a repeat is never a second request. */
export const IDEMPOTENCY_HEADER = 'x-idempotency-key'

export interface QuoteRequest {
  name: string
  email: string
  phone: string
  service: string
  message: string
  /** The path of the page the form was sent from. */
  page: string
  [honeypot: string]: string
}

export type SubmitResult = { ok: true } | { ok: false; message: string }

/**
 * The Supabase project when VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY are set at build time;
 * otherwise the local server's copy of the function on the page's own origin.
 */
function functionsClient(fetchImpl?: typeof fetch): FunctionsClient {
  const url = import.meta.env.VITE_SUPABASE_URL as string | undefined
  const anonKey = (import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined) ?? 'local-anon-key'
  const base = url ? `${url.replace(/\/$/, '')}/functions/v1` : `${location.origin}/functions/v1`
  return new FunctionsClient(base, { headers: { Authorization: `Bearer ${anonKey}`, apikey: anonKey }, customFetch: fetchImpl })
}

/** Reads the function's answer: `{ success: true }`, or `{ success: false, error }` with a text the visitor can read. */
function fromBody(body: unknown): SubmitResult | null {
  if (typeof body !== 'object' || body === null) return null
  const { success, error } = body as { success?: unknown; error?: unknown }
  if (success === true) return { ok: true }
  if (success === false && typeof error === 'string' && error.trim() !== '') return { ok: false, message: error }
  return null
}

/**
 * Sends a quote request and maps every outcome to the spec's messages (SPEC §7, §8):
 * never reached the server → network message; an answer of any status whose JSON says
 * `success: false` with an error text → that text; anything else → the function-error message.
 */
export async function submitQuote(request: QuoteRequest, idempotencyKey: string, fetchImpl?: typeof fetch): Promise<SubmitResult> {
  try {
    const { data, error } = await functionsClient(fetchImpl).invoke(FUNCTION_NAME, {
      body: request,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    })
    if (error instanceof FunctionsFetchError) return { ok: false, message: NETWORK_ERROR_MESSAGE }
    if (error instanceof FunctionsHttpError) {
      const response = error.context as Response
      const body = await response.json().catch(() => null)
      const result = fromBody(body)
      return result && !result.ok ? result : { ok: false, message: FUNCTION_ERROR_MESSAGE }
    }
    if (error) return { ok: false, message: FUNCTION_ERROR_MESSAGE }
    return fromBody(data) ?? { ok: false, message: FUNCTION_ERROR_MESSAGE }
  } catch {
    return { ok: false, message: NETWORK_ERROR_MESSAGE }
  }
}
