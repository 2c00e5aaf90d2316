/**
 * The response headers of the site, shared by the local server and the deploy files for static hosts (hostFiles.ts), so
 * both send the same policy. Cloudflare's runtime, which `npm test` serves the build with, is the reference for the
 * cache headers (tests/e2e/routeTable.test.ts compares the two servers).
 */
import { supabaseUrl } from '../config'

/** Hashed file names under /assets/ never change content. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
/** Everything else (pages, the maps, robots.txt…) is revalidated on every visit, so a new build shows at once: what Cloudflare and Netlify send by default. */
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate'

export function cacheControl(pathname: string): string {
  return pathname.startsWith('/assets/') ? CACHE_IMMUTABLE : CACHE_REVALIDATE
}

/**
 * The folders whose files other origins may embed (`Cross-Origin-Resource-Policy: cross-origin`): the stylesheet and
 * the images that the quote function's own pages (on the Supabase project's origin) load from the site. Everything
 * else, the pages included, is `same-origin`.
 */
export const SHARED_PREFIXES = ['/assets/', '/uploads/'] as const

export function resourcePolicy(pathname: string): 'same-origin' | 'cross-origin' {
  return SHARED_PREFIXES.some((prefix) => pathname.startsWith(prefix)) ? 'cross-origin' : 'same-origin'
}

/** The policy of a build: VITE_SUPABASE_URL, and `hstsPreload` and `siteUrl` of data/site.yaml. */
export function sitePolicy(site: { hstsPreload: boolean; siteUrl: string }, env: Record<string, string | undefined> = process.env): HeaderPolicy {
  return { supabaseUrl: supabaseUrl(env), hstsPreload: site.hstsPreload, siteUrl: site.siteUrl }
}

export interface HeaderPolicy {
  /** VITE_SUPABASE_URL: the quote form may call and post to that project. */
  supabaseUrl?: string
  /** `hstsPreload` of data/site.yaml: the owner asks browsers to preload HTTPS for the domain and all its subdomains. */
  hstsPreload?: boolean
  /** `siteUrl` of data/site.yaml: the canonical host, the only one search engines may index (hostFiles.ts, `noindexHosts`). */
  siteUrl?: string
}

/**
 * Pages load only their own scripts, styles, images and frames (the coverage map), and nothing inline: no page has a
 * `style` attribute or a <style> element (tests/build/output.test.ts), and the toast library's stylesheet is bundled
 * rather than inserted at run time (vite.config.ts). The quote form may call and post to the Supabase project.
 */
export function contentSecurityPolicy(supabaseUrl?: string): string {
  const connect = ["'self'", ...(supabaseUrl ? [originOf(supabaseUrl)] : [])].join(' ')
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    `connect-src ${connect}`,
    // The directory frames the coverage map (/coverage-map.svg), and only the site may frame its files.
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    // The quote form posts to the function when its script is not running (and is sent back here with a 303).
    `form-action ${connect}`,
  ].join('; ')
}

function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    throw new Error(`VITE_SUPABASE_URL: expected the project URL, like https://abcd.supabase.co, got "${url}"`)
  }
}

/** Two years, what hstspreload.org asks for (it accepts one year at least). */
const HSTS_MAX_AGE = 63_072_000

export function strictTransportSecurity(preload = false): string {
  return `max-age=${HSTS_MAX_AGE}; includeSubDomains${preload ? '; preload' : ''}`
}

/** The headers of every answer (the Cross-Origin-Resource-Policy of the pages; see resourcePolicy() for the others). */
export function securityHeaders(policy: HeaderPolicy = {}): Record<string, string> {
  return {
    'Strict-Transport-Security': strictTransportSecurity(policy.hstsPreload),
    'Content-Security-Policy': contentSecurityPolicy(policy.supabaseUrl),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    // The city finder's "use my location" asks for the visitor's position, on the site's own pages only.
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  }
}
