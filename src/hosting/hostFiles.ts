import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { NOT_FOUND_RULES, redirectLines, type RedirectRules } from './redirects'
import { CACHE_IMMUTABLE, resourcePolicy, SHARED_PREFIXES, securityHeaders, type HeaderPolicy } from './headers'
import { writeWhole } from '../files/writeWhole'

/** `_headers`: the local server's security headers, the long cache of hashed assets, the files other origins may embed, and noindex on the site's other hosts. */
export function headersFile(policy: HeaderPolicy = {}): string {
  const header = (name: string, value: string) => `  ${name}: ${value}`
  const shared = (prefix: string) => [
    // Cloudflare joins the values of a header that several matching rules set ("same-origin, cross-origin"): `!`
    // detaches the one of /* first. Netlify skips that line and lets the later rule's value replace the earlier one.
    '  ! Cross-Origin-Resource-Policy',
    header('Cross-Origin-Resource-Policy', resourcePolicy(prefix)),
  ]
  return [
    '# Response headers for static hosts that read this file (Cloudflare, Netlify).',
    '# Written by src/hosting/hostFiles.ts after each build; the local server (npm start) sends the same.',
    '# Pages get no Cache-Control here: both hosts revalidate them by default (public, max-age=0, must-revalidate).',
    '/*',
    ...Object.entries(securityHeaders(policy)).map(([name, value]) => header(name, value)),
    '',
    '# File names under /assets/ contain a hash of their content: cache them for a year. The stylesheet and the images',
    "# may be embedded by other origins: the quote function's pages, on the Supabase project's origin, show them.",
    ...SHARED_PREFIXES.flatMap((prefix) => [`${prefix}*`, ...(prefix === '/assets/' ? [header('Cache-Control', CACHE_IMMUTABLE)] : []), ...shared(prefix), '']),
    "# A copy of the site at another address stays out of search engines: the Worker's workers.dev address and each",
    "# version's preview URL (Cloudflare matches a host's rule by the request's Host), and the canonical host's other name.",
    ...noindexHosts(policy.siteUrl).flatMap((host) => [`https://${host}/*`, header('X-Robots-Tag', 'noindex'), '']),
  ].join('\n')
}

/**
 * The hosts that answer `X-Robots-Tag: noindex` (docs/deploy.md, "Previews"), as `_headers` rules' hosts, in which a
 * `:name` stands for one label: every workers.dev address (`<worker>.<subdomain>.workers.dev`, the previews'
 * `<version>-<worker>.<subdomain>.workers.dev`; one to three labels before `workers.dev`), and the other name of the
 * canonical host (`site.url` of data/site.yaml: the apex for a `www.` host, else the `www.` one). The canonical host
 * matches none.
 */
export function noindexHosts(siteUrl?: string): string[] {
  const workersDev = [':a.workers.dev', ':a.:b.workers.dev', ':a.:b.:c.workers.dev']
  if (!siteUrl) return workersDev
  const canonical = new URL(siteUrl).hostname
  return [...workersDev, canonical.startsWith('www.') ? canonical.slice('www.'.length) : `www.${canonical}`]
}

/**
 * `_redirects`: the permanent redirects of old city URLs (src/hosting/redirects.ts), and the not-found screens
 * that a path prefix can select (status 404, Netlify syntax). Static rules come before dynamic ones, as Cloudflare requires.
 */
export function redirectsFile(rules: RedirectRules = NOT_FOUND_RULES): string {
  return [
    '# Written by src/hosting/hostFiles.ts after each build, for hosts that read this file (Cloudflare, Netlify).',
    '# 301: old URLs of cities whose URL slug changed or that were removed (data/city-slugs.csv), to the',
    "# city's new URL or to the service page. 404: the not-found screens a path prefix can express (Netlify;",
    '# Cloudflare ignores them: its Worker answers every miss with the right screen); every other miss gets the',
    '# root 404.html, whose script shows the right screen for the path.',
    ...redirectLines(rules),
    '',
  ].join('\n')
}

/** Writes `_headers` and `_redirects` into the build folder (at the end of every build: src/build/siteFiles.ts). */
export function writeHostFiles(distDir: string, options: HeaderPolicy & { redirects?: RedirectRules } = { supabaseUrl: process.env.VITE_SUPABASE_URL }): void {
  replaceFile(path.join(distDir, '_headers'), headersFile(options))
  replaceFile(path.join(distDir, '_redirects'), redirectsFile(options.redirects))
}

/**
 * Writes `text` unless the file holds it already, and then whole: a host's local runtime that watches the file
 * (`wrangler dev` reads it again on every change) never reads it empty or half-written.
 */
function replaceFile(file: string, text: string): void {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return
  writeWhole(file, text)
}
