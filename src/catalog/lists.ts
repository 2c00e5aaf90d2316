import type { Catalogue, City } from './index'
import type { Lang } from '../i18n/lang'
import { nearestCities } from '../geo/distance'

/** docs/spec.md §9: the directory shows 8 cities per service card, 24 major cities, 3 services per major city. */
export const CITIES_PER_CARD = 8
const MAJOR_CITIES = 24
export const SERVICES_PER_MAJOR_CITY = 3

/** How many other cities a city page links to. */
const NEARBY_CITIES = 8

/**
 * The cities a city page links to: the 8 nearest by great-circle distance, across state, province and country lines,
 * with their distance in km. A French page links only cities with French pages. None for a city the gazetteer could not
 * place (src/geo/placeCities.ts).
 */
export function nearbyCities(city: City, catalogue: Catalogue, lang: Lang): { city: City; km: number }[] {
  return nearestCities(city, lang === 'fr' ? frenchCities(catalogue) : catalogue.cities, NEARBY_CITIES)
}

/** The directory's 'Major Service Areas' (docs/spec.md: the first 24 cities); its cards show the first 8 of them. */
export const majorCities = (catalogue: Catalogue) => catalogue.cities.slice(0, MAJOR_CITIES)

const frenchOf = new WeakMap<Catalogue, City[]>()

/** The cities with French pages, largest first. */
export function frenchCities(catalogue: Catalogue): City[] {
  let cities = frenchOf.get(catalogue)
  if (!cities) frenchOf.set(catalogue, (cities = catalogue.cities.filter((c) => c.french)))
  return cities
}
