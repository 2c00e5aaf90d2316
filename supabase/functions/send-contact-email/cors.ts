import { IDEMPOTENCY_HEADER } from '../_shared/quoteContract.ts'

/** What supabase-js / functions-js send, plus our idempotency key. */
const ALLOWED_HEADERS = `authorization, x-client-info, apikey, content-type, ${IDEMPOTENCY_HEADER}`

export interface Cors {
  /** A request without Origin (curl, a server) is allowed: CORS only concerns browsers. */
  allows(origin: string | null): boolean
  /** Headers for any answer to an allowed origin. */
  headers(origin: string | null): Record<string, string>
  /** The answer to a preflight (OPTIONS) request. */
  preflight(request: Request): Response
}

/** `allowedOrigins` are origins like `https://www.example.com`; `*` allows any. */
export function createCors(allowedOrigins: readonly string[]): Cors {
  const anyOrigin = allowedOrigins.includes('*')
  const allowed = new Set(allowedOrigins)
  const allows = (origin: string | null) => origin === null || anyOrigin || allowed.has(origin)
  const headers = (origin: string | null): Record<string, string> =>
    origin !== null && allows(origin) ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : { Vary: 'Origin' }

  return {
    allows,
    headers,
    preflight(request) {
      const origin = request.headers.get('origin')
      if (!allows(origin)) return new Response(null, { status: 403, headers: { Vary: 'Origin' } })
      return new Response(null, {
        status: 204,
        headers: {
          ...headers(origin),
          'Access-Control-Allow-Methods': 'POST, OPTIONS',
          'Access-Control-Allow-Headers': ALLOWED_HEADERS,
          'Access-Control-Max-Age': '86400',
        },
      })
    },
  }
}
