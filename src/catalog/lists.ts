import type { Catalogue, City } from './index'
import type { Lang } from '../i18n/lang'
import { nearestCities, settingKm } from '../geo/distance'

/** docs/spec.md §9: the directory shows 8 cities per service card, 24 major cities, 3 services per major city. */
export const CITIES_PER_CARD = 8
const MAJOR_CITIES = 24
export const SERVICES_PER_MAJOR_CITY = 3

/** How many other cities a city page links to, at most; and when none is near, how many of the nearest. */
const NEARBY_CITIES = 8
const FAR_CITIES = 3

/**
 * The cities a city's pages list as its nearest served cities: the 8 nearest by great-circle distance, across state,
 * province and country lines, within `nearby` of data/site.yaml (miles for a US city, km for a Canadian one), with their
 * distance in km; when none is that near, the 3 nearest, `far`. A French page lists only cities with French pages. None
 * for a city the gazetteer could not place (src/geo/placeCities.ts).
 */
export function nearbyCities(city: City, catalogue: Catalogue, lang: Lang): { cities: { city: City; km: number }[]; far: boolean } {
  const nearest = nearestCities(city, lang === 'fr' ? frenchCities(catalogue) : catalogue.cities, NEARBY_CITIES)
  const { nearby } = catalogue.site
  const withinKm = settingKm(nearby, city.country)
  const near = nearest.filter((n) => n.km <= withinKm)
  return near.length > 0 || nearest.length === 0 ? { cities: near, far: false } : { cities: nearest.slice(0, FAR_CITIES), far: true }
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
