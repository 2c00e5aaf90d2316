import { serviceFor } from '../catalog/canadianCopy'
import { getCatalogue, type Catalogue, type City, type Service, type ShownService } from '../catalog/index'
import { fromFiles } from './dataFiles'
import type { ParsedCityService } from '../urls/cityService'
import { langOfPath, type Lang } from '../i18n/lang'
import { isFallbackPath, NOT_FOUND_PAGE_PATHS, variantOfScreenPage, type NotFoundVariant } from '../urls/notFound'
import { matchRoute, type StaticPage } from '../urls/routes'

/**
 * What a page shows of its city: all but its population (which only orders lists), its line in the file and the other
 * names the city finder knows it by.
 */
export type CityFacts = Omit<City, 'population' | 'line' | 'otherNames' | 'gazetteerName'>

const facts = new WeakMap<City, CityFacts>()

/** A city's facts, one object per city (page fingerprints hash each object once). */
export function cityFacts(city: City): CityFacts {
  let shown = facts.get(city)
  if (!shown) {
    const { population: _population, line: _line, otherNames: _otherNames, gazetteerName: _gazetteerName, ...rest } = city
    facts.set(city, (shown = rest))
  }
  return shown
}

const english = new WeakMap<Service, ShownService>()

/**
 * A service as a page of `lang` carries it (ShownService, src/catalog/index.ts): on a city's pages worded for its country
 * (`serviceFor`). One object per service, country and language.
 */
export function pageService(service: Service, lang: Lang, city?: { country: 'US' | 'CA'; state: string }): ShownService {
  return shownService(city ? serviceFor(service, city) : service, lang)
}

function shownService(service: Service, lang: Lang): ShownService {
  if (lang === 'fr') return service
  let shown = english.get(service)
  if (!shown) english.set(service, (shown = fromFiles({ ...service, fr: { slug: service.fr.slug, title: service.fr.title } }, 'services')))
  return shown
}

/** What a URL shows, in which language, resolved against the catalogue. Views render it; the head is built from it. */
export type PageModel =
  | { kind: 'static'; lang: Lang; path: string; page: StaticPage }
  | { kind: 'service'; lang: Lang; path: string; service: ShownService; viaAlias: boolean }
  /** A city's hub page: the city, its services, its local conditions, the quote form. */
  | { kind: 'city'; lang: Lang; path: string; city: CityFacts }
  /** French city pages have scheme 1 only. */
  | { kind: 'city-service'; lang: Lang; path: string; scheme: 1 | 2; city: CityFacts; service: ShownService }
  /** `fallback`: a 404.html that hosts serve for misses (FALLBACK_PATHS); its script shows the variant fitting the requested path. */
  | { kind: 'not-found'; lang: Lang; path: string; variant: NotFoundVariant; parsed: ParsedCityService | null; fallback: boolean }
  | { kind: 'error'; lang: Lang; path: string }

/**
 * What a URL shows, decided by the route table. For URLs that come in from outside (`vike dev`, Vike's
 * `renderPage()`, tests); the build does not parse URLs back: it makes every model from the catalogue (entries.ts).
 */
export function pageModel(path: string, catalogue: Catalogue): PageModel {
  const lang = langOfPath(path)
  const notFoundPage = variantOfScreenPage(path, lang)
  if (notFoundPage) return { kind: 'not-found', lang, path, variant: notFoundPage, parsed: null, fallback: isFallbackPath(path, lang) }
  const match = matchRoute(path, catalogue.routeContext)
  switch (match.kind) {
    case 'static':
      return { kind: 'static', lang, path, page: match.page }
    case 'service':
      return { kind: 'service', lang, path, service: pageService(catalogue.serviceBySlug.get(match.serviceSlug)!, lang), viaAlias: match.viaAlias }
    case 'city':
      return { kind: 'city', lang, path, city: cityFacts(catalogue.cityBySlug.get(match.citySlug)!) }
    case 'city-service':
      return {
        kind: 'city-service',
        lang,
        path,
        scheme: match.scheme,
        city: cityFacts(catalogue.cityBySlug.get(match.citySlug)!),
        service: pageService(catalogue.serviceBySlug.get(match.serviceSlug)!, lang, catalogue.cityBySlug.get(match.citySlug)),
      }
    case 'not-found':
      return { kind: 'not-found', lang, path, variant: match.variant, parsed: match.parsed, fallback: false }
  }
}

/** The model of a Vike pageContext: the error page is the root 404.html when prerendered, else the error screen. */
export function pageModelFor(
  pageContext: { urlPathname: string; is404?: boolean | null; isClientSideNavigation?: boolean; errorWhileRendering?: unknown; abortStatusCode?: number },
  catalogue: Catalogue,
): PageModel {
  const lang = langOfPath(pageContext.urlPathname)
  if (pageContext.is404) return { kind: 'not-found', lang, path: pageContext.urlPathname, variant: '404', parsed: null, fallback: true }
  if (pageContext.errorWhileRendering || (pageContext.abortStatusCode && pageContext.abortStatusCode >= 500)) {
    return { kind: 'error', lang, path: pageContext.urlPathname }
  }
  return pageModel(pageContext.urlPathname, catalogue)
}

/** Whether a page shows the city finder (the home page, the directory, the not-found screens): its footer credits its sources. */
export const showsCityFinder = (model: PageModel) =>
  model.kind === 'not-found' || (model.kind === 'static' && (model.page === 'home' || model.page === 'local-services'))

/** The Vike page (a folder of pages/) that renders a model: it decides the page's browser script. */
export type VikePage =
  'index' | 'about' | 'contact' | 'quote' | 'local-services' | 'thank-you' | 'privacy' | 'service' | 'city' | 'city-service' | 'not-found' | '_error'

const VIKE_PAGE_OF_STATIC: Record<StaticPage, VikePage> = {
  home: 'index',
  about: 'about',
  contact: 'contact',
  quote: 'quote',
  'local-services': 'local-services',
  'thank-you': 'thank-you',
  privacy: 'privacy',
}

/** The Vike page of a model. Vike's route functions use it (vikePageOfPath), so Vike and the build agree by construction. */
export function vikePageOf(model: PageModel): VikePage {
  switch (model.kind) {
    case 'static':
      return VIKE_PAGE_OF_STATIC[model.page]
    case 'service':
      return 'service'
    case 'city':
      return 'city'
    case 'city-service':
      return 'city-service'
    case 'not-found':
      if (NOT_FOUND_PAGE_PATHS[model.lang].includes(model.path)) return 'not-found'
      if (model.variant === 'unknown-service') return 'service'
      if (model.variant === '404') return '_error'
      return 'city-service'
    case 'error':
      return '_error'
  }
}

/** The Vike page that shows a URL: what the route functions of pages/ ask (vike dev, Vike's renderPage()), through renderer/+onCreateGlobalContext.server.ts. */
export const vikePageOfPath = (path: string): VikePage => vikePageOf(pageModel(path, getCatalogue()))
