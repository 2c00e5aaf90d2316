import { LinkChecker, LinkState, type LinkResult } from 'linkinator'

type BrokenLink = { url: string; parent: string; status: number; reason: string }
export type LinkReport = {
  pages: number
  checked: number
  /** Links off the origin, or not on the web (mailto:, tel:). */
  skipped: number
  /** Links on the origin that `leave` left out. */
  left: number
  broken: BrokenLink[]
  retries: number
  seconds: number
}
export type LinkCheckOptions = {
  /** Requests at once (default 10). */
  concurrency?: number
  /** Milliseconds a request may take (default 20 s). */
  timeout?: number
  /** linkinator's retryErrorsCount for a link that got no HTTP answer (or a 5xx): with 3 (the default) it tries 4 more times, 2, 2, 4 and 8 s later. */
  retries?: number
  /** Paths that answer 404 on purpose (the root not-found page). */
  notFoundPaths?: string[]
  /** Links on the origin left out of this check (a path and its query): counted apart, as `left`. */
  leave?: (pathAndQuery: string) => boolean
}

/**
 * linkinator over the pages `pages` of the site at `origin`: their links on that origin, fragments included, no
 * redirects. linkinator holds each request until one of its `concurrency` places is free, and its time limit runs from
 * then (a thousand links of a hub no longer reach the host at once: tests/integration/checkLinks.test.ts).
 */
export async function checkSite(origin: string, pages: string[], options: LinkCheckOptions = {}): Promise<LinkReport> {
  const { concurrency = 10, timeout = 20_000, retries = 3, notFoundPaths = [], leave = () => false } = options
  const started = performance.now()
  let retried = 0
  const left = new Set<string>()
  const checker = new LinkChecker()
  checker.on('retry', () => retried++)
  const result = await checker.check({
    path: pages.map((p) => `${origin}${p}`),
    recurse: false,
    // The site's URLs name pages, not folders: `#main` on /about is /about#main. Without this, linkinator resolves
    // it against /about/, which a plain file server answered with the page and Cloudflare redirects (307).
    cleanUrls: true,
    redirects: 'error',
    checkFragments: true,
    concurrency,
    timeout,
    // A link that gets no HTTP answer (status 0: the connection failed or timed out) is tried again a few seconds
    // later, as a visitor would; one that still fails is reported with its error.
    retryErrors: retries > 0,
    retryErrorsCount: retries,
    retryErrorsJitter: 1000,
    // Canonical and social URLs name the production origin; mailto:/tel: are not web links.
    linksToSkip: async (link) => {
      if (!link.startsWith(origin)) return true
      if (!leave(link.slice(origin.length) || '/')) return false
      left.add(link)
      return true
    },
  })
  const local = (url = '') => (url.startsWith(origin) ? url.slice(origin.length) || '/' : url)
  const expected = (l: LinkResult) => l.status === 404 && notFoundPaths.includes(local(l.url))
  const broken = result.links
    .filter((l) => l.state === LinkState.BROKEN && !expected(l))
    .map((l) => ({ url: local(l.url), parent: local(l.parent), status: l.status ?? 0, reason: reasonOf(l) }))
  const checked = result.links.filter((l) => l.state !== LinkState.SKIPPED).length
  const skipped = result.links.filter((l) => l.state === LinkState.SKIPPED && !left.has(l.url)).length
  const seconds = (performance.now() - started) / 1000
  return { pages: pages.length, checked, skipped, left: result.links.length - checked - skipped, broken, retries: retried, seconds }
}

/** What linkinator recorded against a broken link: HTTP statuses and errors with their causes (ECONNRESET, timeouts). */
function reasonOf(link: LinkResult): string {
  const reasons = (link.failureDetails ?? []).map((f) => {
    if (!(f instanceof Error)) return `HTTP ${f.status}`
    const cause = f.cause as { code?: string; message?: string } | undefined
    return cause ? `${f.message}: ${[cause.code, cause.message].filter(Boolean).join(' ')}` : f.message
  })
  return [...new Set(reasons)].join('; ') || `HTTP ${link.status ?? 0}`
}
