import type { Catalogue } from '../catalog/index'
import { cityServicePath } from './cityService'
import { matchRoute, STATIC_PAGES, type NotFoundVariant } from './routes'

/** The prerendered pages that show a not-found variant; hosts and the preview server answer 404 with them. */
export const NOT_FOUND_PAGES: Record<string, NotFoundVariant> = {
  '/not-found/service': 'unknown-service',
  '/not-found/city-service': 'unknown-city-service',
  '/not-found/page': 'no-segment',
}

export const servicePath = (slug: string) => `/services/${slug}`

export type SitePaths = ReturnType<typeof listSitePaths>

const listed = new WeakMap<Catalogue, SitePaths>()

/**
 * Every URL of the site, grouped by the Vike page that renders it. The build, sitemap and tests use this list.
 * Worked out once per catalogue (the build asks in several places, and each prerender process in every page hook).
 */
export function sitePaths(catalogue: Catalogue): SitePaths {
  let paths = listed.get(catalogue)
  if (!paths) listed.set(catalogue, (paths = listSitePaths(catalogue)))
  return paths
}

/** The root 404 page, which Vike prerenders from `pages/_error` (hosts serve it for every unknown URL). */
export const ROOT_404_PATH = '/404'

/** Every path the build writes a page for: the site's URLs and the root 404 page. */
export function pagePaths(catalogue: Catalogue): string[] {
  const paths = sitePaths(catalogue)
  return [...paths.static, ...paths.services, ...paths.notFound, ...paths.cityServices, ROOT_404_PATH]
}

function listSitePaths(catalogue: Catalogue) {
  const services = [...catalogue.services.map((s) => servicePath(s.slug)), ...Object.keys(catalogue.aliases).map(servicePath)]
  const cityServices: string[] = []
  for (const city of catalogue.cities) {
    for (const service of catalogue.services) {
      for (const scheme of [1, 2] as const) {
        const url = cityServicePath(city.slug, service.slug, scheme)
        const match = matchRoute(url, catalogue.routeContext)
        // Every generated URL must route back to its own city, service and scheme (guards against slug clashes).
        if (match.kind !== 'city-service' || match.citySlug !== city.slug || match.serviceSlug !== service.slug || match.scheme !== scheme) {
          throw new Error(`${url} (${city.name}, ${city.state} × ${service.title}) would not route back to its own page: ${JSON.stringify(match)}`)
        }
        cityServices.push(url)
      }
    }
  }
  return {
    static: Object.keys(STATIC_PAGES),
    services,
    cityServices,
    notFound: Object.keys(NOT_FOUND_PAGES),
  }
}
