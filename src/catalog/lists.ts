import type { Catalogue, City } from './index'
import { stateKey } from './index'

/** docs/spec.md §9: the directory shows 8 cities per service card, 24 major cities, 3 services per major city. */
export const CITIES_PER_CARD = 8
const MAJOR_CITIES = 24
export const SERVICES_PER_MAJOR_CITY = 3

/** How many other cities of the same state or province a city page links to. */
const NEARBY_CITIES = 8

/** The cities a city page links to: the most populous others of its state or province. */
export function nearbyCities(city: City, catalogue: Catalogue): City[] {
  return (catalogue.citiesByState.get(stateKey(city)) ?? []).filter((c) => c.slug !== city.slug).slice(0, NEARBY_CITIES)
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
