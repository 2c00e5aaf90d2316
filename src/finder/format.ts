// The city finder's index, as the build writes it (src/finder/indexFiles.ts) and the browser reads it (src/client/finder*.ts):
// a first part with the cities that have pages and the list of the other parts, and the other parts (the gazetteer's
// places, the US ZIP codes, the Canadian postal codes' first three characters), each loaded when a query needs it.
// Pure: the browser's finder carries it.
import { foldPlaceName } from '../geo/placeNames'

/** The first part: a fixed path, revalidated on every visit (it follows every edit of the cities). */
export const FINDER_INDEX_PATH = '/finder/index.json'
/** Where the places and codes come from, and their licences (GeoNames' CC BY 4.0, zipcodes' BSD licence). */
export const FINDER_NOTICE_PATH = '/finder/NOTICE.txt'
/** The other parts: named by their content's hash, under /assets/ (cached for a year). */
export const FINDER_PARTS_DIR = '/assets/finder'

/** A city with its own pages. */
export interface ServedCity {
  name: string
  /** Its state or province code. */
  state: string
  slug: string
  /** It has French pages. */
  french: boolean
  /** Where it is, once the cities' part is read (absent when neither the gazetteer nor the data places it). */
  lat?: number
  lon?: number
  /** Its place in the catalogue, largest first. */
  rank: number
}

/** A state or province: its code, its names in English and French, its country. */
export interface StateInfo {
  code: string
  en: string
  fr: string
  country: 'US' | 'CA'
  /** Its names folded (src/geo/placeNames.ts), as queries are compared with them. */
  keys: string[]
}

/**
 * Which part holds what: each part's first key (a folded name, a ZIP code, a postal code's first three characters) and
 * the hash in its file name (`partFile`).
 */
export type PartList = readonly (readonly [first: string, hash: string])[]

/** The first part as written: compact JSON (the finder's script and this part load together, within 12 KB gzipped). */
export interface FinderIndexFile {
  v: typeof FORMAT
  /** The cities with pages, largest first. */
  cities: {
    /** Their names, joined by "|". */
    names: string
    /** Their state or province codes, two letters each, joined. */
    states: string
    /**
     * Position → slug, where it is not the name's slug; empty where it is the name's slug and the state's code, as the
     * collision rule makes it ("springfield-il", src/slugs/assign.ts).
     */
    slugs: Record<string, string>
    /** The positions of the cities with French pages. */
    french: number[]
  }
  /** The hash of the part of the cities' coordinates and other names (`readCities`), loaded with the first answer. */
  at: string
  /**
   * The states (and DC), then the provinces and territories: each its code and English name, and "/" and its French
   * name where it differs ("FLFlorida/Floride"), joined by "|"; the two countries joined by "#".
   */
  states: string
  /**
   * The parts made from the packages (places, ZIP and postal codes, places by position) are named by one hash of them
   * all and their place in their list (`setPart`): the lists give each part's first key only.
   */
  set: string
  places: string[]
  zips: string[]
  postal: string[]
}

/** The hash in the file name of the `i`th part of a list made from the packages: `3f9a2c1b-4`. */
export const setPart = (set: string, i: number) => `${set}-${i}`

/** The kinds of parts, as their file names begin. */
export type PartKind = 'places' | 'zips' | 'postal' | 'cities' | 'near'

/** A part's path: `/assets/finder/places-0df02f66f63f.txt`. */
export const partFile = (kind: PartKind, hash: string) => `${FINDER_PARTS_DIR}/${kind}-${hash}.txt`

/** Bumped when what a part holds changes. */
export const FORMAT = 2

/** A place of the gazetteer, as a places part holds it. */
export interface FinderPlace {
  name: string
  /** Its name folded (src/geo/placeNames.ts), as queries are compared with it. */
  key: string
  state: string
  /** Population on a log scale (1.25^n), for "larger first". */
  size: number
  lat: number
  lon: number
}

/** A US ZIP code or a Canadian postal code's first three characters, with its place and where it is. */
export interface FinderCode {
  code: string
  /** The town it belongs to, and its state or province. */
  name: string
  state: string
  lat: number
  lon: number
}

/** Places: one a line, `name⇥state⇥size (base 36)⇥lat⇥lon`, degrees × 10⁵ (GeoNames' own precision). */
export const PLACE_SCALE = 1e5
/** ZIP and postal codes: degrees × 10⁴, the precision of their source. */
export const CODE_SCALE = 1e4

export function readPlaces(text: string): FinderPlace[] {
  return text.split('\n').map((line) => {
    const [name = '', state = '', size = '0', lat = '0', lon = '0'] = line.split('\t')
    return { name, key: foldPlaceName(name), state, size: parseInt(size, 36), lat: Number(lat) / PLACE_SCALE, lon: Number(lon) / PLACE_SCALE }
  })
}

/**
 * ZIP codes, in order, one a line: `step⇥name⇥state⇥Δlat⇥Δlon`: the code and the coordinates as steps from the line
 * before (the first line's from 0), an empty name or state when it is the line before's.
 *
 * The gazetteer's places (not the sections of cities) by position, for 'Use my location', are written so too, without
 * codes, their coordinates at `PLACE_SCALE` (a town found by position has the coordinates its name finds): in bands of
 * one degree of latitude, by longitude. Every part is loaded, whatever the position, so that what the browser asks for
 * says nothing of where the visitor is.
 */
export function readZips(text: string, scale = CODE_SCALE): FinderCode[] {
  let code = 0
  let lat = 0
  let lon = 0
  let name = ''
  let state = ''
  return text.split('\n').map((line) => {
    const [step = '0', n = '', s = '', dLat = '0', dLon = '0'] = line.split('\t')
    code += Number(step)
    lat += Number(dLat)
    lon += Number(dLon)
    name = n || name
    state = s || state
    return { code: String(code).padStart(5, '0'), name, state, lat: lat / scale, lon: lon / scale }
  })
}

/** Postal codes' first three characters, one a line: `A1A⇥name⇥province⇥lat⇥lon`. */
export function readPostal(text: string): FinderCode[] {
  return text.split('\n').map((line) => {
    const [code = '', name = '', state = '', lat = '0', lon = '0'] = line.split('\t')
    return { code, name, state, lat: Number(lat) / CODE_SCALE, lon: Number(lon) / CODE_SCALE }
  })
}

/**
 * The hashes of the places' parts by position (`readZips`), joined by spaces, on the first line; then the cities'
 * coordinates and other names, one city a line in the order of `cities`: `lat⇥lon⇥name;name…` (the other names of
 * data/cities.csv and the gazetteer's name, where there are any; lat and lon empty for a city not placed).
 */
export function readCities(text: string): { cities: { at?: { lat: number; lon: number }; names: string[] }[]; near: string[] } {
  const [near = '', ...lines] = text.split('\n')
  const cities = lines.map((line) => {
    const [lat, lon, names = ''] = line.split('\t')
    return { ...(lat && lon ? { at: { lat: Number(lat), lon: Number(lon) } } : {}), names: names ? names.split(';') : [] }
  })
  return { cities, near: near.split(' ') }
}

/**
 * The hashes of the parts whose keys may fall between `low` and `high` (both included): part i holds keys from its
 * first to the next part's.
 */
export function partsBetween(parts: PartList, low: string, high: string): string[] {
  return parts.filter(([first], i) => first <= high && (i === parts.length - 1 || parts[i + 1]![0] > low)).map(([, hash]) => hash)
}
