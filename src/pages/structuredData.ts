import { serviceCopy, withCity } from '../catalog/index'
import type { LocalSite } from '../components/data'
import { COUNTRY_NAMES, FRENCH_COUNTRY_NAMES, FRENCH_PROVINCES } from '../catalog/cities'
import { HTML_LANG } from '../i18n/lang'
import { STATIC_PATHS } from '../urls/routes'
import { cityHubPath, servicePath } from '../urls/paths'
import { absoluteUrl, canonicalPath } from './head'
import type { PageModel } from './model'

type Thing = Record<string, unknown>

/**
 * schema.org JSON-LD of a page: the company (a LocalBusiness: schema.org deprecated ProfessionalService for local
 * businesses) and the page itself with its language, on every page; on service and city pages a Service and a
 * BreadcrumbList (Home › Local services › {City} › {Service} on city pages), on city hubs a BreadcrumbList. No review or rating of the company itself: search engines ignore self-serving reviews.
 */
export function structuredData(model: PageModel, site: LocalSite): Thing[] {
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
    // schema.org's Date is ISO 8601, where a year alone ("2009") is a date.
    ...(site.trust.founded !== undefined ? { foundingDate: String(site.trust.founded) } : {}),
  }
  const canonical = canonicalPath(model)
  const page: Thing = {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    ...(canonical ? { url: url(canonical) } : {}),
    inLanguage: HTML_LANG[model.lang],
    publisher: { '@id': organizationId },
  }
  const data: Thing[] = [organization, page]
  const breadcrumbs = (items: [string, string][]): Thing => ({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    // The page as a node reference: ListItem.item takes a Thing, and an @id names one.
    itemListElement: items.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: { '@id': url(path) } })),
  })

  const fr = model.lang === 'fr'
  const home: [string, string] = [fr ? 'Accueil' : 'Home', STATIC_PATHS[model.lang].home]
  const localServices: [string, string] = [fr ? 'Services locaux' : 'Local services', STATIC_PATHS[model.lang]['local-services']]
  if (model.kind === 'city') data.push(breadcrumbs([home, localServices, [model.city.displayName, model.path]]))
  if (model.kind === 'service') {
    const { service } = model
    const text = serviceCopy(service, model.lang)
    const path = servicePath(fr ? service.fr.slug : service.slug, model.lang)
    data.push(
      {
        '@context': 'https://schema.org',
        '@type': 'Service',
        name: text.title,
        serviceType: text.title,
        description: text.description,
        url: url(path),
        provider: { '@id': organizationId },
        areaServed: organization.areaServed,
      },
      breadcrumbs([home, [text.title, path]]),
    )
  }
  if (model.kind === 'city-service') {
    const { service, city } = model
    const text = serviceCopy(service, model.lang)
    const name = fr ? `${text.title} à ${city.displayName}` : `${text.title} in ${city.displayName}`
    const region = fr ? (FRENCH_PROVINCES[city.state]?.name ?? city.stateName) : city.stateName
    data.push(
      {
        '@context': 'https://schema.org',
        '@type': 'Service',
        name,
        serviceType: text.title,
        description: withCity(text.localDescription, city, model.lang),
        url: url(canonical!),
        provider: { '@id': organizationId },
        areaServed: {
          '@type': 'City',
          name: city.name,
          // schema.org's State is "a state or province of a country".
          containedInPlace: {
            '@type': 'State',
            name: region,
            containedInPlace: { '@type': 'Country', name: (fr ? FRENCH_COUNTRY_NAMES : COUNTRY_NAMES)[city.country] },
          },
        },
      },
      breadcrumbs([home, localServices, [city.displayName, cityHubPath(city.slug, model.lang)], [text.title, canonical!]]),
    )
  }
  return data
}

/** What could end the script or start markup inside it, and the line separators older parsers took for line ends. */
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' }

/** JSON for a <script> element: nothing in the data can close the element or start a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c]!)
}
