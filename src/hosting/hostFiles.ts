import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { notFoundFile } from '../urls/notFound'
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

/** `_redirects`: the not-found screens that a path prefix can select (status 404, Netlify syntax). */
export function redirectsFile(): string {
  return [
    '# Not-found screens with status 404 for hosts that read this file (Netlify). Only rules that a',
    '# path prefix can express are here; every other miss gets the root 404.html, whose script shows',
    '# the right screen for the path. Existing files always win over these rules.',
    `/-janitorial  /${notFoundFile('no-segment')}  404`,
    `/services/*  /${notFoundFile('unknown-service')}  404`,
    '',
  ].join('\n')
}

/** Writes `_headers` and `_redirects` into the build folder (called after `vike build`). */
export function writeHostFiles(distDir: string, options: { supabaseUrl?: string } = { supabaseUrl: process.env.VITE_SUPABASE_URL }): void {
  writeFileSync(path.join(distDir, '_headers'), headersFile(options.supabaseUrl))
  writeFileSync(path.join(distDir, '_redirects'), redirectsFile())
}
