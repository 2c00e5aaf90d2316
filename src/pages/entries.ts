import { createHash } from 'node:crypto'
import type { Catalogue, City } from '../catalog/index'
import { cityServicePath } from '../urls/cityService'
import { NOT_FOUND_PAGE_PATHS, ROOT_404_PATH, variantOfScreenPage } from '../urls/notFound'
import { fileForPath, servicePath } from '../urls/paths'
import { matchRoute, STATIC_PAGES } from '../urls/routes'
import { majorCities, nearbyCities } from './lists'
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
  }
}

/** How many pages the site has. */
export function pageCount(catalogue: Catalogue): number {
  return otherEntries(catalogue).length + catalogue.cities.length * catalogue.services.length * 2 + 1
}

/** The entry at a position of `pageEntries()`, made without the others (render threads take pages by position). */
export function entryAt(catalogue: Catalogue, index: number): PageEntry {
  const others = otherEntries(catalogue)
  if (index < others.length) return others[index]!
  const i = index - others.length
  const perCity = catalogue.services.length * 2
  const city = catalogue.cities[Math.floor(i / perCity)]
  if (!city) {
    if (i === catalogue.cities.length * perCity) return entry({ kind: 'not-found', path: ROOT_404_PATH, variant: '404', parsed: null, fallback: true }, ALL_PAGES)
    throw new RangeError(`no page at position ${index} of ${pageCount(catalogue)}`)
  }
  const service = catalogue.services[Math.floor((i % perCity) / 2)]!
  const scheme = ((i % 2) + 1) as 1 | 2
  const path = cityServicePath(city.slug, service.slug, scheme)
  // Every generated URL must route back to its own city, service and scheme (guards against slug clashes).
  const match = matchRoute(path, catalogue.routeContext)
  if (match.kind !== 'city-service' || match.citySlug !== city.slug || match.serviceSlug !== service.slug || match.scheme !== scheme) {
    throw new Error(`${path} (${city.name}, ${city.state} × ${service.title}) would not route back to its own page: ${JSON.stringify(match)}`)
  }
  return entry({ kind: 'city-service', path, scheme, city, service }, cityReads(catalogue, city.slug, service.slug))
}

const ALL_PAGES = ['site', 'nav'] as const

function entry(model: PageModel, reads: readonly string[]): PageEntry {
  return { path: model.path, file: fileForPath(model.path), model, vikePage: vikePageOf(model), reads }
}

const others = new WeakMap<Catalogue, PageEntry[]>()

/** The pages before the city pages: static, service and alias, not-found screens. */
function otherEntries(catalogue: Catalogue): PageEntry[] {
  let list = others.get(catalogue)
  if (list) return list
  list = []
  const reading = (...keys: string[]) => [...ALL_PAGES, ...keys]
  for (const [path, page] of Object.entries(STATIC_PAGES)) {
    list.push(entry({ kind: 'static', path, page }, page === 'home' ? reading('services') : page === 'local-services' ? reading('services', 'cities:major') : ALL_PAGES))
  }
  for (const service of catalogue.services) {
    list.push(entry({ kind: 'service', path: servicePath(service.slug), service, viaAlias: false }, reading(`service:${service.slug}`, 'cities')))
  }
  for (const [alias, slug] of Object.entries(catalogue.aliases)) {
    list.push(entry({ kind: 'service', path: servicePath(alias), service: catalogue.serviceBySlug.get(slug)!, viaAlias: true }, reading(`service:${slug}`, 'cities')))
  }
  for (const path of NOT_FOUND_PAGE_PATHS) list.push(entry({ kind: 'not-found', path, variant: variantOfScreenPage(path)!, parsed: null, fallback: false }, ALL_PAGES))
  others.set(catalogue, list)
  return list
}

const readsOfCity = new WeakMap<Catalogue, Map<string, readonly string[]>>()

/** What a city page reads (one list per city and service, shared by its two schemes). */
function cityReads(catalogue: Catalogue, city: string, service: string): readonly string[] {
  let lists = readsOfCity.get(catalogue)
  if (!lists) readsOfCity.set(catalogue, (lists = new Map()))
  const key = `${city} ${service}`
  let reads = lists.get(key)
  if (!reads) lists.set(key, (reads = [...ALL_PAGES, `service:${service}`, `city:${city}`, `nearby:${city}`]))
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
  hashes = new Map<string, string>([
    ['site', hash(catalogue.site)],
    // The header and footer menus, and every list of links to services.
    ['nav', hash(catalogue.services.map((s) => [s.slug, s.alias, s.title]))],
    ['services', hash(catalogue.services)],
    ['cities', hash(catalogue.cities.map(shown))],
    ['cities:major', hash(majorCities(catalogue).map(shown))],
  ])
  for (const service of catalogue.services) hashes.set(`service:${service.slug}`, hash(service))
  for (const city of catalogue.cities) {
    hashes.set(`city:${city.slug}`, hash(shown(city)))
    hashes.set(`nearby:${city.slug}`, hash(nearbyCities(city, catalogue).map(shown)))
  }
  hashed.set(catalogue, hashes)
  return hashes
}
