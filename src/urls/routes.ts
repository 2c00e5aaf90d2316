import { parseCityService, parseJanitorialCityService, JANITORIAL_SUFFIX, type ParsedCityService } from './cityService'

/**
 * The route table of SPEC §2, decided from a path alone. The build, the pages, the preview
 * server, the 404 page's script and the tests all call this one function.
 */

export const STATIC_PAGES = {
  '/': 'home',
  '/about': 'about',
  '/contact': 'contact',
  '/quote': 'quote',
  '/local-services': 'local-services',
  /** Where a quote form posted without JavaScript lands (the function's 303); noindex, not in the sitemap. */
  '/thank-you': 'thank-you',
} as const
export type StaticPage = (typeof STATIC_PAGES)[keyof typeof STATIC_PAGES]

/**
 * Which not-found screen a path gets:
 * - `unknown-service`: /services/{unknown}: 'Service Not Found', "The service you're looking for doesn't exist."
 * - `unparseable-janitorial`: a -janitorial path that names no known city and service: same screen as above.
 * - `unknown-city-service`: a segment ending in a service slug whose city is unknown: 'Service Not Found'
 *   with "The service or location you're looking for doesn't exist." and the debug box.
 * - `no-segment`: `/-janitorial`, a -janitorial path with nothing before it: 'Page Not Found'.
 * - `404`: anything else: '404', 'Oops! Page not found'.
 */
export type NotFoundVariant = 'unknown-service' | 'unparseable-janitorial' | 'unknown-city-service' | 'no-segment' | '404'

export type RouteMatch =
  | { kind: 'static'; page: StaticPage }
  | { kind: 'service'; serviceSlug: string; viaAlias: boolean }
  | { kind: 'city-service'; scheme: 1 | 2; citySlug: string; serviceSlug: string }
  | { kind: 'not-found'; variant: NotFoundVariant; parsed: ParsedCityService | null }

export interface RouteContext {
  /** The 16 catalogue slugs (the only ones recognised in city-service paths). */
  serviceSlugs: readonly string[]
  /** Header alias slug → catalogue slug, for /services/{alias}. */
  aliases: Readonly<Record<string, string>>
  /** Whether a city slug names a city of the catalogue. The 404 page's script passes `() => false`. */
  hasCity: (citySlug: string) => boolean
}

export function matchRoute(pathname: string, ctx: RouteContext): RouteMatch {
  if (pathname in STATIC_PAGES) return { kind: 'static', page: STATIC_PAGES[pathname as keyof typeof STATIC_PAGES] }
  const segments = pathname.split('/').slice(1)

  if (segments.length === 2 && segments[0] === 'services' && segments[1] !== '') {
    const slug = segments[1]!
    if (ctx.serviceSlugs.includes(slug)) return { kind: 'service', serviceSlug: slug, viaAlias: false }
    const target = Object.hasOwn(ctx.aliases, slug) ? ctx.aliases[slug] : undefined
    if (target) return { kind: 'service', serviceSlug: target, viaAlias: true }
    return notFound('unknown-service')
  }
  if (segments.length !== 1 || segments[0] === '') return notFound('404')
  const segment = segments[0]!

  const first = parseCityService(segment, ctx.serviceSlugs)
  if (first && ctx.hasCity(first.citySlug)) return { kind: 'city-service', scheme: 1, ...first }

  if (segment.endsWith(JANITORIAL_SUFFIX)) {
    if (segment === JANITORIAL_SUFFIX) return notFound('no-segment')
    const second = parseJanitorialCityService(segment, ctx.serviceSlugs)
    if (second && ctx.hasCity(second.citySlug)) return { kind: 'city-service', scheme: 2, ...second }
    // A scheme-1 path whose city is unknown keeps the scheme-1 answer (with its debug box).
    if (first) return notFound('unknown-city-service', first)
    return notFound('unparseable-janitorial', second)
  }
  if (first) return notFound('unknown-city-service', first)
  return notFound('404')
}

function notFound(variant: NotFoundVariant, parsed: ParsedCityService | null = null): RouteMatch {
  return { kind: 'not-found', variant, parsed }
}

/** The four not-found screens; two variants share the 'Service Not Found' screen of the service page. */
export type NotFoundScreen = 'service' | 'city-service' | 'page' | '404'
export const NOT_FOUND_SCREENS: Record<NotFoundVariant, NotFoundScreen> = {
  'unknown-service': 'service',
  'unparseable-janitorial': 'service',
  'unknown-city-service': 'city-service',
  'no-segment': 'page',
  '404': '404',
}

/** The prerendered file (relative to the build folder) that shows each not-found variant. */
export const NOT_FOUND_FILES: Record<NotFoundVariant, string> = Object.fromEntries(
  Object.entries(NOT_FOUND_SCREENS).map(([variant, screen]) => [variant, screen === '404' ? '404.html' : `not-found/${screen}.html`]),
) as Record<NotFoundVariant, string>
