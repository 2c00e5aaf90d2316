import type { Catalogue } from '../catalog/index'
import { COUNTRY_NAMES } from '../catalog/cities'
import { servicePath } from '../urls/paths'
import { absoluteUrl, canonicalPath } from './head'
import type { PageModel } from './model'

type Thing = Record<string, unknown>

/**
 * schema.org JSON-LD of a page: the company (a LocalBusiness: schema.org deprecated ProfessionalService for local
 * businesses) and the page itself with its language, on every page; on service and city pages a Service and a
 * BreadcrumbList. No review or rating of the company itself: search engines ignore self-serving reviews.
 */
export function structuredData(model: PageModel, catalogue: Catalogue): Thing[] {
  const { site } = catalogue
  const url = (path: string) => absoluteUrl(site.siteUrl, path)
  const organizationId = url('/#organization')
  const organization: Thing = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': organizationId,
    name: site.company,
    url: url('/'),
    logo: url(site.logo),
    image: url(site.shareImage),
    email: site.email,
    telephone: site.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    areaServed: Object.values(COUNTRY_NAMES).map((name) => ({ '@type': 'Country', name })),
    openingHours: 'Mo-Su 00:00-23:59',
  }
  const canonical = canonicalPath(model)
  const page: Thing = {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    ...(canonical ? { url: url(canonical) } : {}),
    inLanguage: 'en',
    publisher: { '@id': organizationId },
  }
  const data: Thing[] = [organization, page]
  const breadcrumbs = (items: [string, string][]): Thing => ({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    // The page as a node reference: ListItem.item takes a Thing, and an @id names one.
    itemListElement: items.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: { '@id': url(path) } })),
  })

  if (model.kind === 'service') {
    const { service } = model
    data.push(
      {
        '@context': 'https://schema.org',
        '@type': 'Service',
        name: service.title,
        serviceType: service.title,
        description: service.description,
        url: url(servicePath(service.slug)),
        provider: { '@id': organizationId },
        areaServed: organization.areaServed,
      },
      breadcrumbs([['Home', '/'], [service.title, servicePath(service.slug)]]),
    )
  }
  if (model.kind === 'city-service') {
    const { service, city } = model
    data.push(
      {
        '@context': 'https://schema.org',
        '@type': 'Service',
        name: `${service.title} in ${city.displayName}`,
        serviceType: service.title,
        description: service.localDescription.replaceAll('{city}', city.displayName),
        url: url(canonical!),
        provider: { '@id': organizationId },
        areaServed: {
          '@type': 'City',
          name: city.name,
          // schema.org's State is "a state or province of a country".
          containedInPlace: { '@type': 'State', name: city.regionName, containedInPlace: { '@type': 'Country', name: COUNTRY_NAMES[city.country] } },
        },
      },
      breadcrumbs([['Home', '/'], [service.title, servicePath(service.slug)], [`${service.title} in ${city.displayName}`, canonical!]]),
    )
  }
  return data
}

/** JSON for a <script> element: nothing in the data can close the element or start a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
