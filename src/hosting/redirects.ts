import { DataError, type Catalogue } from '../catalog/index'
import { pagePaths } from '../pages/entries'
import { redirectedHub, redirectedUrls, type SlugRedirect } from '../slugs/redirects'
import { cityServicePath } from '../urls/cityService'
import { notFoundFile } from '../urls/notFound'
import { servicePath } from '../urls/paths'

/**
 * Redirect rules in the `_redirects` syntax of Netlify and Cloudflare (`from  to  status`), for the
 * old URLs of cities (data/city-slugs.csv) and the not-found screens, and the matcher the local server uses.
 *
 * A static rule names one path. A dynamic rule has a splat (`*`, any characters, `:splat` in the target) or a
 * placeholder (`:name`, any characters but `/`); hosts try rules top to bottom and take the first match.
 * Cloudflare applies rules even where a file exists, and allows 2,000 static and 100 dynamic rules,
 * statics first. Netlify documents splats only after a slash, so a city's old URLs get 33 static rules
 * (16 services × 2 schemes, and its hub `/local-services/{slug}`), which every host understands; only when that
 * would pass 2,000 rules do some cities get one dynamic rule each (`/boise-*  /boise-city-:splat  301`), as
 * Cloudflare reads them, plus the static rule of their hub.
 * No rule ever matches a page of the site.
 */
interface RedirectRule {
  from: string
  to: string
  status: 301 | 404
}

export interface RedirectRules {
  static: RedirectRule[]
  dynamic: RedirectRule[]
}

/** Cloudflare's limits of `_redirects` (Workers static assets, as Pages; Netlify has none this small). */
export const CLOUDFLARE_LIMITS = { static: 2000, dynamic: 100 } as const

/**
 * The not-found screens that a path prefix can select, as rewrites with status 404 (Netlify; Cloudflare ignores them:
 * its Worker answers every miss, src/hosting/worker.ts). Other misses get the root 404.html, whose script picks.
 */
export const NOT_FOUND_RULES: RedirectRules = {
  static: [{ from: '/-janitorial', to: `/${notFoundFile('no-segment')}`, status: 404 }],
  dynamic: [
    { from: '/services/*', to: `/${notFoundFile('unknown-service')}`, status: 404 },
    { from: '/fr/services/*', to: `/${notFoundFile('unknown-service', 'fr')}`, status: 404 },
    { from: '/fr/*', to: `/${notFoundFile('404', 'fr')}`, status: 404 },
  ],
}

/** Too many old URLs for Cloudflare: a data problem, reported like the others, with what to do. */
export class RedirectLimitError extends DataError {
  constructor(message: string) {
    super([message])
    this.name = 'RedirectLimitError'
  }
}

export interface SiteUrls {
  /** The 16 catalogue service slugs. */
  serviceSlugs: readonly string[]
  /** Every path the site has a page for: no rule may match one. */
  pagePaths: readonly string[]
}

/**
 * Every rule of `_redirects`: static ones first (the not-found rule, then the old city URLs), then dynamic ones.
 * Throws RedirectLimitError, saying what to do, when Cloudflare's limits would be passed.
 */
export function siteRedirectRules(redirects: readonly SlugRedirect[], site: SiteUrls): RedirectRules {
  const city = cityRedirectRules(redirects, site, {
    static: CLOUDFLARE_LIMITS.static - NOT_FOUND_RULES.static.length,
    dynamic: CLOUDFLARE_LIMITS.dynamic - NOT_FOUND_RULES.dynamic.length,
  })
  return { static: [...NOT_FOUND_RULES.static, ...city.static], dynamic: [...city.dynamic, ...NOT_FOUND_RULES.dynamic] }
}

/** `siteRedirectRules` for the catalogue's old city slugs (data/city-slugs.csv). */
export function catalogueRedirectRules(catalogue: Catalogue): RedirectRules {
  return siteRedirectRules(catalogue.publishedSlugs.redirects, {
    serviceSlugs: catalogue.services.map((s) => s.slug),
    pagePaths: pagePaths(catalogue),
  })
}

/** The permanent redirects of the old city URLs, within `budget` rules of each kind. */
function cityRedirectRules(redirects: readonly SlugRedirect[], site: SiteUrls, budget: { static: number; dynamic: number }): RedirectRules {
  const pages = new Set(site.pagePaths)
  const sorted = [...redirects].sort((a, b) => (a.from < b.from ? -1 : 1))
  const staticRules = new Map(sorted.map((r) => [r, staticRulesOf(r, site.serviceSlugs, pages)]))
  const dynamicRules = new Map<SlugRedirect, RedirectRule[]>()
  const count = () => [...staticRules.values()].reduce((n, rules) => n + rules.length, 0)
  const dynamicCount = () => [...dynamicRules.values()].reduce((n, rules) => n + rules.filter(isDynamic).length, 0)

  // Over the static budget: cover cities with dynamic rules, moved cities first (two rules instead of 33).
  const convertible = sorted.filter((r) => dynamicSafe(r, site.pagePaths)).sort((a, b) => Number(a.to === null) - Number(b.to === null))
  for (const r of convertible) {
    if (count() <= budget.static) break
    const rules = dynamicRulesOf(r, pages)
    dynamicRules.set(r, rules)
    staticRules.set(
      r,
      rules.filter((rule) => !isDynamic(rule)),
    )
  }
  if (count() > budget.static || dynamicCount() > budget.dynamic) {
    throw new RedirectLimitError(
      `The old URLs of ${redirects.length} cities need more redirect rules than Cloudflare allows ` +
        `(${count() + CLOUDFLARE_LIMITS.static - budget.static} static and ${dynamicCount() + CLOUDFLARE_LIMITS.dynamic - budget.dynamic} dynamic rules; ` +
        `the limits are ${CLOUDFLARE_LIMITS.static.toLocaleString('en')} and ${CLOUDFLARE_LIMITS.dynamic}). ` +
        'Retire the oldest redirects: delete their rows (status "moved" or "removed") from data/city-slugs.csv, then build again; ' +
        'search engines have usually learned the new URLs a year after a change.',
    )
  }
  const dynamic = [...dynamicRules.values()].flat().filter(isDynamic)
  // Longer prefixes first, so that `/springfield-mo-*` is tried before `/springfield-*`.
  dynamic.sort((a, b) => b.from.length - a.from.length)
  return { static: [...staticRules.values()].flat(), dynamic }
}

const isDynamic = (rule: RedirectRule) => /[*:]/.test(rule.from)

function staticRulesOf(r: SlugRedirect, serviceSlugs: readonly string[], pages: ReadonlySet<string>): RedirectRule[] {
  // A page always wins over an old URL (Netlify serves the file; Cloudflare would follow the rule, so leave it out).
  return [...redirectedUrls(r, serviceSlugs), redirectedHub(r)].filter(({ from }) => !pages.has(from)).map(({ from, to }) => ({ from, to, status: 301 }))
}

/** A removed city needs three rules, as `routine-janitorial` itself ends in `-janitorial`; the hub keeps its static rule. */
function dynamicRulesOf(r: SlugRedirect, pages: ReadonlySet<string>): RedirectRule[] {
  const hub = redirectedHub(r)
  const hubRules: RedirectRule[] = pages.has(hub.from) ? [] : [{ ...hub, status: 301 }]
  if (r.to !== null) return [{ from: `/${r.from}-*`, to: `/${r.to}-:splat`, status: 301 }, ...hubRules]
  return [
    ...hubRules,
    { from: cityServicePath(r.from, 'routine-janitorial', 1), to: servicePath('routine-janitorial'), status: 301 },
    { from: `/${r.from}-:service-janitorial`, to: `${servicePath(':service')}`, status: 301 },
    { from: `/${r.from}-*`, to: servicePath(':splat'), status: 301 },
  ]
}

/** A rule `/{slug}-*` is safe when no page of the site starts with `/{slug}-` (`/springfield-*` would catch `/springfield-ma-…`). */
function dynamicSafe(r: SlugRedirect, pagePaths: readonly string[]): boolean {
  const prefix = `/${r.from}-`
  return !pagePaths.some((p) => p.startsWith(prefix))
}

export interface RedirectMatch {
  location: string
  status: number
}

/**
 * The rule a path matches, as Cloudflare reads `_redirects`: static rules by exact path, then
 * dynamic rules in order; `*` matches any characters, `:name` any characters but `/`.
 */
export function createRedirectMatcher(rules: RedirectRules): (pathname: string) => RedirectMatch | undefined {
  const exact = new Map<string, RedirectRule>()
  for (const rule of rules.static) if (!exact.has(rule.from)) exact.set(rule.from, rule)
  const patterns = rules.dynamic.map((rule) => ({ rule, regex: patternOf(rule.from) }))
  return (pathname) => {
    const rule = exact.get(pathname)
    if (rule) return { location: rule.to, status: rule.status }
    for (const { rule, regex } of patterns) {
      const groups = regex.exec(pathname)?.groups
      if (!groups) continue
      const location = rule.to.replace(/:([A-Za-z]\w*)/g, (whole, name: string) => groups[name] ?? whole)
      return { location, status: rule.status }
    }
    return undefined
  }
}

function patternOf(from: string): RegExp {
  const escaped = from.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^${escaped.replace(/\*/g, '(?<splat>.*)').replace(/:([A-Za-z]\w*)/g, '(?<$1>[^/]+)')}$`)
}

/** The rules as lines of a `_redirects` file. */
export function redirectLines(rules: RedirectRules): string[] {
  return [...rules.static, ...rules.dynamic].map((r) => `${r.from}  ${r.to}  ${r.status}`)
}
