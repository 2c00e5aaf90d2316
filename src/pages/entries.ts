import type { Catalogue, City, Service } from '../catalog/index'
import { LANGS, type Lang } from '../i18n/lang'
import { cityServicePath } from '../urls/cityService'
import { isFallbackPath, NOT_FOUND_PAGE_PATHS, ROOT_404_PATHS, variantOfScreenPage } from '../urls/notFound'
import { cityHubPath, fileForPath, servicePath } from '../urls/paths'
import { matchRoute, STATIC_PATHS, type StaticPage } from '../urls/routes'
import { frenchCities } from '../catalog/lists'
import { cityFacts, pageService, vikePageOf, type PageModel, type VikePage } from './model'
import { pageProps, pageSearchStatus, type PageProps } from './props'
import type { IndexDecision } from './searchStatus'

/** One page the build writes. */
export interface PageEntry {
  path: string
  /** Its file under the build folder. */
  file: string
  model: PageModel
  vikePage: VikePage
  /** Everything the page shows: its fingerprint is a hash of these and of the code (src/build/fingerprints.ts). */
  props: PageProps
}

const listed = new WeakMap<IndexDecision, { catalogue: Catalogue; entries: PageEntry[] }>()

/**
 * Every page of the site, in a fixed order, made from the catalogue (no URL is parsed back): the static pages,
 * the service pages and header aliases, the not-found screen pages, the city hubs, both city-service schemes of every city and
 * service, the root 404. `decision`: which city pages search engines are asked to index (searchStatus.ts). The build,
 * the sitemap, the link check and the tests use this list.
 */
export function pageEntries(catalogue: Catalogue, decision: IndexDecision): PageEntry[] {
  let list = listed.get(decision)
  if (list?.catalogue !== catalogue) {
    list = { catalogue, entries: Array.from({ length: pageCount(catalogue) }, (_, i) => entryAt(catalogue, decision, i)) }
    listed.set(decision, list)
  }
  return list.entries
}

const pathsOf = new WeakMap<Catalogue, readonly string[]>()

/** The path of every page of `pageEntries()`, in order. */
export function pagePaths(catalogue: Catalogue): readonly string[] {
  let paths = pathsOf.get(catalogue)
  if (!paths) pathsOf.set(catalogue, (paths = pageModels(catalogue).map((m) => m.path)))
  return paths
}

const modelsOf = new WeakMap<Catalogue, readonly PageModel[]>()

/**
 * The model of every page of `pageEntries()`, in order, made once per catalogue without the pages' props (what a page
 * is, not what it shows; each city-service path checked once to route back to its page): the search index's measure,
 * the build's pass over the pages and its render threads make each page's props from these. The order: the other
 * pages, then the city pages of cityRuns() (city by city, service by service, scheme by scheme), the root 404 page of
 * each language.
 */
export function pageModels(catalogue: Catalogue): readonly PageModel[] {
  let models = modelsOf.get(catalogue)
  if (models) return models
  const list = [...otherModels(catalogue)]
  for (const { lang, cities, schemes } of cityRuns(catalogue))
    for (const city of cities)
      for (const service of catalogue.services)
        for (const scheme of schemes) {
          const path = cityPagePath(catalogue, city, service, scheme, lang)
          list.push({ kind: 'city-service', lang, path, scheme, city: cityFacts(city), service: pageService(service, lang, city) })
        }
  for (const lang of LANGS) list.push({ kind: 'not-found', lang, path: ROOT_404_PATHS[lang], variant: '404', parsed: null, fallback: true })
  modelsOf.set(catalogue, (models = list))
  return models
}

/** The site's URLs that are pages of their own, by kind (the root 404 page is not one). Made without the pages' props. */
export function sitePaths(catalogue: Catalogue) {
  const models = pageModels(catalogue)
  const of = (test: (model: PageModel) => boolean) => models.filter(test).map((m) => m.path)
  return {
    static: of((m) => m.kind === 'static'),
    services: of((m) => m.kind === 'service'),
    /** The city hub pages, `/local-services/{city}` and `/fr/services-locaux/{city}`. */
    hubs: of((m) => m.kind === 'city'),
    cityServices: of((m) => m.kind === 'city-service'),
    notFound: of((m) => vikePageOf(m) === 'not-found'),
    /** The root 404 page of each language. */
    root404: of((m) => vikePageOf(m) === '_error'),
  }
}

/** How many pages the site has. */
export function pageCount(catalogue: Catalogue): number {
  const french = cityRuns(catalogue).at(-1)!
  return french.start + french.cities.length * catalogue.services.length * french.schemes.length + LANGS.length
}

/**
 * The entry at a position of `pageEntries()`, its props made without the other pages' (render threads take pages by
 * position; the models are made once, `pageModels()`).
 */
export function entryAt(catalogue: Catalogue, decision: IndexDecision, index: number): PageEntry {
  if (index < otherModels(catalogue).length) return otherEntries(catalogue, decision)[index]!
  const model = pageModels(catalogue)[index]
  if (!model) throw new RangeError(`no page at position ${index} of ${pageCount(catalogue)}`)
  return entry(model, catalogue, decision)
}

/**
 * The positions in pageEntries() of the pages whose props differ between two decisions: the city pages whose search
 * status they decide otherwise (searchStatus() gives one object per combination, so two statuses compare by identity).
 */
export function pagesDecidedOtherwise(catalogue: Catalogue, a: IndexDecision, b: IndexDecision): number[] {
  const positions: number[] = []
  pageModels(catalogue).forEach((model, i) => {
    if (pageSearchStatus(model, a) !== pageSearchStatus(model, b)) positions.push(i)
  })
  return positions
}

/**
 * The city pages, after the others: the English ones (every city, each service in both schemes), then the French ones
 * (the cities with French pages, scheme 1), city by city, service by service in the catalogue's order.
 */
interface CityRun {
  lang: Lang
  cities: readonly City[]
  schemes: readonly (1 | 2)[]
  /** The position in pageEntries() of the run's first page. */
  start: number
}

const runsOf = new WeakMap<Catalogue, readonly CityRun[]>()

function cityRuns(catalogue: Catalogue): readonly CityRun[] {
  let runs = runsOf.get(catalogue)
  if (!runs) {
    const english: CityRun = { lang: 'en', cities: catalogue.cities, schemes: [1, 2], start: otherModels(catalogue).length }
    const french: CityRun = {
      lang: 'fr',
      cities: frenchCities(catalogue),
      schemes: [1],
      start: english.start + english.cities.length * catalogue.services.length * english.schemes.length,
    }
    runsOf.set(catalogue, (runs = [english, french]))
  }
  return runs
}

/** A city-service page's path, checked to route back to its own city, service and scheme (guards against slug clashes). */
function cityPagePath(catalogue: Catalogue, city: City, service: Service, scheme: 1 | 2, lang: Lang): string {
  const path = cityServicePath(city.slug, lang === 'fr' ? service.fr.slug : service.slug, scheme, lang)
  const match = matchRoute(path, catalogue.routeContext)
  if (match.kind !== 'city-service' || match.citySlug !== city.slug || match.serviceSlug !== service.slug || match.scheme !== scheme || match.lang !== lang) {
    throw new Error(`${path} (${city.name}, ${city.state} × ${service.title}) would not route back to its own page: ${JSON.stringify(match)}`)
  }
  return path
}

/**
 * The city-service pages of one city in one language, as they lie in pageEntries(): from `start`, service by service
 * in the catalogue's order, each service's pages in the order of `schemes` (cityRuns(), as pageModels() lists them).
 */
export interface CityGroup {
  city: City
  lang: Lang
  start: number
  schemes: readonly (1 | 2)[]
}

/** Every city's group of city-service pages, English then French, in the order of pageEntries(). */
export function cityGroups(catalogue: Catalogue): CityGroup[] {
  const perService = catalogue.services.length
  return cityRuns(catalogue).flatMap(({ lang, cities, schemes, start }) =>
    cities.map((city, i) => ({ city, lang, schemes, start: start + i * perService * schemes.length })),
  )
}

/** A hub's model, its path checked to route back to its own city. */
function hubModel(catalogue: Catalogue, city: City, lang: Lang): PageModel {
  const path = cityHubPath(city.slug, lang)
  const match = matchRoute(path, catalogue.routeContext)
  if (match.kind !== 'city' || match.citySlug !== city.slug || match.lang !== lang) {
    throw new Error(`${path} (${city.name}, ${city.state}) would not route back to its own page: ${JSON.stringify(match)}`)
  }
  return { kind: 'city', lang, path, city: cityFacts(city) }
}

function entry(model: PageModel, catalogue: Catalogue, decision: IndexDecision): PageEntry {
  return { path: model.path, file: fileForPath(model.path), model, vikePage: vikePageOf(model), props: pageProps(model, catalogue, decision) }
}

const otherModelsOf = new WeakMap<Catalogue, readonly PageModel[]>()

/** The pages before the city pages, English then French: static, service (and English alias), not-found screens, city hubs. */
function otherModels(catalogue: Catalogue): readonly PageModel[] {
  let list = otherModelsOf.get(catalogue)
  if (list) return list
  const models: PageModel[] = []
  for (const lang of LANGS) {
    for (const [page, path] of Object.entries(STATIC_PATHS[lang]) as [StaticPage, string][]) models.push({ kind: 'static', lang, path, page })
    for (const service of catalogue.services) {
      models.push({
        kind: 'service',
        lang,
        path: servicePath(lang === 'fr' ? service.fr.slug : service.slug, lang),
        service: pageService(service, lang),
        viaAlias: false,
      })
    }
    if (lang === 'en') {
      for (const [alias, slug] of Object.entries(catalogue.aliases))
        models.push({ kind: 'service', lang, path: servicePath(alias), service: pageService(catalogue.serviceBySlug.get(slug)!, lang), viaAlias: true })
    }
    for (const path of NOT_FOUND_PAGE_PATHS[lang])
      models.push({ kind: 'not-found', lang, path, variant: variantOfScreenPage(path, lang)!, parsed: null, fallback: isFallbackPath(path, lang) })
    for (const city of lang === 'fr' ? frenchCities(catalogue) : catalogue.cities) models.push(hubModel(catalogue, city, lang))
  }
  otherModelsOf.set(catalogue, (list = models))
  return list
}

const others = new WeakMap<IndexDecision, { catalogue: Catalogue; entries: PageEntry[] }>()

/** The entries of `otherModels()`, made once per catalogue and decision. */
function otherEntries(catalogue: Catalogue, decision: IndexDecision): PageEntry[] {
  const made = others.get(decision)
  if (made?.catalogue === catalogue) return made.entries
  const entries = otherModels(catalogue).map((model) => entry(model, catalogue, decision))
  others.set(decision, { catalogue, entries })
  return entries
}
