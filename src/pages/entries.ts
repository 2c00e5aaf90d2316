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
 * the service pages and header aliases, the not-found screen pages, both city-service schemes, the root 404.
 * The build, the sitemap, the link check and the tests use this list.
 */
export function pageEntries(catalogue: Catalogue): PageEntry[] {
  let entries = listed.get(catalogue)
  if (!entries) listed.set(catalogue, (entries = listEntries(catalogue)))
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

const ALL_PAGES = ['site', 'nav'] as const

function listEntries(catalogue: Catalogue): PageEntry[] {
  const entries: PageEntry[] = []
  const add = (model: PageModel, reads: string[]) =>
    entries.push({ path: model.path, file: fileForPath(model.path), model, vikePage: vikePageOf(model), reads: [...ALL_PAGES, ...reads] })

  for (const [path, page] of Object.entries(STATIC_PAGES)) {
    add({ kind: 'static', path, page }, page === 'home' ? ['services'] : page === 'local-services' ? ['services', 'cities:major'] : [])
  }
  for (const service of catalogue.services) {
    add({ kind: 'service', path: servicePath(service.slug), service, viaAlias: false }, [`service:${service.slug}`, 'cities'])
  }
  for (const [alias, slug] of Object.entries(catalogue.aliases)) {
    add({ kind: 'service', path: servicePath(alias), service: catalogue.serviceBySlug.get(slug)!, viaAlias: true }, [`service:${slug}`, 'cities'])
  }
  for (const path of NOT_FOUND_PAGE_PATHS) add({ kind: 'not-found', path, variant: variantOfScreenPage(path)!, parsed: null, fallback: false }, [])
  for (const city of catalogue.cities) {
    for (const service of catalogue.services) {
      for (const scheme of [1, 2] as const) {
        const path = cityServicePath(city.slug, service.slug, scheme)
        // Every generated URL must route back to its own city, service and scheme (guards against slug clashes).
        const match = matchRoute(path, catalogue.routeContext)
        if (match.kind !== 'city-service' || match.citySlug !== city.slug || match.serviceSlug !== service.slug || match.scheme !== scheme) {
          throw new Error(`${path} (${city.name}, ${city.state} × ${service.title}) would not route back to its own page: ${JSON.stringify(match)}`)
        }
        add({ kind: 'city-service', path, scheme, city, service }, [`service:${service.slug}`, `city:${city.slug}`, `nearby:${city.slug}`])
      }
    }
  }
  add({ kind: 'not-found', path: ROOT_404_PATH, variant: '404', parsed: null, fallback: true }, [])
  return entries
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
