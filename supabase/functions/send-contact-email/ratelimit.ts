import type { Lang } from '../_shared/quoteContract.ts'

/**
 * Per-client rate limit: at most `max` stored requests per client in a sliding window. The
 * store counts the client's rows, so the limit holds across function instances and restarts.
 * The client is known by an HMAC of its address, never by the address itself.
 */

export interface RateLimit {
  max: number
  windowMs: number
}

/**
 * The client's address. Behind a proxy (Supabase's gateway, TRUST_PROXY) it is the first entry
 * of X-Forwarded-For; otherwise the connection's own address, since anyone can send that header.
 */
export function clientAddress(request: Request, remoteAddr: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return remoteAddr ?? 'unknown'
}

export function createClientHasher(secret: string): (address: string) => Promise<string> {
  const encoder = new TextEncoder()
  const key = crypto.subtle.importKey('raw', encoder.encode(`quote-rate-limit:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return async (address) => {
    const signature = await crypto.subtle.sign('HMAC', await key, encoder.encode(address))
    return Array.from(new Uint8Array(signature).subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('')
  }
}

export function rateLimitMessage(limit: RateLimit, companyEmail: string, lang: Lang = 'en'): string {
  const minutes = Math.max(1, Math.ceil(limit.windowMs / 60_000))
  if (lang === 'fr')
    return `Trop de demandes venant de votre connexion. Veuillez patienter ${minutes} minute${minutes === 1 ? '' : 's'} et réessayer, ou nous écrire à ${companyEmail}.`
  return `Too many requests from your connection. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or email us at ${companyEmail}.`
}
