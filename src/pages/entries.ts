import { createHash } from 'node:crypto'
import type { Catalogue, City, Service } from '../catalog/index'
import { LANGS, type Lang } from '../i18n/lang'
import { cityServicePath } from '../urls/cityService'
import { NOT_FOUND_PAGE_PATHS, ROOT_404_PATHS, variantOfScreenPage } from '../urls/notFound'
import { fileForPath, servicePath } from '../urls/paths'
import { matchRoute, STATIC_PATHS, type StaticPage } from '../urls/routes'
import { frenchCities, majorCities, nearbyCities } from '../catalog/lists'
import { vikePageOf, type PageModel, type VikePage } from './model'

/** One page the build writes. */
export interface PageEntry {
  path: string
  /** Its file under the build folder. */
  file: string
  model: PageModel
  vikePage: VikePage
  /**
   * The pieces of data the page shows (keys of `dataHashes()`): the build renders the page again only when the
   * hash of one of them, or the code, changed. A test renders every page before and after data edits and fails
   * if a page changed without a change here.
   */
  reads: readonly string[]
}

const listed = new WeakMap<Catalogue, PageEntry[]>()

/**
 * Every page of the site, in a fixed order, made from the catalogue (no URL is parsed back): the static pages,
 * the service pages and header aliases, the not-found screen pages, both city-service schemes of every city and
 * service, the root 404. The build, the sitemap, the link check and the tests use this list.
 */
export function pageEntries(catalogue: Catalogue): PageEntry[] {
  let entries = listed.get(catalogue)
  if (!entries) listed.set(catalogue, (entries = Array.from({ length: pageCount(catalogue) }, (_, i) => entryAt(catalogue, i))))
  return entries
}

/** The site's URLs that are pages of their own, by kind (the root 404 page is not one). */
export function sitePaths(catalogue: Catalogue) {
  const entries = pageEntries(catalogue)
  const of = (test: (e: PageEntry) => boolean) => entries.filter(test).map((e) => e.path)
  return {
    static: of((e) => e.model.kind === 'static'),
    services: of((e) => e.model.kind === 'service'),
    cityServices: of((e) => e.model.kind === 'city-service'),
    notFound: of((e) => e.vikePage === 'not-found'),
    /** The root 404 page of each language. */
    root404: of((e) => e.vikePage === '_error'),
  }
}

/** How many pages the site has. */
export function pageCount(catalogue: Catalogue): number {
  return otherEntries(catalogue).length + catalogue.cities.length * catalogue.services.length * 2 + frenchCities(catalogue).length * catalogue.services.length + LANGS.length
}

/**
 * The entry at a position of `pageEntries()`, made without the others (render threads take pages by position):
 * the other pages, then the English city pages (city × service × scheme), the French city pages (French cities ×
 * service), the root 404 page of each language.
 */
export function entryAt(catalogue: Catalogue, index: number): PageEntry {
  const others = otherEntries(catalogue)
  if (index < others.length) return others[index]!
  const services = catalogue.services
  let i = index - others.length
  const english = catalogue.cities.length * services.length * 2
  if (i < english) {
    const city = catalogue.cities[Math.floor(i / (services.length * 2))]!
    const service = services[Math.floor((i % (services.length * 2)) / 2)]!
    return cityEntry(catalogue, city, service, ((i % 2) + 1) as 1 | 2, 'en')
  }
  i -= english
  const french = frenchCities(catalogue)
  if (i < french.length * services.length) return cityEntry(catalogue, french[Math.floor(i / services.length)]!, services[i % services.length]!, 1, 'fr')
  i -= french.length * services.length
  const lang = LANGS[i]
  if (!lang) throw new RangeError(`no page at position ${index} of ${pageCount(catalogue)}`)
  return entry({ kind: 'not-found', lang, path: ROOT_404_PATHS[lang], variant: '404', parsed: null, fallback: true }, NOT_FOUND_READS)
}

function cityEntry(catalogue: Catalogue, city: City, service: Service, scheme: 1 | 2, lang: Lang): PageEntry {
  const path = cityServicePath(city.slug, lang === 'fr' ? service.fr.slug : service.slug, scheme, lang)
  // Every generated URL must route back to its own city, service and scheme (guards against slug clashes).
  const match = matchRoute(path, catalogue.routeContext)
  if (match.kind !== 'city-service' || match.citySlug !== city.slug || match.serviceSlug !== service.slug || match.scheme !== scheme || match.lang !== lang) {
    throw new Error(`${path} (${city.name}, ${city.state} × ${service.title}) would not route back to its own page: ${JSON.stringify(match)}`)
  }
  return entry({ kind: 'city-service', lang, path, scheme, city, service }, cityReads(catalogue, city, service.slug, lang))
}

/** What every page of a language reads: the company's constants and the menus. */
const ALL_PAGES: Record<Lang, readonly string[]> = { en: ['site', 'nav:en'], fr: ['site', 'site:fr', 'nav:fr'] }
/** The not-found pages carry the service slugs of both languages (a root 404 page also every screen of both). */
const NOT_FOUND_READS = ['site', 'site:fr', 'nav:en', 'nav:fr'] as const

function entry(model: PageModel, reads: readonly string[]): PageEntry {
  return { path: model.path, file: fileForPath(model.path), model, vikePage: vikePageOf(model), reads }
}

const others = new WeakMap<Catalogue, PageEntry[]>()

/** The pages before the city pages, English then French: static, service (and English alias), not-found screens. */
function otherEntries(catalogue: Catalogue): PageEntry[] {
  let list = others.get(catalogue)
  if (list) return list
  list = []
  for (const lang of LANGS) {
    const reading = (...keys: string[]) => [...ALL_PAGES[lang], ...keys]
    for (const [page, path] of Object.entries(STATIC_PATHS[lang]) as [StaticPage, string][]) {
      const reads = page === 'home' ? reading(`services:${lang}`) : page === 'local-services' ? reading(`services:${lang}`, lang === 'fr' ? 'cities:french' : 'cities:major') : ALL_PAGES[lang]
      list.push(entry({ kind: 'static', lang, path, page }, reads))
    }
    for (const service of catalogue.services) {
      const path = servicePath(lang === 'fr' ? service.fr.slug : service.slug, lang)
      list.push(entry({ kind: 'service', lang, path, service, viaAlias: false }, reading(`service:${service.slug}:${lang}`, 'cities')))
    }
    if (lang === 'en') {
      for (const [alias, slug] of Object.entries(catalogue.aliases)) {
        list.push(entry({ kind: 'service', lang, path: servicePath(alias), service: catalogue.serviceBySlug.get(slug)!, viaAlias: true }, reading(`service:${slug}:en`, 'cities')))
      }
    }
    for (const path of NOT_FOUND_PAGE_PATHS[lang]) list.push(entry({ kind: 'not-found', lang, path, variant: variantOfScreenPage(path, lang)!, parsed: null, fallback: false }, NOT_FOUND_READS))
  }
  others.set(catalogue, list)
  return list
}

const readsOfCity = new WeakMap<Catalogue, Map<string, readonly string[]>>()

/** What a city page reads (one list per city, service and language, shared by the two English schemes). */
function cityReads(catalogue: Catalogue, city: City, service: string, lang: Lang): readonly string[] {
  let lists = readsOfCity.get(catalogue)
  if (!lists) readsOfCity.set(catalogue, (lists = new Map()))
  const key = `${city.slug} ${service} ${lang}`
  let reads = lists.get(key)
  if (!reads) {
    lists.set(key, (reads = [...ALL_PAGES[lang], `service:${service}:${lang}`, `city:${city.slug}`, `nearby:${city.slug}`, `region:${city.climate}:${service}:${lang}`]))
  }
  return reads
}

const hashed = new WeakMap<Catalogue, Map<string, string>>()

/** A hash of each piece of data a page can read (see `PageEntry.reads`). */
export function dataHashes(catalogue: Catalogue): ReadonlyMap<string, string> {
  let hashes = hashed.get(catalogue)
  if (hashes) return hashes
  const hash = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 16)
  // What a page shows of a city: everything but its line in the file and its population (which only orders lists).
  const shown = ({ line: _line, population: _population, ...city }: City) => city
  // What a list of links shows of a city: its name, place and URL, not its page's local details.
  const listed = ({ details: _details, timeZone: _timeZone, climate: _climate, ...city }: City) => shown(city as City)
  const { french, ...site } = catalogue.site
  // A service's copy in one language, and the other language's slug (the language switch links the other page).
  const english = ({ fr, ...service }: Service) => ({ ...service, frenchSlug: fr.slug })
  const inFrench = (service: Service) => ({ ...service.fr, englishSlug: service.slug, englishTitle: service.title, icon: service.icon })
  hashes = new Map<string, string>([
    ['site', hash(site)],
    ['site:fr', hash(french)],
    // The header and footer menus, and every list of links to services.
    ['nav:en', hash(catalogue.services.map((s) => [s.slug, s.alias, s.title]))],
    ['nav:fr', hash(catalogue.services.map((s) => [s.fr.slug, s.fr.title]))],
    ['services:en', hash(catalogue.services.map(english))],
    ['services:fr', hash(catalogue.services.map(inFrench))],
    ['cities', hash(catalogue.cities.map(listed))],
    ['cities:major', hash(majorCities(catalogue).map(listed))],
    ['cities:french', hash(frenchCities(catalogue).map(listed))],
  ])
  for (const service of catalogue.services) {
    hashes.set(`service:${service.slug}:en`, hash(english(service)))
    hashes.set(`service:${service.slug}:fr`, hash(inFrench(service)))
  }
  // What a city page shows of its region: the name and climate, and the one service's advice and question.
  for (const region of catalogue.regions.values()) {
    for (const service of catalogue.services) {
      hashes.set(`region:${region.key}:${service.slug}:en`, hash([region.name, region.climate, region.seasons, region.services[service.slug]]))
      if (region.fr) hashes.set(`region:${region.key}:${service.slug}:fr`, hash([region.fr.name, region.fr.climate, region.fr.seasons, region.fr.services[service.slug]]))
    }
  }
  for (const city of catalogue.cities) {
    hashes.set(`city:${city.slug}`, hash(shown(city)))
    hashes.set(`nearby:${city.slug}`, hash(nearbyCities(city, catalogue).map(listed)))
  }
  hashed.set(catalogue, hashes)
  return hashes
}
