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

/** Every URL of the site, grouped by the Vike page that renders it. The build, sitemap and tests use this list. */
export function sitePaths(catalogue: Catalogue) {
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
