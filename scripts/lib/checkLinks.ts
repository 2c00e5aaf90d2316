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
  requests: number
  seconds: number
}
export type LinkCheckOptions = {
  /** Requests at once (default 10). */
  concurrency?: number
  /** Milliseconds a request may take from the moment it is sent (default 20 s). */
  timeout?: number
  /** linkinator's retryErrorsCount for a link that got no HTTP answer (or a 5xx): with 3 (the default) it tries 4 more times, 2, 2, 4 and 8 s later. */
  retries?: number
  /** Paths that answer 404 on purpose (the root not-found page). */
  notFoundPaths?: string[]
  /** Links on the origin left out of this check (a path and its query): counted apart, as `left`. */
  leave?: (pathAndQuery: string) => boolean
}

let running = false

/** linkinator over the pages `pages` of the site at `origin`: their links on that origin, fragments included, no redirects. */
export async function checkSite(origin: string, pages: string[], options: LinkCheckOptions = {}): Promise<LinkReport> {
  const { concurrency = 10, timeout = 20_000, retries = 3, notFoundPaths = [], leave = () => false } = options
  if (running) throw new Error('one link check at a time: it replaces the global fetch while it runs')
  running = true
  // linkinator 7.6.1 starts the request of every link of a page at once, whatever its `concurrency` (its queue only
  // awaits requests already under way), each with its `timeout` running from then: over a thousand connections at
  // once overflow the host's listen queue, and under load the last ones time out before they are even sent (status
  // 0). It requests with the global fetch, so that is where its requests are queued and given their time limit.
  const fetch0 = globalThis.fetch
  const slot = limiter(concurrency)
  let requests = 0
  globalThis.fetch = (input, init) =>
    slot(() => {
      requests++
      const signal = init?.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeout)]) : AbortSignal.timeout(timeout)
      return fetch0(input, { ...init, signal })
    })
  const started = performance.now()
  let retried = 0
  const left = new Set<string>()
  try {
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
    if (checked > 0 && requests === 0)
      throw new Error('linkinator no longer requests with the global fetch: its requests are neither queued nor limited in time')
    const seconds = (performance.now() - started) / 1000
    return { pages: pages.length, checked, skipped, left: result.links.length - checked - skipped, broken, retries: retried, requests, seconds }
  } finally {
    globalThis.fetch = fetch0
    running = false
  }
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

/** Runs at most `n` tasks at once, the others in order as places free up. */
function limiter(n: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < n) active++
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active--
    }
  }
}
