// `npm run audit [dir]` (not `npm audit`, npm's own command): Lighthouse, axe-core and html-validate on a fixed set of pages of a built site
// (default dist/client), with the gates of docs/architecture.md, "Audit gates". Exits 1 when a gate fails. Writes .tmp/audit.json
// (all results) and, per page, the median Lighthouse report (.tmp/audit/<page>.report.{json,html}) and the
// HTML that was validated (.tmp/audit/<page>.html: `npx html-validate .tmp/audit/*.html` reproduces it).
//
// The site is served by the production host's own runtime, Cloudflare's (scripts/lib/cloudflare.ts; npm test's,
// through CLOUDFLARE_URL): its headers (_headers: the CSP, the year-long cache of /assets/), its compression, its
// not-found pages.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { AxeResults, Result as AxeViolation } from 'axe-core'
import * as chromeLauncher from 'chrome-launcher'
import { FileSystemConfigLoader, HtmlValidate, type Message } from 'html-validate'
import lighthouse, { defaultConfig, type Config, type Flags, type Result as LhResult } from 'lighthouse'
import type { BrowserContext, Page as Tab } from 'playwright-core'
import { CHROMIUM, CHROMIUM_FLAGS, launchBrowser } from './lib/browser'
import { cloudflareSite } from './lib/cloudflare'
import { resolveLocalesOnce } from './lib/lighthouseMessages'
import { loadCatalogue } from '../src/catalog/index'
import { fileForPath } from '../src/urls/paths'
import { localFetch } from './lib/localFetch'

/** `noindex`: a page kept out of search engines on purpose (no SEO gate), like the not-found pages. */
type Page = { name: string; path: string; notFound?: boolean; noindex?: boolean }
const ALL_PAGES: Page[] = [
  { name: 'home', path: '/' },
  { name: 'quote', path: '/quote' },
  { name: 'service', path: '/services/strip-wax' },
  // Boise's pages are near duplicates of Nampa's, kept out of the index (noindex, follow: no SEO gate, src/seo/); those
  // of Anchorage, alone in its climate region, are indexed (the SEO gate).
  { name: 'city-scheme-1', path: '/boise-strip-wax' },
  { name: 'city-scheme-2', path: '/anchorage-strip-wax-janitorial' },
  { name: 'directory', path: '/local-services' },
  // A city's hub: its services, local conditions and the quote form.
  { name: 'city-hub', path: '/local-services/boise' },
  { name: 'privacy', path: '/privacy' },
  { name: '404', path: '/this-page-does-not-exist', notFound: true },
  // Where the quote form lands when it was posted without JavaScript.
  { name: 'thank-you', path: '/thank-you', noindex: true },
  // The French pages (docs/architecture.md, "French pages"): home, quote form, a city page, and a miss under /fr.
  { name: 'fr-home', path: '/fr' },
  { name: 'fr-quote', path: '/fr/soumission' },
  { name: 'fr-city', path: `/fr/montreal-${loadCatalogue().serviceBySlug.get('strip-wax')!.fr.slug}` },
  { name: 'fr-404', path: '/fr/cette-page-nexiste-pas', notFound: true },
]
/** `AUDIT_ONLY=/local-services,/privacy`: those pages only (to check a change quickly; npm test audits them all). */
const PAGES = process.env.AUDIT_ONLY ? ALL_PAGES.filter((p) => process.env.AUDIT_ONLY!.split(',').includes(p.path)) : ALL_PAGES
const GATES = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 } as const
type Category = keyof typeof GATES
const CATEGORIES = Object.keys(GATES) as Category[]
/**
 * How many Lighthouse runs a page takes. One run decides a page only when it passes every gate with room to spare:
 * performance at least PERF_MARGIN points above its gate and the other categories at their gates. Any other first run
 * (a score at or near a gate, a failed run) is followed by two more and, as for every page before, the median of the 3
 * decides. A run of 100 whose median of 3 would fall below 98 would need two runs of 97 or less beside it: never seen
 * (the 36-run audits of this site scored 98–100). AUDIT_RUNS=3 takes 3 runs of every page (AUDIT_RUNS=1: one, for a
 * quick look while fixing).
 */
const PERF_MARGIN = 2
const FORCED_RUNS = process.env.AUDIT_RUNS ? Number(process.env.AUDIT_RUNS) : undefined
const MEDIAN_RUNS = 3
const LH_TIMEOUT_MS = 180_000 // a hang, not a slow run: a busy machine slows a run down several times
/**
 * Lighthouse's mobile run slows the page's CPU work down 4× by default, a factor meant for a desktop host: its docs
 * (docs/throttling.md, "Calibrating the CPU slowdown") say to calibrate the multiplier from the host's benchmarkIndex,
 * which every report carries. On a quiet 2-core machine of this project's kind the index is about 2,600, so the 4×
 * gate emulates a phone of index ~650 (Lighthouse's mid-tier mobile bracket is 125–800). Each run's multiplier is therefore the index the previous run measured over 650, between 1× and 4×: the
 * same phone on a quiet machine (4×), on a slower machine of this kind, and on one whose cores other work is using,
 * so the gate neither fails on a busy machine nor loosens on a quiet one. The reports keep each run's multiplier.
 */
const EMULATED_PHONE_INDEX = 650
const cpuMultiplier = (benchmarkIndex: number | undefined) => (benchmarkIndex ? Math.min(4, Math.max(1, benchmarkIndex / EMULATED_PHONE_INDEX)) : 4)
let lastBenchmarkIndex: number | undefined
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']
// axe runs at both widths: the mobile layout (what Lighthouse checks) and the desktop one (other nav, other grid).
const VIEWPORTS = { mobile: { width: 412, height: 823 }, desktop: { width: 1350, height: 940 } }
/**
 * `AUDIT_PARTS=lighthouse`: Lighthouse only (it measures speed: npm test runs only the type check and the lint beside
 * it, which left every score at 100, scripts/test.sh); `AUDIT_PARTS=markup`: axe
 * and html-validate only (they measure no time: npm test runs them beside the browser tests). Each part checks every
 * page's status and its own gates, and writes its own results; without AUDIT_PARTS, the whole audit.
 */
const PARTS = process.env.AUDIT_PARTS ?? 'all'
if (!['all', 'lighthouse', 'markup'].includes(PARTS)) {
  console.error(`audit: AUDIT_PARTS=${PARTS}: expected lighthouse or markup (or nothing, for the whole audit)`)
  process.exit(2)
}
const RUN_LIGHTHOUSE = PARTS !== 'markup'
const RUN_MARKUP = PARTS !== 'lighthouse'
const NAME = PARTS === 'all' ? 'audit' : `audit-${PARTS}`
const OUT_DIR = path.resolve(`.tmp/${NAME}`)

// ---------- Lighthouse ----------

type Finding = { id: string; title: string; details: string[] }
type LhSummary = {
  scores: Record<Category, number | null>
  perfRuns: (number | null)[]
  metrics: Record<string, string>
  failing: Record<Category, Finding[]>
  failedRequests: string[]
  warnings: string[]
  error?: string
}

const clip = (s: string, n = 220) => (s.length > n ? `${s.slice(0, n)}…` : s)

/** One line per item of an audit's details: the element (selector + snippet + explanation) or the URL. */
function describeItems(details: unknown, withFallback = true): string[] {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []
  return items.slice(0, 15).flatMap((item) => {
    const node = (item.node ?? item.source) as { selector?: string; snippet?: string; explanation?: string; url?: string } | undefined
    if (node?.snippet) return [clip([node.selector, node.snippet, node.explanation?.replace(/\s+/g, ' ')].filter(Boolean).join('  '), 400)]
    const url = item.url ?? node?.url
    const text = item.description ?? item.label ?? ''
    if (url || (text && withFallback))
      return [clip(`${typeof url === 'string' ? url : ''} ${typeof text === 'string' ? text : JSON.stringify(text)}`.trim(), 300)]
    return withFallback ? [clip(JSON.stringify(item), 300)] : []
  })
}

resolveLocalesOnce() // before any run: Lighthouse formats every string of its configuration and reports

// Lighthouse's default configuration. A not-found page answers 404 on purpose, and Chrome logs that status of the
// document itself as a console error ("Failed to load resource: ... 404"). Only on that page is this one message
// ignored by errors-in-console; a failed sub-request is still caught on every page by failedRequests() below.
const CONFIG: Config = defaultConfig
const NOT_FOUND_CONFIG: Config = {
  ...defaultConfig,
  audits: defaultConfig.audits!.map((audit) =>
    audit === 'errors-in-console'
      ? { path: audit, options: { ignoredPatterns: ['ERR_BLOCKED_BY_CLIENT.Inspector', 'Failed to load resource: the server responded with a status of 404'] } }
      : audit,
  ),
}

/**
 * How long Lighthouse waits after the page's first paint and its load event, and for how long the network and the
 * main thread must be quiet before the trace ends: 250 ms each instead of Lighthouse's 1 s defaults (made for pages
 * that keep loading from remote hosts). The site is served on loopback and loads nothing after its load event (no
 * third party, no late script): the same requests, tasks and scores either way, in less than half the time
 * (docs/decisions/0018-audit-one-lighthouse-run-or-median.md).
 */
const QUIET_WAITS = { pauseAfterFcpMs: 250, pauseAfterLoadMs: 250, networkQuietThresholdMs: 250, cpuQuietThresholdMs: 250 }

/** One Chromium for every Lighthouse run (a browser in an unknown state after a failed run is replaced). */
let chrome: chromeLauncher.LaunchedChrome | undefined

/** One Lighthouse run, a cold load (Lighthouse resets the origin's storage and cache before it). */
async function lighthouseRun(url: string, notFound: boolean): Promise<LhResult & { reports: { json: string; html: string } }> {
  let timer: NodeJS.Timeout | undefined
  try {
    chrome ??= await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' })
    // Mobile form factor and simulated throttling are Lighthouse's defaults. ignoreStatusCode lets Lighthouse
    // audit the not-found page instead of stopping with ERRORED_DOCUMENT_REQUEST. Screenshots only feed the
    // HTML report's pictures (weight 0 everywhere) and cost ~2 s a run.
    const flags: Flags = {
      port: chrome.port,
      output: ['json', 'html'],
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      skipAudits: ['screenshot-thumbnails', 'final-screenshot', 'bf-cache'],
      disableFullPageScreenshot: true,
      // Each run starts from a file of the site's own origin, not about:blank: the site's Cross-Origin-Opener-Policy
      // (same-origin) makes a navigation from about:blank switch browsing context groups, so the page loaded in a new
      // renderer and the run measured that switch as the page's own work (docs/decisions/0018-audit-one-lighthouse-run-or-median.md).
      // A page, not robots.txt: for a text file Chromium asks for /favicon.ico, which the site does not have, and its 404
      // was sometimes logged during the audited page's run (best practices 96, "errors in the console"). The thank-you
      // page is small, runs no script and names its icon.
      blankPage: `${new URL(url).origin}/thank-you`,
      ignoreStatusCode: notFound,
      maxWaitForLoad: 45_000,
      ...QUIET_WAITS,
      throttling: { cpuSlowdownMultiplier: cpuMultiplier(lastBenchmarkIndex) },
    }
    const run = lighthouse(url, flags, notFound ? NOT_FOUND_CONFIG : CONFIG)
    run.catch(() => {}) // after a timeout the killed browser makes it reject: nobody waits for it any more
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Lighthouse timed out after ${LH_TIMEOUT_MS / 1000} s`)), LH_TIMEOUT_MS)
    })
    const result = await Promise.race([run, timeout])
    if (!result) throw new Error('Lighthouse returned no result')
    if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`)
    lastBenchmarkIndex = result.lhr.environment.benchmarkIndex
    const [json, html] = result.report as string[]
    return Object.assign(result.lhr, { reports: { json: json!, html: html! } })
  } catch (error) {
    chrome?.kill() // a browser in an unknown state is not reused
    chrome = undefined
    throw error
  } finally {
    clearTimeout(timer)
  }
}

/** Whether the built page asks search engines not to index it (a city page the search index keeps out: src/seo/). */
function keptOut(page: Page): boolean {
  const file = path.join(root, fileForPath(page.path))
  return fs.existsSync(file) && /<meta name="robots" content="noindex/.test(fs.readFileSync(file, 'utf8'))
}

/** A first run that passes every gate of its page with room to spare: performance PERF_MARGIN above its gate. */
function clearPass(lhr: LhResult, page: Page): boolean {
  return CATEGORIES.every((category) => {
    if (category === 'seo' && (page.notFound || page.noindex || keptOut(page))) return true
    const score = lhr.categories[category]?.score
    return score != null && Math.round(score * 100) >= GATES[category] + (category === 'performance' ? PERF_MARGIN : 0)
  })
}

/** Lighthouse on one URL: one run when it passes clearly, else 3 runs (see PERF_MARGIN), or AUDIT_RUNS runs. */
async function runLighthouse(url: string, page: Page): Promise<{ results: LhResult[]; errors: string[] }> {
  const out = { results: [] as LhResult[], errors: [] as string[] }
  const wanted = () => FORCED_RUNS ?? (out.errors.length === 0 && out.results.length === 1 && clearPass(out.results[0]!, page) ? 1 : MEDIAN_RUNS)
  while (out.results.length + out.errors.length < wanted()) {
    try {
      out.results.push(await lighthouseRun(url, Boolean(page.notFound)))
    } catch (error) {
      out.errors.push(error instanceof Error ? error.message : String(error))
    }
  }
  return out
}

const perfScore = (lhr: LhResult) => lhr.categories.performance?.score ?? -1
/** The run with the median performance score; its other categories are the ones reported. */
const medianRun = (runs: LhResult[]) => [...runs].sort((a, b) => perfScore(a) - perfScore(b))[Math.floor((runs.length - 1) / 2)]

/** Requests of the page that failed (status ≥ 400 or no response), the page's own document excepted. */
function failedRequests(lhr: LhResult): string[] {
  const items = (lhr.audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] } | undefined)?.items ?? []
  return items.filter((i) => i.url !== lhr.mainDocumentUrl && (i.statusCode >= 400 || i.statusCode < 0)).map((i) => `${i.statusCode} ${i.url}`)
}

/** What the markup part of the audit reports for Lighthouse: nothing, and no gate. */
function skippedLighthouse(): LhSummary {
  const none = { performance: null, accessibility: null, 'best-practices': null, seo: null }
  return {
    scores: none,
    perfRuns: [],
    metrics: {},
    failing: { performance: [], accessibility: [], 'best-practices': [], seo: [] },
    failedRequests: [],
    warnings: [],
  }
}

function summarizeLighthouse(runs: LhResult[], errors: string[], notFound: boolean): LhSummary {
  const median = medianRun(runs)
  const scores: LhSummary['scores'] = { performance: null, accessibility: null, 'best-practices': null, seo: null }
  const failing: LhSummary['failing'] = { performance: [], accessibility: [], 'best-practices': [], seo: [] }
  if (!median) return { scores, perfRuns: [], metrics: {}, failing, failedRequests: [], warnings: [], error: [...new Set(errors)].join('; ') || 'no run' }
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
      // Performance: the metrics make the score; the other audits (weight 0) are listed as hints when not passed.
      const isMetric = ref.group === 'metrics'
      if (audit.score >= (category === 'performance' && !isMetric ? 0.9 : 1)) continue
      const expected =
        notFound && (audit.id === 'is-crawlable' || audit.id === 'http-status-code' || audit.id === 'bf-cache') ? ' [expected on the not-found page]' : ''
      const title = `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${ref.weight ? '' : ' [weight 0]'}${expected}`
      failing[category].push({ id: audit.id, title, details: isMetric ? [] : describeItems(audit.details, category !== 'performance') })
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
    failedRequests: failedRequests(median),
    warnings: median.runWarnings.map(String),
    ...(errors.length ? { error: [...new Set(errors)].join('; ') } : {}),
  }
}

// ---------- axe and html-validate ----------

type AxeFinding = {
  viewport: string
  id: string
  impact: string | null | undefined
  help: string
  helpUrl: string
  nodes: { target: string; html: string; summary: string }[]
}

/** axe on one page at both widths, in a new tab of each width's context. */
async function axePage(contexts: Record<keyof typeof VIEWPORTS, BrowserContext>, url: string): Promise<AxeFinding[]> {
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
  const list: AxeFinding[] = []
  for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
    let tab: Tab | undefined
    try {
      tab = await contexts[viewport].newPage()
      tab.setDefaultTimeout(30_000)
      await tab.goto(url, { waitUntil: 'networkidle' })
      await tab.addScriptTag({ path: axePath })
      const results = await tab.evaluate(
        (tags) =>
          (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe.run(document, {
            runOnly: { type: 'tag', values: tags },
            resultTypes: ['violations'],
          }),
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
    } catch (error) {
      // An axe run that could not finish counts as a violation: the page was not checked.
      list.push({
        viewport,
        id: 'axe-run-failed',
        impact: 'critical',
        help: error instanceof Error ? error.message : String(error),
        helpUrl: '',
        nodes: [],
      })
    } finally {
      // A browser that died cannot close it: the run already failed (axe-run-failed), and the audit goes on to report it.
      await tab?.close().catch(() => {})
    }
  }
  return list
}

/**
 * axe on every page, AXE_TABS pages at a time in one browser: axe's work is the page's own JavaScript, one core
 * per tab, and it measures no timing (Lighthouse has finished before it starts).
 */
const AXE_TABS = 2
async function runAxe(urls: { page: Page; url: string }[]): Promise<Map<string, AxeFinding[]>> {
  const browser = await launchBrowser()
  // One context per width for every page, each page a new tab (a context each cost about half a second of the
  // browser's time on these machines: tests/e2e/tabs.ts). axe is put into the page as a script of its own, which the
  // site's CSP (no inline script) would refuse, hence bypassCSP. The site keeps nothing in the browser but its cache.
  const contexts = {
    mobile: await browser.newContext({ viewport: VIEWPORTS.mobile, reducedMotion: 'reduce', bypassCSP: true }),
    desktop: await browser.newContext({ viewport: VIEWPORTS.desktop, reducedMotion: 'reduce', bypassCSP: true }),
  }
  const found = new Map<string, AxeFinding[]>()
  const queue = [...urls]
  try {
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const list = await axePage(contexts, next.url)
        found.set(next.page.name, list)
        console.log(`  axe ${next.page.path}: ${list.length} violation(s)  [${((performance.now() - started) / 1000).toFixed(0)} s]`)
      }
    }
    await Promise.all(Array.from({ length: AXE_TABS }, worker))
  } finally {
    await browser.close().catch(() => {})
  }
  return found
}

/** A page's status and headers, without its HTML (the Lighthouse part of the audit). */
async function pageHeaders(url: string): Promise<{ status: number; encoding: string | null; cacheControl: string | null; messages: Message[] }> {
  const response = await localFetch(url)
  await response.arrayBuffer()
  return { status: response.status, encoding: response.headers.get('content-encoding'), cacheControl: response.headers.get('cache-control'), messages: [] }
}

async function validateHtml(page: Page, url: string): Promise<{ status: number; encoding: string | null; cacheControl: string | null; messages: Message[] }> {
  const response = await localFetch(url)
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
fs.rmSync(OUT_DIR, { recursive: true, force: true })
fs.mkdirSync(OUT_DIR, { recursive: true })
const host = await cloudflareSite(root)
console.log(
  `audit: serving ${root} at ${host.url}; ${PAGES.length} pages, ${[
    RUN_LIGHTHOUSE && `Lighthouse ${FORCED_RUNS ? `×${FORCED_RUNS}` : `×1 (×${MEDIAN_RUNS} near a gate)`} each (mobile)`,
    RUN_MARKUP && `axe (${Object.keys(VIEWPORTS).join(' + ')}), html-validate`,
  ]
    .filter(Boolean)
    .join(', ')}`,
)

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
  // Lighthouse first, one run at a time in one browser: nothing else of the audit competes for the 2 cores.
  const lhRuns = new Map<string, { results: LhResult[]; errors: string[] }>()
  // A page that answers the wrong status is not what the audit is about: it fails at once, without Lighthouse.
  const statuses = new Map<string, number>()
  for (const { page, url } of targets) statuses.set(page.name, (await localFetch(url, { method: 'HEAD' })).status)
  const expectedStatus = (page: Page) => (page.notFound ? 404 : 200)
  // One run before the first page's, on the small thank-you page, not counted: each run's CPU slowdown follows the
  // benchmark index of the run before it (cpuMultiplier), so without it the first page ran at 4× however busy the
  // machine, in a browser just started, and the first page took three runs where the later ones took one.
  if (RUN_LIGHTHOUSE && targets.length > 0) await lighthouseRun(`${host.url}/thank-you`, false).catch(() => undefined)
  for (const { page, url } of RUN_LIGHTHOUSE ? targets : []) {
    const entry =
      statuses.get(page.name) === expectedStatus(page)
        ? await runLighthouse(url, page)
        : { results: [], errors: [`not run: ${url} answers ${statuses.get(page.name)}`] }
    lhRuns.set(page.name, entry)
    const perfs = entry.results.map((r) => Math.round(perfScore(r) * 100))
    console.log(
      `  lighthouse ${page.path}: performance ${perfs.join(', ') || '-'}${entry.errors.length ? ` (${entry.errors.length} run(s) failed: ${entry.errors[0]})` : ''}  [${((performance.now() - started) / 1000).toFixed(0)} s]`,
    )
  }
  chrome?.kill()
  chrome = undefined
  const axe = RUN_MARKUP ? await runAxe(targets) : new Map<string, AxeFinding[]>()
  for (const { page, url } of targets) {
    const { results: runs, errors } = lhRuns.get(page.name) ?? { results: [], errors: [] }
    const lh = RUN_LIGHTHOUSE ? summarizeLighthouse(runs, errors, Boolean(page.notFound)) : skippedLighthouse()
    const median = medianRun(runs)
    if (median) {
      const reports = (median as LhResult & { reports: { json: string; html: string } }).reports
      fs.writeFileSync(path.join(OUT_DIR, `${page.name}.report.json`), reports.json)
      fs.writeFileSync(path.join(OUT_DIR, `${page.name}.report.html`), reports.html)
    }
    const html = RUN_MARKUP ? await validateHtml(page, url) : await pageHeaders(url)
    const gateFailures: string[] = []
    if (html.status !== expectedStatus(page)) gateFailures.push(`status ${html.status}, expected ${expectedStatus(page)}`)
    if (lh.error) gateFailures.push(`lighthouse: ${lh.error}`)
    if (lh.failedRequests.length) gateFailures.push(`${lh.failedRequests.length} failed request(s)`)
    for (const category of RUN_LIGHTHOUSE ? CATEGORIES : []) {
      // noindex on purpose (and a not-found page answers 404), or kept out of the index by its measure (src/seo/)
      if (category === 'seo' && (page.notFound || page.noindex || keptOut(page))) continue
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
  chrome?.kill()
  await host.close()
}

// ---------- report ----------

const seconds = (performance.now() - started) / 1000
const row = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(i === 0 ? 15 : 30) : c.padStart(i === 2 ? 14 : 5))).join(' ')
console.log(`\n${row(['page', 'path', 'Perf (runs)', 'A11y', 'BP', 'SEO', 'axe', 'HTML'])}  gates`)
for (const r of results) {
  const s = r.lighthouse.scores
  const perf = r.lighthouse.perfRuns.length ? `${s.performance ?? '-'} (${r.lighthouse.perfRuns.map((p) => p ?? '-').join('/')})` : '-'
  console.log(
    `${row([r.name, r.path, perf, `${s.accessibility ?? '-'}`, `${s['best-practices'] ?? '-'}`, `${s.seo ?? '-'}${r.name.endsWith('404') || r.name === 'thank-you' || keptOut(r) ? '*' : ''}`, RUN_MARKUP ? `${r.axe.length}` : '-', RUN_MARKUP ? `${r.html.length}` : '-'])}  ${r.gateFailures.length ? 'FAIL' : 'ok'}`,
  )
}
console.log(
  `(* noindex on purpose, a not-found page answers 404, or a city page the search index keeps out: no SEO gate)  gates: Perf ≥ ${GATES.performance}, A11y/BP/SEO ${GATES.accessibility}, 0 axe, 0 HTML errors`,
)

for (const r of results) {
  const lines: string[] = []
  if (r.lighthouse.error) lines.push(`  lighthouse error: ${r.lighthouse.error}`)
  for (const f of r.lighthouse.failedRequests) lines.push(`  [failed request] ${f}`)
  for (const category of CATEGORIES) {
    // Performance details (metrics below their best score, hints) are printed only when the performance gate
    // fails; they are all in .tmp/audit.json.
    if (category === 'performance' && (r.lighthouse.scores.performance ?? 0) >= GATES.performance) continue
    for (const f of r.lighthouse.failing[category]) {
      lines.push(`  [lighthouse ${category}] ${f.id}: ${f.title}`)
      for (const d of f.details) lines.push(`      ${d}`)
    }
  }
  if (r.lighthouse.scores.performance !== null && r.lighthouse.scores.performance < GATES.performance) {
    lines.push(
      `  [lighthouse metrics] ${Object.entries(r.lighthouse.metrics)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    )
  }
  for (const v of r.axe) {
    lines.push(`  [axe ${v.viewport}] ${v.id} (${v.impact}): ${v.help}`)
    for (const n of v.nodes.slice(0, 15)) lines.push(`      ${n.target}  ${n.html}  — ${clip(n.summary, 300)}`)
  }
  for (const m of r.html) lines.push(`  [html-validate] ${m.ruleId} ${m.line}:${m.column} ${m.selector ?? ''}: ${m.message}`)
  if (lines.length) console.log(`\n${r.name} ${r.path}${r.gateFailures.length ? ` — FAIL: ${r.gateFailures.join('; ')}` : ''}\n${lines.join('\n')}`)
}

const pass = results.length === PAGES.length && results.every((r) => r.gateFailures.length === 0)
fs.writeFileSync(
  path.resolve(`.tmp/${NAME}.json`),
  `${JSON.stringify({ root, date: new Date().toISOString(), seconds: Math.round(seconds), parts: PARTS, gates: GATES, pass, pages: results }, null, 2)}\n`,
)
console.log(
  `\naudit${PARTS === 'all' ? '' : ` (${PARTS})`}: ${pass ? 'all gates pass' : 'GATES FAIL'} in ${seconds.toFixed(0)} s; results in .tmp/${NAME}.json${RUN_LIGHTHOUSE ? `, Lighthouse reports in .tmp/${NAME}/` : ''}`,
)
process.exit(pass ? 0 : 1)
