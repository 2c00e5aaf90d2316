// Straight-line distances for the browser tests, computed apart from src/geo/distance.ts (haversine on the Earth's mean
// radius), so that a test checks the finder's figures against its own.

/** The great-circle distance between two points, km. */
export function km(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h))
}

/** A distance in km as the pages write it in miles: whole miles, at least 1. */
export const miles = (d: number) => Math.max(1, Math.round(d / 1.609344))
