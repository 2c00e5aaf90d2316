import { parseCityService, parseJanitorialCityService, JANITORIAL_SUFFIX, type ParsedCityService } from './cityService'
import { LANG_PREFIX, langOfPath, type Lang } from '../i18n/lang'

/**
 * The route table of docs/spec.md §2, decided from a path alone, and its French counterpart under /fr (docs/architecture.md,
 * "French pages"). The local server, Vike's route functions, the 404 page's script and the tests call this one function;
 * the build never parses a URL back (src/pages/entries.ts makes every page from the catalogue).
 */

/** `thank-you`: where the quote form leads when it was sent without JavaScript (noindex, not in the sitemap). `privacy`: the privacy notice. */
export type StaticPage = 'home' | 'about' | 'contact' | 'quote' | 'local-services' | 'thank-you' | 'privacy'

/** The URL of each static page in each language. */
export const STATIC_PATHS: Record<Lang, Record<StaticPage, string>> = {
  en: {
    home: '/',
    about: '/about',
    contact: '/contact',
    quote: '/quote',
    'local-services': '/local-services',
    'thank-you': '/thank-you',
    privacy: '/privacy',
  },
  fr: {
    home: '/fr',
    about: '/fr/a-propos',
    contact: '/fr/contact',
    quote: '/fr/soumission',
    'local-services': '/fr/services-locaux',
    'thank-you': '/fr/merci',
    privacy: '/fr/confidentialite',
  },
}

/**
 * Which not-found case a path is (the screen each shows and its texts: notFound.ts):
 * - `unknown-service`: /services/{unknown}.
 * - `unparseable-janitorial`: a -janitorial path that names no known city and service.
 * - `unknown-city-service`: a segment ending in a service slug whose city is unknown (gets the debug box).
 * - `no-segment`: `/-janitorial`, a -janitorial path with nothing before it.
 * - `404`: anything else.
 */
export type NotFoundVariant = 'unknown-service' | 'unparseable-janitorial' | 'unknown-city-service' | 'no-segment' | '404'

/** The English static pages by path (docs/spec.md §2). */
const STATIC_PAGES = Object.fromEntries(Object.entries(STATIC_PATHS.en).map(([page, path]) => [path, page])) as Record<string, StaticPage>

export type RouteMatch =
  | { kind: 'static'; lang: Lang; page: StaticPage }
  | { kind: 'service'; lang: Lang; serviceSlug: string; viaAlias: boolean }
  /** A city's hub page, `/local-services/{city}` (`/fr/services-locaux/{city}` for a city with French pages). */
  | { kind: 'city'; lang: Lang; citySlug: string }
  /** `serviceSlug` is the catalogue slug, in both languages. French city pages have one scheme. */
  | { kind: 'city-service'; lang: Lang; scheme: 1 | 2; citySlug: string; serviceSlug: string }
  /** `parsed`: what the path was read as, in its own language's slugs (the debug box shows it). */
  | { kind: 'not-found'; lang: Lang; variant: NotFoundVariant; parsed: ParsedCityService | null }

export interface RouteContext {
  /** The 16 catalogue slugs (the only ones recognised in city-service paths). */
  serviceSlugs: readonly string[]
  /** Header alias slug → catalogue slug, for /services/{alias}. */
  aliases: Readonly<Record<string, string>>
  /** Whether a city slug names a city of the catalogue. The 404 page's script passes `() => false`. */
  hasCity: (citySlug: string) => boolean
  /** The French pages: French service slug → catalogue slug, and whether a city has French pages. */
  fr: {
    services: Readonly<Record<string, string>>
    hasCity: (citySlug: string) => boolean
  }
}

export function matchRoute(pathname: string, ctx: RouteContext): RouteMatch {
  if (langOfPath(pathname) === 'fr') return matchFrench(pathname, ctx)
  const page = Object.hasOwn(STATIC_PAGES, pathname) ? STATIC_PAGES[pathname] : undefined
  if (page) return { kind: 'static', lang: 'en', page }
  const notFound = (variant: NotFoundVariant, parsed: ParsedCityService | null = null): RouteMatch => ({ kind: 'not-found', lang: 'en', variant, parsed })
  const segments = pathname.split('/').slice(1)

  if (segments.length === 2 && segments[0] === 'services' && segments[1] !== '') {
    const slug = segments[1]!
    if (ctx.serviceSlugs.includes(slug)) return { kind: 'service', lang: 'en', serviceSlug: slug, viaAlias: false }
    const target = Object.hasOwn(ctx.aliases, slug) ? ctx.aliases[slug] : undefined
    if (target) return { kind: 'service', lang: 'en', serviceSlug: target, viaAlias: true }
    return notFound('unknown-service')
  }
  if (segments.length === 2 && `/${segments[0]}` === STATIC_PATHS.en['local-services'])
    return ctx.hasCity(segments[1]!) ? { kind: 'city', lang: 'en', citySlug: segments[1]! } : notFound('404')
  if (segments.length !== 1 || segments[0] === '') return notFound('404')
  const segment = segments[0]!

  const first = parseCityService(segment, ctx.serviceSlugs)
  if (first && ctx.hasCity(first.citySlug)) return { kind: 'city-service', lang: 'en', scheme: 1, ...first }

  if (segment.endsWith(JANITORIAL_SUFFIX)) {
    if (segment === JANITORIAL_SUFFIX) return notFound('no-segment')
    const second = parseJanitorialCityService(segment, ctx.serviceSlugs)
    if (second && ctx.hasCity(second.citySlug)) return { kind: 'city-service', lang: 'en', scheme: 2, ...second }
    // A scheme-1 path whose city is unknown keeps the scheme-1 answer (with its debug box).
    if (first) return notFound('unknown-city-service', first)
    return notFound('unparseable-janitorial', second)
  }
  if (first) return notFound('unknown-city-service', first)
  return notFound('404')
}

const frenchSlugLists = new WeakMap<Readonly<Record<string, string>>, readonly string[]>()

/** The French service slugs of a route context, listed once per context. */
function frenchSlugs(services: Readonly<Record<string, string>>): readonly string[] {
  let slugs = frenchSlugLists.get(services)
  if (!slugs) frenchSlugLists.set(services, (slugs = Object.keys(services)))
  return slugs
}

/** The French pages, under /fr: one city-service scheme, with French service slugs. */
function matchFrench(pathname: string, ctx: RouteContext): RouteMatch {
  const page = (Object.keys(STATIC_PATHS.fr) as StaticPage[]).find((p) => STATIC_PATHS.fr[p] === pathname)
  if (page) return { kind: 'static', lang: 'fr', page }
  const notFound = (variant: NotFoundVariant, parsed: ParsedCityService | null = null): RouteMatch => ({ kind: 'not-found', lang: 'fr', variant, parsed })
  const segments = pathname.slice(LANG_PREFIX.fr.length).split('/').slice(1)
  const services = ctx.fr.services
  if (segments.length === 2 && segments[0] === 'services' && segments[1] !== '') {
    const target = Object.hasOwn(services, segments[1]!) ? services[segments[1]!] : undefined
    return target ? { kind: 'service', lang: 'fr', serviceSlug: target, viaAlias: false } : notFound('unknown-service')
  }
  if (segments.length === 2 && `${LANG_PREFIX.fr}/${segments[0]}` === STATIC_PATHS.fr['local-services'])
    return ctx.fr.hasCity(segments[1]!) ? { kind: 'city', lang: 'fr', citySlug: segments[1]! } : notFound('404')
  if (segments.length !== 1 || segments[0] === '') return notFound('404')
  const parsed = parseCityService(segments[0]!, frenchSlugs(services))
  if (!parsed) return notFound('404')
  if (ctx.fr.hasCity(parsed.citySlug))
    return { kind: 'city-service', lang: 'fr', scheme: 1, citySlug: parsed.citySlug, serviceSlug: services[parsed.serviceSlug]! }
  return notFound('unknown-city-service', parsed)
}
