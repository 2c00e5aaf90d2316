import { parseCityService, parseJanitorialCityService, JANITORIAL_SUFFIX, type ParsedCityService } from './cityService'
import type { NotFoundVariant } from './notFound'

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
} as const
export type StaticPage = (typeof STATIC_PAGES)[keyof typeof STATIC_PAGES]

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
