import type { Catalogue } from '../catalog/index'
import { greatCircleKm, settingKm, type Coordinates } from './distance'
import { loadGazetteer } from './gazetteer'
import { loadPostalCodes } from './postalCodes'

/**
 * What each served city's hub shows of its surroundings: the towns of the gazetteer (1,000 people or more) and the ZIP
 * codes (US) or postal areas (Canada: a postal code's first three characters) whose nearest city with pages in the same
 * country is this one, within the reach set in data/site.yaml. Each town and code belongs to one city at most, so no two
 * hubs list the same one, and a hub lists its own country's codes only: a Canadian hub's postal areas, never a US
 * ZIP code across the border (nor the other way round), and its own country's towns (crews do not cross the border).
 */
export interface Catchment {
  /** Nearest first, with their straight-line distance in km, where they are and how many live there (the map). */
  towns: { name: string; state: string; km: number; lat: number; lon: number; population: number }[]
  /** ZIP codes (a US city) or postal areas (a Canadian one), in order. */
  codes: string[]
}

/** Where a city is, and which reach applies to it. */
interface CatchmentCity {
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
 * `reach`: miles for US cities, km for Canadian ones. A town or code goes to the nearest city of its own country (ties:
 * the first in `cities`), and only if that city is within its reach. Towns that are cities of the list are still in:
 * see `withoutServedTowns`.
 */
function catchments(cities: readonly CatchmentCity[], reach: { mi: number; km: number }): Map<string, Catchment> {
  const result = new Map<string, Catchment>(cities.map((c) => [c.slug, { towns: [], codes: [] }]))
  const reachKm = { US: settingKm(reach, 'US'), CA: settingKm(reach, 'CA') }
  const nearest = {
    US: cityGrid(
      cities.filter((c) => c.coordinates && c.country === 'US'),
      reachKm.US,
    ),
    CA: cityGrid(
      cities.filter((c) => c.coordinates && c.country === 'CA'),
      reachKm.CA,
    ),
  }
  for (const town of loadGazetteer().places) {
    if (town.population < MIN_POPULATION) continue
    const found = nearest[town.country](town)
    if (found) {
      const { name, state, lat, lon, population } = town
      result.get(found.city.slug)!.towns.push({ name, state, km: found.km, lat, lon, population })
    }
  }
  const { zips, areas } = loadPostalCodes()
  for (const area of [...zips, ...areas]) {
    const found = nearest[area.country](area)
    if (found) result.get(found.city.slug)!.codes.push(area.code)
  }
  for (const catchment of result.values()) {
    catchment.towns.sort((a, b) => a.km - b.km || a.name.localeCompare(b.name, 'en'))
    // Each town once: two places of the same name in a state (a town and "City of Milford (balance)", both Milford
    // once their names are cleaned) are one name to a visitor; the nearer is kept.
    const seen = new Set<string>()
    catchment.towns = catchment.towns.filter((t) => !seen.has(`${t.name}|${t.state}`) && seen.add(`${t.name}|${t.state}`))
    catchment.codes.sort()
  }
  return result
}

/**
 * The catchments without the towns that are served cities: the town that is a city itself (the same name in the same
 * state) and those that are other cities of the list. Left out after the towns are placed, which places the others
 * as leaving them out before would (a town left out goes to no city), so a rename costs this pass, not `catchments`.
 */
function withoutServedTowns(
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
    if (cities.length === 0) return undefined
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

/** How the build keeps a value between builds (src/build/keptValues.ts): its name, the inputs it is made from, how to make it. */
type Keep = <T>(name: string, inputs: string[], make: () => T) => T

const catchmentsOf = new WeakMap<Catalogue, Map<string, Catchment>>()
let lastCatchments: { key: string; all: Map<string, Catchment> } | undefined

/**
 * Each city's catchment, made once per catalogue, or once for catalogues whose cities are in the same places (a
 * population edit). `keep`: the build's kept values, which keep it between builds by the same key.
 */
export function catalogueCatchments(catalogue: Catalogue, keep?: Keep): Map<string, Catchment> {
  let all = catchmentsOf.get(catalogue)
  if (!all) {
    const { reach } = catalogue.site.searchIndex
    // By slug and place, not by population or name: a population edit or a rename places no town elsewhere (the
    // towns that are served cities are left out after, by name).
    const cities = [...catalogue.cities].sort((a, b) => (a.slug < b.slug ? -1 : 1))
    const key = JSON.stringify([reach, cities.map((c) => [c.slug, c.country, c.coordinates?.lat, c.coordinates?.lon])])
    const make = () => catchments(cities, reach)
    if (lastCatchments?.key !== key) lastCatchments = { key, all: keep ? keep('catchments', [key], make) : make() }
    catchmentsOf.set(catalogue, (all = withoutServedTowns(lastCatchments.all, cities)))
  }
  return all
}
