import type { Coordinates } from '../catalog/cities'

/** The Earth's mean radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088
export const KM_PER_MILE = 1.609344

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
  if (!from || n <= 0) return []
  const order = (a: { city: T; km: number }, b: { city: T; km: number }) =>
    a.km - b.km || b.city.population - a.city.population || a.city.name.localeCompare(b.city.name, 'en')
  // The n nearest so far, in order: each city is placed among them (after its equals) or passed over, rather than all
  // cities sorted (every city page's list is made this way, in each render thread).
  const nearest: { city: T; km: number }[] = []
  for (const other of cities) {
    if (other.slug === city.slug || !other.coordinates) continue
    const found = { city: other, km: greatCircleKm(from, other.coordinates) }
    if (nearest.length === n && order(found, nearest[n - 1]!) >= 0) continue
    let at = nearest.length
    while (at > 0 && order(found, nearest[at - 1]!) < 0) at--
    nearest.splice(at, 0, found)
    if (nearest.length > n) nearest.pop()
  }
  return nearest
}
