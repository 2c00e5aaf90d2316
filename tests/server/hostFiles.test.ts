import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, strictTransportSecurity } from '../../src/hosting/headers'
import { headersFile, noindexHosts, redirectsFile, writeHostFiles } from '../../src/hosting/hostFiles'
import { SERVICE_SLUGS } from '../../src/catalog/services'
import { siteRedirectRules } from '../../src/hosting/redirects'

/**
 * Rules of a Netlify/Cloudflare `_headers` file: path → { header: value }, `! Name` (Cloudflare's detach of a header
 * set by an earlier rule) as `{ '!Name': '' }`.
 */
function parseHeaders(text: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>()
  let current: Record<string, string> | undefined
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue
    if (!line.startsWith(' ')) rules.set(line.trim(), (current = {}))
    else if (line.trim().startsWith('!')) current![`!${line.trim().slice(1).trim()}`] = ''
    else current![line.slice(0, line.indexOf(':')).trim()] = line.slice(line.indexOf(':') + 1).trim()
  }
  return rules
}

describe('_headers', () => {
  it('sends the local server’s security headers on every path', () => {
    const all = parseHeaders(headersFile({ supabaseUrl: 'https://abc.supabase.co/' }))
    expect(all.get('/*')).toEqual({
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
      'Content-Security-Policy': contentSecurityPolicy('https://abc.supabase.co'),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'SAMEORIGIN',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
    })
    expect(all.get('/*')!['Content-Security-Policy']).toContain("connect-src 'self' https://abc.supabase.co;")
    expect(all.get('/*')!['Content-Security-Policy']).not.toContain('unsafe')
  })

  it('asks browsers to preload HTTPS only when data/site.yaml opts in', () => {
    expect(parseHeaders(headersFile({ hstsPreload: true })).get('/*')!['Strict-Transport-Security']).toBe(strictTransportSecurity(true))
    expect(strictTransportSecurity(true)).toBe('max-age=63072000; includeSubDomains; preload')
    expect(parseHeaders(headersFile({ hstsPreload: false })).get('/*')!['Strict-Transport-Security']).not.toContain('preload')
  })

  it('caches hashed assets for a year, and only them; lets other origins embed the assets and uploads, replacing the same-origin policy', () => {
    const all = parseHeaders(headersFile())
    expect(all.get('/assets/*')).toEqual({
      'Cache-Control': 'public, max-age=31536000, immutable',
      '!Cross-Origin-Resource-Policy': '',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    })
    expect(all.get('/uploads/*')).toEqual({ '!Cross-Origin-Resource-Policy': '', 'Cross-Origin-Resource-Policy': 'cross-origin' })
    expect(all.get('/*')!['Cache-Control']).toBeUndefined()
    expect(all.get('/*')!['Content-Security-Policy']).toContain("connect-src 'self';")
  })
})

describe('noindex on the other hosts', () => {
  it("keeps every workers.dev address and the canonical host's other name out of search engines, never the canonical host", () => {
    const all = parseHeaders(headersFile({ siteUrl: 'https://www.evergreenjanitorial.com' }))
    const noindex = [...all].filter(([, headers]) => headers['X-Robots-Tag'] === 'noindex').map(([rule]) => rule)
    expect(noindex).toEqual(['https://:a.workers.dev/*', 'https://:a.:b.workers.dev/*', 'https://:a.:b.:c.workers.dev/*', 'https://evergreenjanitorial.com/*'])
    expect(all.get('/*')!['X-Robots-Tag']).toBeUndefined()
    expect([...all.keys()].some((rule) => rule.includes('www.evergreenjanitorial.com'))).toBe(false)
  })

  it('names the www. host as the other name of a canonical host without www.', () => {
    expect(noindexHosts('https://example.com').at(-1)).toBe('www.example.com')
    expect(noindexHosts('https://www.example.com').at(-1)).toBe('example.com')
    expect(noindexHosts()).not.toContain('example.com')
  })
})

const rulesOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(/\s+/))

describe('_redirects', () => {
  it('maps the prefix-expressible not-found screens with status 404, the longer prefix first', () => {
    expect(rulesOf(redirectsFile())).toEqual([
      ['/-janitorial', '/not-found/page.html', '404'],
      ['/services/*', '/services/404.html', '404'],
      ['/fr/services/*', '/fr/services/404.html', '404'],
      ['/fr/*', '/fr/404.html', '404'],
    ])
  })

  it('lists the old URLs of cities with status 301, static rules before dynamic ones', () => {
    const rules = siteRedirectRules([{ from: 'boise', to: 'boise-city', city: { name: 'Boise City', state: 'ID', country: 'US' } }], {
      serviceSlugs: SERVICE_SLUGS,
      pagePaths: [],
    })
    const lines = rulesOf(redirectsFile(rules))
    expect(lines).toHaveLength(4 + 32 + 1) // the four not-found rules, the city's 32 city-service URLs and its hub
    expect(lines[0]).toEqual(['/-janitorial', '/not-found/page.html', '404'])
    expect(lines).toContainEqual(['/boise-strip-wax', '/boise-city-strip-wax', '301'])
    expect(lines).toContainEqual(['/boise-carpet-restoration-janitorial', '/boise-city-carpet-restoration-janitorial', '301'])
    expect(lines).toContainEqual(['/local-services/boise', '/local-services/boise-city', '301'])
    expect(lines.at(-1)).toEqual(['/fr/*', '/fr/404.html', '404'])
  })
})

describe('writeHostFiles', () => {
  it('writes both files into the build folder', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'quote-host-'))
    try {
      writeHostFiles(dir, { supabaseUrl: 'https://abc.supabase.co' })
      expect(readFileSync(path.join(dir, '_headers'), 'utf8')).toBe(headersFile({ supabaseUrl: 'https://abc.supabase.co' }))
      expect(readFileSync(path.join(dir, '_redirects'), 'utf8')).toBe(redirectsFile())
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
