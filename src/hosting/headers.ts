import { FINDER_INDEX_PATH } from '../finder/format'

/**
 * The response headers of the site, shared by the local server and the deploy files for static
 * hosts (hostFiles.ts), so both send the same policy.
 */

/** Hashed file names under /assets/ never change content. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
/** Pages are revalidated on every visit, so a new build shows at once. */
export const CACHE_PAGE = 'no-cache'
const CACHE_OTHER = 'public, max-age=3600'

export function cacheControl(pathname: string): string {
  if (pathname.startsWith('/assets/')) return CACHE_IMMUTABLE
  // The city finder's first part follows every edit of the cities, like the pages (its other parts are under /assets/).
  if (pathname === FINDER_INDEX_PATH) return CACHE_PAGE
  const file = pathname.slice(pathname.lastIndexOf('/') + 1)
  return file.endsWith('.html') || !file.includes('.') ? CACHE_PAGE : CACHE_OTHER
}

/**
 * Pages load only their own scripts, styles and images. Styles allow 'unsafe-inline' because the
 * toast library (sonner) inserts its stylesheet as a <style> element at run time; scripts never do.
 * The quote form may call and post to the Supabase project (VITE_SUPABASE_URL).
 */
export function contentSecurityPolicy(supabaseUrl?: string): string {
  const connect = ["'self'", ...(supabaseUrl ? [originOf(supabaseUrl)] : [])].join(' ')
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'self'",
    // The quote form posts to the function when its script is not running (and is sent back here with a 303).
    `form-action ${connect}`,
    "frame-ancestors 'none'",
  ].join('; ')
}

function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    throw new Error(`VITE_SUPABASE_URL: expected the project URL, like https://abcd.supabase.co, got "${url}"`)
  }
}

export function securityHeaders(supabaseUrl?: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(supabaseUrl),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    // The city finder's 'Use my location' asks for the position: this site alone may (issue 28).
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  }
}
