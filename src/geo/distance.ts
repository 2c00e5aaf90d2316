/** Where a place is: decimal degrees, north and east (a longitude in the Americas is negative). */
export interface Coordinates {
  lat: number
  lon: number
}

/** The Earth's mean radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088
export const KM_PER_MILE = 1.609344

/** How the pages write a distance: miles for US places on English pages, km for Canadian places and on French pages. */
export const unitFor = (lang: 'en' | 'fr', country: 'US' | 'CA' | undefined): 'mi' | 'km' => (lang === 'en' && country !== 'CA' ? 'mi' : 'km')

/** A distance as the pages write it: whole miles or km, at least 1. */
export const distanceIn = (km: number, unit: 'mi' | 'km') => Math.max(1, Math.round(unit === 'mi' ? km / KM_PER_MILE : km))

/** A distance of data/site.yaml, miles for a US city and km for a Canadian one (`reach`, `nearby`), in km for a city. */
export const settingKm = (setting: { mi: number; km: number }, country: 'US' | 'CA') => (country === 'US' ? setting.mi * KM_PER_MILE : setting.km)

/** The great-circle distance between two points, in km (haversine formula, on a sphere of the Earth's mean radius). */
export function greatCircleKm(a: Coordinates, b: Coordinates): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/**
 * The `n` cities nearest to `city` by great-circle distance, nearest first, across state, province and country lines, each
 * with its distance in km; the city itself and cities without coordinates are left out (and a city without coordinates
 * has no neighbours). Ties go to the larger city, then to the name, so the list never depends on row order.
 */
export function nearestCities<T extends { slug: string; name: string; population: number; coordinates?: Coordinates }>(
  city: T,
  cities: readonly T[],
  n: number,
): { city: T; km: number }[] {
  const from = city.coordinates
  if (!from) return []
  // Ties go to the larger city, then to the name.
  const tie = (a: T, b: T) => b.population - a.population || a.name.localeCompare(b.name, 'en')
  const at = (other: T) => (other.slug === city.slug ? undefined : other.coordinates)
  return nearestTo(from, cities, n, at, tie).map(({ item, km }) => ({ city: item, km }))
}

/**
 * The `n` items nearest to a point by great-circle distance, nearest first, each with its distance in km: `at` gives an
 * item's place (undefined: left out), `tie` orders items as far away as each other. The n nearest so far are kept in
 * order as the items are read, each placed among them (after its equals) or passed over, rather than every item sorted:
 * every city page's list is made this way in each render thread, and every line of the city finder's results.
 */
export function nearestTo<T>(
  from: Coordinates,
  items: readonly T[],
  n: number,
  at: (item: T) => Coordinates | undefined,
  tie: (a: T, b: T) => number,
): { item: T; km: number }[] {
  // Whether an item at `km` comes before a kept one (an object is made only for an item kept).
  const before = (item: T, km: number, kept: { item: T; km: number }) => (km - kept.km || tie(item, kept.item)) < 0
  const nearest: { item: T; km: number }[] = []
  if (n <= 0) return nearest
  for (const item of items) {
    const place = at(item)
    if (!place) continue
    const km = greatCircleKm(from, place)
    if (nearest.length === n && !before(item, km, nearest[n - 1]!)) continue
    let i = nearest.length
    while (i > 0 && before(item, km, nearest[i - 1]!)) i--
    nearest.splice(i, 0, { item, km })
    if (nearest.length > n) nearest.pop()
  }
  return nearest
}
