// `npm run audit [dir]`: Lighthouse, axe-core and html-validate on a fixed set of pages of a built site
// (default dist/client), with the gates of issue 4. Exits 1 when a gate fails. Writes .tmp/audit.json
// (all results) and, per page, the median Lighthouse report (.tmp/audit/<page>.report.{json,html}) and the
// HTML that was validated (.tmp/audit/<page>.html: `npx html-validate .tmp/audit/*.html` reproduces it).
//
// The site is served on loopback the way the production host serves it: tests/e2e/browser.ts's plain static
// host (`/x` from x.html, the root 404.html with status 404 for any miss) behind a small front that adds what a
// CDN adds: Cache-Control (1 year immutable for the hashed /assets/*, no-cache for everything else) and
// brotli/gzip compression of text responses (node:zlib).
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pipeline } from 'node:stream'
import zlib from 'node:zlib'
import type { AxeResults, Result as AxeViolation } from 'axe-core'
import * as chromeLauncher from 'chrome-launcher'
import { FileSystemConfigLoader, HtmlValidate, type Message } from 'html-validate'
import lighthouse, { type Flags, type Result as LhResult } from 'lighthouse'
import { CHROMIUM, launchBrowser, startPlainStaticHost } from '../tests/e2e/browser.ts'

type Page = { name: string; path: string; notFound?: boolean }
const PAGES: Page[] = [
  { name: 'home', path: '/' },
  { name: 'quote', path: '/quote' },
  { name: 'service', path: '/services/strip-wax' },
  { name: 'city-scheme-1', path: '/boise-strip-wax' },
  { name: 'city-scheme-2', path: '/boise-strip-wax-janitorial' },
  { name: 'directory', path: '/local-services' },
  { name: '404', path: '/this-page-does-not-exist', notFound: true },
]
const GATES = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 } as const
type Category = keyof typeof GATES
const CATEGORIES = Object.keys(GATES) as Category[]
const LH_RUNS = 3
const LH_TIMEOUT_MS = 90_000
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']
// axe runs at both widths: the mobile layout (what Lighthouse checks) and the desktop one (other nav, other grid).
const VIEWPORTS = { mobile: { width: 412, height: 823 }, desktop: { width: 1350, height: 940 } }
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
const OUT_DIR = path.resolve('.tmp/audit')

// ---------- the host ----------

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json|ld\+json)|image\/svg\+xml)/

/** The plain static host behind a front that adds the production host's Cache-Control and compression. */
export async function startAuditHost(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const origin = await startPlainStaticHost(root)
  const server = http.createServer((req, res) => {
    const upstream = http.request(origin.url + (req.url ?? '/'), { method: req.method, headers: { ...req.headers, 'accept-encoding': 'identity' } }, (up) => {
      const headers = { ...up.headers }
      for (const hopByHop of ['connection', 'keep-alive', 'transfer-encoding']) delete headers[hopByHop]
      const pathname = new URL(req.url ?? '/', 'http://host').pathname
      headers['cache-control'] = pathname.startsWith('/assets/') && up.statusCode === 200 ? 'public, max-age=31536000, immutable' : 'no-cache'
      const accept = String(req.headers['accept-encoding'] ?? '')
      const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined
      if (!encoding || req.method === 'HEAD' || up.statusCode === 206 || !COMPRESSIBLE.test(String(headers['content-type'] ?? ''))) {
        res.writeHead(up.statusCode ?? 502, headers)
        return pipeline(up, res, () => {})
      }
      delete headers['content-length']
      headers['content-encoding'] = encoding
      headers.vary = 'Accept-Encoding'
      res.writeHead(up.statusCode ?? 502, headers)
      const compress = encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.createGzip({ level: 6 })
      pipeline(up, compress, res, () => {})
    })
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
    pipeline(req, upstream, () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await origin.close()
    },
  }
}

// ---------- Lighthouse ----------

type Finding = { id: string; title: string; details: string[] }
type LhSummary = {
  scores: Record<Category, number | null>
  perfRuns: (number | null)[]
  metrics: Record<string, string>
  failing: Record<Category, Finding[]>
  warnings: string[]
  error?: string
}

const clip = (s: string, n = 220) => (s.length > n ? `${s.slice(0, n)}…` : s)

/** One line per item of an audit's details: the element (selector + snippet + explanation) or the URL. */
function describeItems(details: unknown): string[] {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []
  return items.slice(0, 15).map((item) => {
    const node = item.node as { selector?: string; snippet?: string; explanation?: string; nodeLabel?: string } | undefined
    if (node?.snippet) return clip([node.selector, node.snippet, node.explanation?.replace(/\s+/g, ' ')].filter(Boolean).join('  '), 400)
    const source = item.source as { url?: string; line?: number } | undefined
    const url = item.url ?? source?.url
    const text = item.description ?? item.label ?? item.value ?? ''
    if (url || text) return clip(`${String(url ?? '')} ${typeof text === 'string' ? text : JSON.stringify(text)}`.trim(), 300)
    return clip(JSON.stringify(item), 300)
  })
}

async function runLighthouse(url: string, notFound: boolean): Promise<LhResult> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
  let timer: NodeJS.Timeout | undefined
  try {
    // Mobile form factor and simulated throttling are Lighthouse's defaults. A not-found page answers 404 on
    // purpose: ignoreStatusCode lets Lighthouse audit it instead of stopping with ERRORED_DOCUMENT_REQUEST.
    const flags: Flags = { port: chrome.port, output: ['json', 'html'], logLevel: 'error', onlyCategories: [...CATEGORIES], ignoreStatusCode: notFound, maxWaitForLoad: 45_000 }
    const run = lighthouse(url, flags)
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Lighthouse timed out after ${LH_TIMEOUT_MS / 1000} s`)), LH_TIMEOUT_MS)
    })
    run.catch(() => {}) // after a timeout the killed browser makes it reject: nobody waits for it any more
    const result = await Promise.race([run, timeout])
    if (!result) throw new Error('Lighthouse returned no result')
    if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`)
    const [json, html] = result.report as string[]
    return Object.assign(result.lhr, { reports: { json: json!, html: html! } })
  } finally {
    clearTimeout(timer)
    chrome.kill()
  }
}

function summarizeLighthouse(runs: LhResult[], errors: string[]): LhSummary {
  const perf = (lhr: LhResult) => lhr.categories.performance?.score ?? -1
  const sorted = [...runs].sort((a, b) => perf(a) - perf(b))
  const median = sorted[Math.floor((sorted.length - 1) / 2)]
  const empty: LhSummary['scores'] = { performance: null, accessibility: null, 'best-practices': null, seo: null }
  if (!median) return { scores: empty, perfRuns: [], metrics: {}, failing: { performance: [], accessibility: [], 'best-practices': [], seo: [] }, warnings: [], error: errors.join('; ') || 'no run' }
  const scores = { ...empty }
  const failing: LhSummary['failing'] = { performance: [], accessibility: [], 'best-practices': [], seo: [] }
  for (const category of CATEGORIES) {
    const cat = median.categories[category]
    scores[category] = cat?.score == null ? null : Math.round(cat.score * 100)
    for (const ref of cat?.auditRefs ?? []) {
      const audit = median.audits[ref.id]
      if (!audit || ['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue
      if (audit.scoreDisplayMode === 'error' || audit.score === null) {
        failing[category].push({ id: audit.id, title: `${audit.title} [audit error]`, details: [audit.errorMessage ?? 'no score'] })
        continue
      }
      // Performance: the metrics always count; other performance audits are hints when they are not "passed".
      const threshold = category === 'performance' && ref.group !== 'metrics' ? 0.9 : 1
      if (audit.score >= threshold) continue
      const title = `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${ref.weight ? '' : ' [weight 0]'}`
      failing[category].push({ id: audit.id, title, details: ref.group === 'metrics' ? [] : describeItems(audit.details) })
    }
  }
  const metrics: Record<string, string> = {}
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    metrics[id] = median.audits[id]?.displayValue ?? '?'
  }
  return {
    scores,
    perfRuns: runs.map((r) => (r.categories.performance?.score == null ? null : Math.round(r.categories.performance.score * 100))),
    metrics,
    failing,
    warnings: median.runWarnings.map(String),
    ...(errors.length ? { error: errors.join('; ') } : {}),
  }
}

// ---------- axe and html-validate ----------

type AxeFinding = { viewport: string; id: string; impact: string | null | undefined; help: string; helpUrl: string; nodes: { target: string; html: string; summary: string }[] }

async function runAxe(urls: { page: Page; url: string }[]): Promise<Map<string, AxeFinding[]>> {
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
  const browser = await launchBrowser()
  const found = new Map<string, AxeFinding[]>()
  try {
    for (const { page, url } of urls) {
      const list: AxeFinding[] = []
      for (const [viewport, size] of Object.entries(VIEWPORTS)) {
        const context = await browser.newContext({ viewport: size, reducedMotion: 'reduce' })
        const tab = await context.newPage()
        tab.setDefaultTimeout(30_000)
        await tab.goto(url, { waitUntil: 'networkidle' })
        await tab.addScriptTag({ path: axePath })
        const results = await tab.evaluate(
          (tags) => (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
          AXE_TAGS,
        )
        list.push(
          ...results.violations.map((v: AxeViolation) => ({
            viewport,
            id: v.id,
            impact: v.impact,
            help: v.help,
            helpUrl: v.helpUrl,
            nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: clip(n.html, 300), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ') })),
          })),
        )
        await context.close()
      }
      found.set(page.name, list)
    }
  } finally {
    await browser.close()
  }
  return found
}

async function validateHtml(page: Page, url: string): Promise<{ status: number; encoding: string | null; cacheControl: string | null; messages: Message[] }> {
  const response = await fetch(url)
  const html = await response.text()
  const file = path.join(OUT_DIR, `${page.name}.html`)
  fs.writeFileSync(file, html)
  // FileSystemConfigLoader: the same .htmlvalidate.json as `npx html-validate`.
  const report = await new HtmlValidate(new FileSystemConfigLoader()).validateString(html, file)
  return {
    status: response.status,
    encoding: response.headers.get('content-encoding'),
    cacheControl: response.headers.get('cache-control'),
    messages: report.results.flatMap((r) => r.messages).filter((m) => m.severity === 2),
  }
}

// ---------- main ----------

const started = performance.now()
const root = path.resolve(process.argv[2] ?? 'dist/client')
if (!fs.existsSync(path.join(root, 'index.html')) || !fs.existsSync(path.join(root, '404.html'))) {
  console.error(`audit: ${root} holds no built site (index.html and 404.html): run \`npm run build\` first`)
  process.exit(2)
}
fs.mkdirSync(OUT_DIR, { recursive: true })
const host = await startAuditHost(root)
console.log(`audit: serving ${root} at ${host.url}; ${PAGES.length} pages, Lighthouse ×${LH_RUNS} each (mobile), axe (${Object.keys(VIEWPORTS).join(' + ')}), html-validate`)

type PageResult = {
  name: string
  path: string
  url: string
  status: number
  headers: { contentEncoding: string | null; cacheControl: string | null }
  lighthouse: LhSummary
  axe: AxeFinding[]
  html: { ruleId: string; message: string; line: number; column: number; selector: string | null }[]
  gateFailures: string[]
}
const results: PageResult[] = []
try {
  const targets = PAGES.map((page) => ({ page, url: host.url + page.path }))
  // Lighthouse first, one run at a time in a fresh browser each: nothing else competes for the 2 cores.
  const lhRuns = new Map<string, { runs: LhResult[]; errors: string[] }>()
  for (const { page, url } of targets) {
    const entry = { runs: [] as LhResult[], errors: [] as string[] }
    for (let i = 0; i < LH_RUNS; i++) {
      try {
        entry.runs.push(await runLighthouse(url, Boolean(page.notFound)))
      } catch (error) {
        entry.errors.push(error instanceof Error ? error.message : String(error))
      }
    }
    lhRuns.set(page.name, entry)
    const perfs = entry.runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100))
    console.log(`  lighthouse ${page.path}: performance runs ${perfs.join(', ') || '-'}${entry.errors.length ? ` (${entry.errors.length} failed: ${entry.errors[0]})` : ''}  [${((performance.now() - started) / 1000).toFixed(0)} s]`)
  }
  const axe = await runAxe(targets)
  for (const { page, url } of targets) {
    const { runs, errors } = lhRuns.get(page.name)!
    const lh = summarizeLighthouse(runs, errors)
    const median = [...runs].sort((a, b) => (a.categories.performance?.score ?? -1) - (b.categories.performance?.score ?? -1))[Math.floor((runs.length - 1) / 2)]
    if (median) {
      const reports = (median as LhResult & { reports: { json: string; html: string } }).reports
      fs.writeFileSync(path.join(OUT_DIR, `${page.name}.report.json`), reports.json)
      fs.writeFileSync(path.join(OUT_DIR, `${page.name}.report.html`), reports.html)
    }
    const html = await validateHtml(page, url)
    const gateFailures: string[] = []
    const expected = page.notFound ? 404 : 200
    if (html.status !== expected) gateFailures.push(`status ${html.status}, expected ${expected}`)
    if (lh.error) gateFailures.push(`lighthouse: ${lh.error}`)
    for (const category of CATEGORIES) {
      if (category === 'seo' && page.notFound) continue // answers 404 and is noindex on purpose
      const score = lh.scores[category]
      if (score === null || score < GATES[category]) gateFailures.push(`${category} ${score ?? 'none'} < ${GATES[category]}`)
    }
    const pageAxe = axe.get(page.name) ?? []
    if (pageAxe.length) gateFailures.push(`${pageAxe.length} axe violation(s)`)
    if (html.messages.length) gateFailures.push(`${html.messages.length} html-validate error(s)`)
    results.push({
      name: page.name,
      path: page.path,
      url,
      status: html.status,
      headers: { contentEncoding: html.encoding, cacheControl: html.cacheControl },
      lighthouse: lh,
      axe: pageAxe,
      html: html.messages.map((m) => ({ ruleId: m.ruleId, message: m.message, line: m.line, column: m.column, selector: m.selector })),
      gateFailures,
    })
  }
} finally {
  await host.close()
}

// ---------- report ----------

const seconds = (performance.now() - started) / 1000
const row = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(i === 0 ? 15 : 30) : c.padStart(i === 2 ? 14 : 5))).join(' ')
console.log(`\n${row(['page', 'path', 'Perf (runs)', 'A11y', 'BP', 'SEO', 'axe', 'HTML'])}  gates`)
for (const r of results) {
  const s = r.lighthouse.scores
  const perf = `${s.performance ?? '-'} (${r.lighthouse.perfRuns.map((p) => p ?? '-').join('/')})`
  console.log(`${row([r.name, r.path, perf, `${s.accessibility ?? '-'}`, `${s['best-practices'] ?? '-'}`, `${s.seo ?? '-'}${r.name === '404' ? '*' : ''}`, `${r.axe.length}`, `${r.html.length}`])}  ${r.gateFailures.length ? 'FAIL' : 'ok'}`)
}
console.log(`(* the not-found page answers 404 and is noindex on purpose: no SEO gate)  gates: Perf ≥ ${GATES.performance}, A11y/BP/SEO ${GATES.accessibility}, 0 axe, 0 HTML errors`)

for (const r of results) {
  const lines: string[] = []
  if (r.lighthouse.error) lines.push(`  lighthouse error: ${r.lighthouse.error}`)
  for (const category of CATEGORIES) {
    for (const f of r.lighthouse.failing[category]) {
      lines.push(`  [lighthouse ${category}] ${f.id}: ${f.title}`)
      for (const d of f.details) lines.push(`      ${d}`)
    }
  }
  if (r.lighthouse.scores.performance !== null && r.lighthouse.scores.performance < 100) {
    lines.push(`  [lighthouse metrics] ${Object.entries(r.lighthouse.metrics).map(([k, v]) => `${k} ${v}`).join(', ')}`)
  }
  for (const v of r.axe) {
    lines.push(`  [axe ${v.viewport}] ${v.id} (${v.impact}): ${v.help}`)
    for (const n of v.nodes.slice(0, 15)) lines.push(`      ${n.target}  ${n.html}  — ${clip(n.summary, 300)}`)
  }
  for (const m of r.html) lines.push(`  [html-validate] ${m.ruleId} ${m.line}:${m.column} ${m.selector ?? ''}: ${m.message}`)
  if (lines.length) console.log(`\n${r.name} ${r.path}${r.gateFailures.length ? ` — FAIL: ${r.gateFailures.join('; ')}` : ''}\n${lines.join('\n')}`)
}

const pass = results.length === PAGES.length && results.every((r) => r.gateFailures.length === 0)
fs.writeFileSync(path.resolve('.tmp/audit.json'), `${JSON.stringify({ root, date: new Date().toISOString(), seconds: Math.round(seconds), gates: GATES, pass, pages: results }, null, 2)}\n`)
console.log(`\naudit: ${pass ? 'all gates pass' : 'GATES FAIL'} in ${seconds.toFixed(0)} s; results in .tmp/audit.json, Lighthouse reports in .tmp/audit/`)
process.exit(pass ? 0 : 1)
