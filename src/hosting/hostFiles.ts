import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { NOT_FOUND_RULES, redirectLines, type RedirectRules } from './redirects'
import { CACHE_IMMUTABLE, securityHeaders } from './headers'

/** `_headers`: the local server's security headers, and the long cache of hashed assets. */
export function headersFile(supabaseUrl?: string): string {
  const header = (name: string, value: string) => `  ${name}: ${value}`
  return [
    '# Response headers for static hosts that read this file (Netlify, Cloudflare Pages).',
    '# Written by src/hosting/hostFiles.ts after each build; the local server (npm start) sends the same.',
    '# Pages get no Cache-Control here: both hosts revalidate HTML by default, and a second rule',
    '# matching /assets/* would have its value joined to this one instead of replacing it.',
    '/*',
    ...Object.entries(securityHeaders(supabaseUrl)).map(([name, value]) => header(name, value)),
    '',
    '# File names under /assets/ contain a hash of their content: cache them for a year.',
    '/assets/*',
    header('Cache-Control', CACHE_IMMUTABLE),
    '',
  ].join('\n')
}

/**
 * `_redirects`: the permanent redirects of old city URLs (src/hosting/redirects.ts), and the not-found screens
 * that a path prefix can select (status 404, Netlify syntax). Static rules come before dynamic ones, as Cloudflare Pages requires.
 */
export function redirectsFile(rules: RedirectRules = NOT_FOUND_RULES): string {
  return [
    '# Written by src/hosting/hostFiles.ts after each build, for hosts that read this file (Netlify, Cloudflare Pages).',
    '# 301: old URLs of cities whose URL slug changed or that were removed (data/city-slugs.csv), to the',
    "# city's new URL or to the service page. 404: the not-found screens a path prefix can express; every",
    '# other miss gets the root 404.html, whose script shows the right screen for the path.',
    ...redirectLines(rules),
    '',
  ].join('\n')
}

/** Writes `_headers` and `_redirects` into the build folder (at the end of every build: src/build/siteFiles.ts). */
export function writeHostFiles(
  distDir: string,
  options: { supabaseUrl?: string; redirects?: RedirectRules } = { supabaseUrl: process.env.VITE_SUPABASE_URL },
): void {
  writeFileSync(path.join(distDir, '_headers'), headersFile(options.supabaseUrl))
  writeFileSync(path.join(distDir, '_redirects'), redirectsFile(options.redirects))
}
