import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Coordinates } from '../catalog/cities'
import { writeWhole } from '../build/writePage'
import { greatCircleKm, KM_PER_MILE } from './distance'
import { installedPackage, loadGazetteer } from './gazetteer'

/**
 * What each served city's hub shows of its surroundings (issue 38: a hub carries what is true of its place and of no
 * other): the towns of the gazetteer (1,000 people or more) and the ZIP codes or Canadian postal areas (a postal
 * code's first three characters) whose nearest city with pages is this one, within the reach set in data/site.yaml.
 * Each town and code belongs to one city at most, so no two hubs list the same one.
 */
export interface Catchment {
  /** Nearest first, with their straight-line distance in km. */
  towns: { name: string; state: string; km: number }[]
  /** ZIP codes (US) or postal areas (Canada), in order. */
  codes: string[]
}

/** Where a city is, and which reach applies to it. */
export interface CatchmentCity {
  slug: string
  name: string
  state: string
  country: 'US' | 'CA'
  coordinates?: Coordinates
  /** The gazetteer's name of its place where it differs ("New York City"). */
  gazetteerName?: string
}

/** A town smaller than this is left out (GeoNames' threshold for the package's places). */
const MIN_POPULATION = 1000

/**
 * Each city's catchment, by slug, from the cities' places alone (names play no part: a city renamed keeps it).
 * `reach`: miles for US cities, km for Canadian ones. A town or code goes to its nearest city (ties: the first in
 * `cities`), and only if that city is within its reach. Towns that are cities of the list are still in: see
 * `withoutServedTowns`.
 */
export function catchments(cities: readonly CatchmentCity[], reach: { mi: number; km: number }): Map<string, Catchment> {
  const result = new Map<string, Catchment>(cities.map((c) => [c.slug, { towns: [], codes: [] }]))
  const placed = cities.filter((c) => c.coordinates)
  const reachKm = (c: CatchmentCity) => (c.country === 'US' ? reach.mi * KM_PER_MILE : reach.km)
  const maxKm = Math.max(reach.mi * KM_PER_MILE, reach.km)
  const nearest = cityGrid(placed, maxKm)
  for (const town of loadGazetteer().places) {
    if (town.population < MIN_POPULATION) continue
    const found = nearest(town)
    if (found && found.km <= reachKm(found.city)) result.get(found.city.slug)!.towns.push({ name: town.name, state: town.state, km: found.km })
  }
  for (const area of postalAreas()) {
    const found = nearest({ lat: area[1], lon: area[2] })
    if (found && found.km <= reachKm(found.city)) result.get(found.city.slug)!.codes.push(area[0])
  }
  for (const { towns, codes } of result.values()) {
    towns.sort((a, b) => a.km - b.km || a.name.localeCompare(b.name, 'en'))
    codes.sort()
  }
  return result
}

/**
 * The catchments without the towns that are served cities: the town that is a city itself (the same name in the same
 * state) and those that are other cities of the list. Left out after the towns are placed, which places the others
 * as leaving them out before would (a town left out goes to no city), so a rename costs this pass, not `catchments`.
 */
export function withoutServedTowns(
  all: ReadonlyMap<string, Catchment>,
  cities: readonly Pick<CatchmentCity, 'name' | 'state' | 'gazetteerName'>[],
): Map<string, Catchment> {
  const served = new Set(cities.flatMap((c) => [c.name, c.gazetteerName ?? c.name].map((name) => `${name.toLowerCase()}|${c.state}`)))
  const result = new Map<string, Catchment>()
  for (const [slug, catchment] of all) {
    const towns = catchment.towns.filter((town) => !served.has(`${town.name.toLowerCase()}|${town.state}`))
    result.set(slug, towns.length === catchment.towns.length ? catchment : { towns, codes: catchment.codes })
  }
  return result
}

/** The nearest city to a point within `maxKm` (undefined: none), cities looked up in cells of one degree. */
function cityGrid(cities: readonly CatchmentCity[], maxKm: number) {
  const cells = new Map<number, CatchmentCity[]>()
  const cell = (lat: number, lon: number) => (Math.floor(lat) + 90) * 1000 + Math.floor(lon) + 400
  for (const c of cities) {
    const key = cell(c.coordinates!.lat, c.coordinates!.lon)
    const list = cells.get(key)
    if (list) list.push(c)
    else cells.set(key, [c])
  }
  // A degree of latitude is 111 km; of longitude, 111 km × cos(latitude).
  const latCells = Math.ceil(maxKm / 111)
  return (at: Coordinates): { city: CatchmentCity; km: number } | undefined => {
    const lonCells = Math.ceil(maxKm / (111 * Math.max(0.05, Math.cos(((Math.abs(at.lat) + latCells) * Math.PI) / 180))))
    let best: { city: CatchmentCity; km: number } | undefined
    for (let dLat = -latCells; dLat <= latCells; dLat++)
      for (let dLon = -lonCells; dLon <= lonCells; dLon++) {
        const list = cells.get(cell(at.lat + dLat, at.lon + dLon))
        if (!list) continue
        for (const c of list) {
          const km = greatCircleKm(at, c.coordinates!)
          if (km <= maxKm && (!best || km < best.km)) best = { city: c, km }
        }
      }
    return best
  }
}

type Area = [code: string, lat: number, lon: number]

const require = createRequire(import.meta.url)
let areas: Area[] | undefined

/**
 * The US ZIP codes and Canadian postal areas with coordinates, from the `zipcodes` package (BSD licence, as the city
 * finder uses it), kept in node_modules/.cache/ by the package's version: reading the package costs about half a second.
 */
function postalAreas(): Area[] {
  if (areas) return areas
  const { packageJson, version } = installedPackage('zipcodes')
  const cacheFile = path.join(path.dirname(packageJson), '..', '.cache', 'catchment', `zipcodes-${version}.json`)
  try {
    return (areas = JSON.parse(readFileSync(cacheFile, 'utf8')) as Area[])
  } catch {
    // Not kept yet: read from the package below.
  }
  type Code = { zip: string; latitude: number; longitude: number; country: string }
  const us = Object.values((require('zipcodes/lib/codes.js') as { codes: Record<string, Code> }).codes)
  const canada = require('zipcodes/lib/codesCanada.js') as { codes?: Record<string, Code> } & Record<string, Code>
  areas = [...us, ...Object.values(canada.codes ?? canada)]
    .filter((z) => (z.country === 'US' || z.country === 'CA') && z.latitude && z.longitude)
    .map((z): Area => [z.country === 'CA' ? z.zip.toUpperCase() : z.zip, z.latitude, z.longitude])
  try {
    writeWhole(cacheFile, JSON.stringify(areas))
  } catch {
    // A read-only node_modules: read from the package next time.
  }
  return areas
}
