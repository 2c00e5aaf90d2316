// `npm run audit:headers [folder]`: the MDN HTTP Observatory's scan (@mdn/mdn-http-observatory, offline) of the built
// site (default dist/client) served by Cloudflare's runtime (scripts/lib/cloudflare.ts). Prints the scan's score
// and each test. Over plain HTTP on 127.0.0.1 the two tests that need TLS fail whatever the site sends (no HTTPS
// redirect, HSTS ignored: 20 points each) and keep the scan's own score from counting bonuses; the site's part is the
// score without them. Exits 1 when any other test fails, when that score is under 120, or when the site's
// Strict-Transport-Security is not the one src/hosting/headers.ts sets (the scan cannot judge it over HTTP).
import { existsSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { scan } from '@mdn/mdn-http-observatory'
import { loadCatalogue } from '../src/catalog/index'
import { strictTransportSecurity } from '../src/hosting/headers'
import { cloudflareSite } from './lib/cloudflare'

/** The tests that only a site served over HTTPS can pass. */
const TLS_TESTS = new Set(['redirection', 'strict-transport-security'])
const MIN_SCORE = 120
/** The scan's rule: bonuses count only while the score without them is at least this (its MINIMUM_SCORE_FOR_EXTRA_CREDIT). */
const EXTRA_CREDIT_FROM = 90

// The package's install script downloads the HSTS preload list into its conf/ folder (and certificate bundles the scan
// of 127.0.0.1 over HTTP does not use). Offline, an empty list: no preload list names 127.0.0.1.
const preloadList = path.join(path.dirname(createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json')), 'conf', 'hsts-preload.json')
if (!existsSync(preloadList)) writeFileSync(preloadList, '{}\n')

const root = path.resolve(process.argv[2] ?? 'dist/client')
const site = await cloudflareSite(root)
let failures: string[]
try {
  const host = new URL(site.url).host // 127.0.0.1:PORT: the scan wants a host name with a dot
  const result = await scan(host)
  const tests = Object.entries(result.tests)
  console.log(`MDN HTTP Observatory, ${site.url}/ (Cloudflare's runtime): score ${result.scan.score} (${result.scan.grade}) over plain HTTP`)
  for (const [name, test] of tests) {
    const tls = TLS_TESTS.has(name) ? '  (needs TLS)' : ''
    console.log(`  ${test.pass ? 'pass' : 'FAIL'}  ${name.padEnd(30)} ${String(test.scoreModifier).padStart(4)}  ${test.result}${tls}`)
  }
  const others = tests.filter(([name]) => !TLS_TESTS.has(name))
  const penalties = others.reduce((sum, [, t]) => sum + Math.min(0, t.scoreModifier ?? 0), 0)
  const bonuses = others.reduce((sum, [, t]) => sum + Math.max(0, t.scoreModifier ?? 0), 0)
  const score = 100 + penalties + (100 + penalties >= EXTRA_CREDIT_FROM ? bonuses : 0)
  console.log(`score without the two tests that need TLS: ${score} (at least ${MIN_SCORE})`)

  failures = others.filter(([, t]) => !t.pass).map(([name, t]) => `${name}: ${t.result}`)
  if (score < MIN_SCORE) failures.push(`score ${score} < ${MIN_SCORE}`)
  const hsts = result.scan.responseHeaders?.['strict-transport-security']
  const expected = strictTransportSecurity(loadCatalogue().site.hstsPreload)
  if (hsts !== expected) failures.push(`Strict-Transport-Security: "${hsts ?? '(none)'}", expected "${expected}"`)
} finally {
  await site.close()
}
for (const failure of failures) console.error(`FAIL ${failure}`)
process.exitCode = failures.length === 0 ? 0 : 1
