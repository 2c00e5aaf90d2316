import type { Catalogue, City } from '../../src/catalog/index'
import type { Lang } from '../../src/i18n/lang'
import { searchKey } from '../../src/pages/searchStatus'
import { searchIndex, type MeasuredPage } from '../../src/seo/searchIndex'
import { matchRoute } from '../../src/urls/routes'

/**
 * Where each city page stands in the search index, as the last build measured it (src/seo/searchIndex.ts: the build's
 * own measure of this catalogue, memoised, not measured again here), by the page's key (`searchKey`).
 */
export interface Standings {
  catalogue: Catalogue
  threshold: number
  byKey: ReadonlyMap<string, MeasuredPage>
}

export function standingsOf(catalogue: Catalogue): Standings {
  const index = searchIndex(catalogue)
  const byKey = new Map<string, MeasuredPage>()
  for (const page of index.pages) if (page.key) byKey.set(page.key, page)
  return { catalogue, threshold: index.threshold, byKey }
}

/** The city page a path shows (a hub, or a city-service page in either URL scheme, French included), or undefined. */
export interface CityPageRef {
  key: string
  lang: Lang
  citySlug: string
  serviceSlug?: string
}

export function cityPageOf(pathname: string, catalogue: Catalogue): CityPageRef | undefined {
  const match = matchRoute(pathname, catalogue.routeContext)
  if (match.kind === 'city') return { key: searchKey(match.lang, match.citySlug), lang: match.lang, citySlug: match.citySlug }
  if (match.kind === 'city-service')
    return { key: searchKey(match.lang, match.citySlug, match.serviceSlug), lang: match.lang, citySlug: match.citySlug, serviceSlug: match.serviceSlug }
  return undefined
}

/** What a page's panel shows of its measure, as one string: two builds whose strings differ show different panels. */
const panelFacts = (page: MeasuredPage | undefined) => (page ? `${page.indexed} ${page.twin} ${page.similarity.toFixed(2)} ${page.wanting}` : '')

/** The keys whose panel a new measure changes. */
export function changedKeys(before: Standings | undefined, after: Standings): string[] {
  if (!before) return []
  const keys = new Set([...before.byKey.keys(), ...after.byKey.keys()])
  return [...keys].filter((key) => panelFacts(before.byKey.get(key)) !== panelFacts(after.byKey.get(key)))
}

/** A city's standing in English, for the staff page: its hub, and its city-service pages in and out. */
export interface CityStanding {
  city: City
  hub: MeasuredPage | undefined
  pagesIn: number
  pages: number
  /** The most words of its own one of its city-service pages out needs (0: all in). */
  pageWords: number
}

export function cityStandings({ catalogue, byKey }: Standings): CityStanding[] {
  return catalogue.cities.map((city) => {
    const pages = catalogue.services.map((service) => byKey.get(searchKey('en', city.slug, service.slug))).filter((p) => p !== undefined)
    return {
      city,
      hub: byKey.get(searchKey('en', city.slug)),
      pagesIn: pages.filter((p) => p.indexed).length,
      pages: pages.length,
      pageWords: Math.max(0, ...pages.map((p) => p.wanting)),
    }
  })
}
