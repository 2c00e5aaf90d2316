// What the city finder answers (docs/architecture.md, "The directory's city finder"), apart from the page: what a query is
// (a town, a ZIP code, a postal code), the cities with pages and the gazetteer's places it names, the names it may have
// meant, and the nearest cities with pages. Pure: the browser's finder, the tests and the coverage measure run the same code.
import { greatCircleKm, nearestTo } from '../geo/distance'
import { editDistance, foldPlaceName } from '../geo/placeNames'
import { readCities, setPart, type FinderCode, type FinderIndexFile, type FinderPlace, type PartList, type ServedCity, type StateInfo } from './format'

/** The first part, ready to search (and the cities' part, once read: `placeCities`). */
export interface FinderData {
  cities: readonly ServedCity[]
  /** Each city's folded names (its own first, then its other names, as written, once the cities' part is read), for matching. */
  names: { key: string; city: ServedCity; other?: string }[]
  /** Folded name → the cities it names (own or other names), for telling a gazetteer place that is one of them. */
  byKey: Map<string, { city: ServedCity; other?: string }[]>
  states: ReadonlyMap<string, StateInfo>
  /** The parts' lists, the hash of the cities' part, and (once it is read) the hashes of the places' parts by position. */
  parts: { places: PartList; zips: PartList; postal: PartList; cities: string; near: string[] }
}

/** The first part, ready to search; `slugOf` makes a city's slug from its name where the part leaves it out. */
export function readIndex(file: FinderIndexFile, slugOf: (name: string) => string): FinderData {
  const french = new Set(file.cities.french)
  const list = (firsts: string[]): PartList => firsts.map((first, i) => [first, setPart(file.set, i)])
  const cities = file.cities.names.split('|').map((name, rank): ServedCity => {
    const state = file.cities.states.slice(rank * 2, rank * 2 + 2)
    const slug = file.cities.slugs[rank]
    return { name, state, slug: slug || slugOf(name) + (slug === '' ? `-${state.toLowerCase()}` : ''), french: french.has(rank), rank }
  })
  const data: FinderData = {
    cities,
    names: [],
    byKey: new Map(),
    states: new Map(
      file.states.split('#').flatMap((states, i) =>
        states.split('|').map((state): [string, StateInfo] => {
          const [en = '', fr = en] = state.slice(2).split('/')
          const code = state.slice(0, 2)
          return [code, { code, en, fr, country: i === 0 ? 'US' : 'CA', keys: [foldPlaceName(en), foldPlaceName(fr)] }]
        }),
      ),
    ),
    parts: { places: list(file.places), zips: list(file.zips), postal: list(file.postal), cities: file.at, near: [] },
  }
  for (const city of cities) addName(data, city)
  return data
}

function addName(data: FinderData, city: ServedCity, other?: string) {
  const key = foldPlaceName(other ?? city.name)
  const entry = other ? { city, other } : { city }
  data.names.push({ key, ...entry })
  data.byKey.set(key, [...(data.byKey.get(key) ?? []), entry])
}

/** Gives the cities their coordinates and their other names, from their part (`readCities`), and keeps its list of parts. */
export function placeCities(data: FinderData, text: string): void {
  const { cities, near } = readCities(text)
  cities.forEach(({ at, names }, i) => {
    const city = data.cities[i]
    if (!city) return
    if (at) Object.assign(city, at)
    for (const name of names) addName(data, city, name)
  })
  data.parts.near = near
}

/** The fewest letters (or digits) the finder waits for. */
const MIN_LETTERS = 2

/** What a visitor typed, as the finder reads it. */
export type Query =
  /** Too short to search. */
  | { kind: 'none' }
  /** A US ZIP code (five digits; ZIP+4 accepted, its last four ignored). */
  | { kind: 'zip'; code: string }
  /** Digits that are not (yet) a ZIP code. */
  | { kind: 'zip-partial' }
  /** A Canadian postal code, by its first three characters (the forward sortation area): `E1C 4B7`, `e1c`. */
  | { kind: 'postal'; code: string }
  /** A letter and a digit: the start of a postal code. */
  | { kind: 'postal-partial' }
  /** A name: a town, optionally followed by its state or province; folded words. */
  | { kind: 'name'; words: string[] }

export function parseQuery(typed: string): Query {
  const text = typed.trim()
  if (/^\d{5}(?:[\s-]*\d{4})?$/.test(text)) return { kind: 'zip', code: text.slice(0, 5) }
  if (/^[\d\s-]+$/.test(text)) return text.replace(/\D/g, '').length < MIN_LETTERS ? { kind: 'none' } : { kind: 'zip-partial' }
  const compact = text.replace(/[\s-]/g, '').toUpperCase()
  if (/^[A-Z]\d[A-Z](?:\d(?:[A-Z]\d?)?)?$/.test(compact)) return { kind: 'postal', code: compact.slice(0, 3) }
  if (/^[A-Z]\d$/.test(compact)) return { kind: 'postal-partial' }
  const words = foldPlaceName(text).split(' ').filter(Boolean)
  return words.join('').length < MIN_LETTERS ? { kind: 'none' } : { kind: 'name', words }
}

/** A city with pages or a place of the gazetteer that answers a query. */
export type Match =
  | { kind: 'city'; city: ServedCity; score: number; /** The other name it answered to ("NYC", "Sainte-Foy"). */ via?: string }
  | { kind: 'place'; place: FinderPlace; score: number }

/** Words that only say what a name is: "quebec city", "ville de quebec", "city of toronto". */
const BEFORE = [
  ['ville', 'de'],
  ['ville', 'd'],
  ['city', 'of'],
  ['town', 'of'],
  ['village', 'of'],
  ['municipalite', 'de'],
]
const AFTER = ['city']

/** A name as typed, then without the words that only say what it is ("quebec city" → "quebec"), if any. */
function readingsOf(words: readonly string[]): string[][] {
  let bare = [...words]
  const before = BEFORE.find((w) => w.every((word, i) => bare[i] === word) && bare.length > w.length)
  if (before) bare = bare.slice(before.length)
  if (bare.length > 1 && AFTER.includes(bare.at(-1)!)) bare = bare.slice(0, -1)
  return bare.length === words.length ? [[...words]] : [[...words], bare]
}

/** The folded keys the places parts must cover for these words: every start of each reading, and without its spaces. */
export function placeKeysFor(words: readonly string[]): string[] {
  const keys = new Set<string>()
  for (const reading of readingsOf(words)) {
    for (let k = 1; k <= reading.length; k++) {
      const name = reading.slice(0, k).join(' ')
      keys.add(name)
      keys.add(name.replace(/ /g, ''))
    }
  }
  return [...keys].filter((key) => key.length >= MIN_LETTERS)
}

/** What a name answers to (`findByName`): as typed, else without the words that only say what it is ("quebec city"). */
export function findPlaces(data: FinderData, words: readonly string[], places: readonly FinderPlace[]): Match[] {
  for (const reading of readingsOf(words)) {
    const matches = findByName(data, reading, places)
    if (matches.length > 0) return matches
  }
  return []
}

/**
 * How well a name answers a query: 0 the whole name, 1 its start, 2 the start of one of its words (cities with pages
 * only: `words`), 3 its start once spaces are ignored ("ofallon", "coeur d alene"), undefined not at all.
 */
function nameScore(name: string, query: string, compactQuery: string, words: boolean): number | undefined {
  // Every score but a word's start needs the same first letter: most names of a part are passed over here.
  if (!words && name[0] !== query[0]) return undefined
  if (name === query) return 0
  if (name.startsWith(query)) return 1
  if (words && ` ${name}`.includes(` ${query}`)) return 2
  if (name.replace(/ /g, '').startsWith(compactQuery)) return 3
  return undefined
}

/** The states or provinces words name: a code or its start ("i", "il"), or from three letters the start of a name. */
function statesNamed(data: FinderData, query: string): Set<string> {
  const found = new Set<string>()
  // Folding wrote Montana's code out as a word ("mt" → "mount", src/geo/placeNames.ts).
  const code = query === 'mount' ? 'mt' : query
  for (const state of data.states.values()) {
    if (state.code.toLowerCase().startsWith(code) || (query.length >= 3 && state.keys.some((key) => key.startsWith(query)))) found.add(state.code)
  }
  return found
}

/** A place this far from a city with pages, and of one of its names, is that city (GeoNames' "New York City" is New York). */
const SAME_PLACE_KM = 30

/**
 * The city with pages a place of the gazetteer (or a code's town) is, if any: a city of the same state or province
 * named so (its own name or the gazetteer's) within 30 km, or one of the other names the staff gave a city (data/cities.csv,
 * `other_names`: "Sainte-Foy" is Québec) wherever it is in that province.
 */
export function cityOfPlace(data: FinderData, place: { name: string; key?: string; state: string; lat: number; lon: number }): ServedCity | undefined {
  for (const { city, other } of data.byKey.get(place.key || foldPlaceName(place.name)) ?? []) {
    if (city.state !== place.state) continue
    if (other || city.lat === undefined || city.lon === undefined || greatCircleKm(city as { lat: number; lon: number }, place) <= SAME_PLACE_KM) return city
  }
  return undefined
}

/**
 * The cities with pages and the places (of the loaded parts) that a name answers to: the name, or its start, optionally
 * followed by a state or province ("springfield il", "bozeman montana"); a state or province alone (4 letters or more,
 * or its code) lists its cities with pages. A place that is a city with pages is that city. Best first: the whole name,
 * its start, a word's start, its start without spaces, then the state's other cities; cities with pages before other
 * places; then larger first.
 */
function findByName(data: FinderData, words: readonly string[], places: readonly FinderPlace[]): Match[] {
  const cities = new Map<ServedCity, { score: number; via?: string }>()
  const found = new Map<FinderPlace, number>()
  const better = (city: ServedCity, score: number, via?: string) => {
    const known = cities.get(city)
    if (!known || score < known.score) cities.set(city, via ? { score, via } : { score })
  }
  // Once a longer name is a whole name ("key west"), its first words are not read as a name and a state ("key" in West Virginia).
  let whole = false
  for (let k = words.length; k >= 0; k--) {
    const name = words.slice(0, k).join(' ')
    const compact = name.replace(/ /g, '')
    const stateWords = words.slice(k).join(' ')
    const states = stateWords === '' ? undefined : statesNamed(data, stateWords)
    if (states?.size === 0 || (whole && k > 0)) continue
    if (k === 0) {
      // A state or province alone: written out (4 letters or more), or its exact code.
      if (stateWords.length < 4 && !data.states.has(stateWords.toUpperCase())) continue
      for (const city of data.cities) if (states!.has(city.state)) better(city, 4)
      continue
    }
    for (const { key, city, other } of data.names) {
      if (states && !states.has(city.state)) continue
      const score = nameScore(key, name, compact, true)
      if (score !== undefined) better(city, score, other)
      if (score === 0) whole = true
    }
    for (const place of places) {
      if (states && !states.has(place.state)) continue
      const score = nameScore(place.key, name, compact, false)
      if (score !== undefined && score < (found.get(place) ?? Infinity)) found.set(place, score)
      if (score === 0) whole = true
    }
  }
  for (const [place, score] of found) {
    const city = cityOfPlace(data, place)
    if (!city) continue
    found.delete(place)
    better(city, score, place.key === foldPlaceName(city.name) ? undefined : place.name)
  }
  const matches: Match[] = [
    ...[...cities].map(([city, { score, via }]): Match => (via ? { kind: 'city', city, score, via } : { kind: 'city', city, score })),
    ...[...found].map(([place, score]): Match => ({ kind: 'place', place, score })),
  ]
  return matches.sort(
    (a, b) =>
      a.score - b.score ||
      (a.kind === 'city' ? 0 : 1) - (b.kind === 'city' ? 0 : 1) ||
      (a.kind === 'city' && b.kind === 'city' ? a.city.rank - b.city.rank : 0) ||
      (a.kind === 'place' && b.kind === 'place' ? b.place.size - a.place.size || a.place.name.localeCompare(b.place.name, 'en') : 0),
  )
}

/** A name the visitor may have meant: what to show, and what to search for. */
export interface Suggestion {
  label: string
  query: string
}

/**
 * For a name that answers nothing: the names within a few typing mistakes of it (one for names of 4–5 letters, two from
 * 6), among the cities with pages and the loaded places (of the state or province typed after it, if any), closest then
 * largest first; at most 3. `bozman mt` → Bozeman, Montana; `sprinfield` → Springfield.
 */
export function suggestNames(data: FinderData, words: readonly string[], places: readonly FinderPlace[]): Suggestion[] {
  const best = new Map<string, { name: string; distance: number; size: number; states: Set<string> }>()
  const consider = (key: string, name: string, state: string, size: number, query: string, states: Set<string> | undefined, limit: number) => {
    if (states && !states.has(state)) return
    if (Math.abs(key.length - query.length) > limit) return
    const distance = editDistance(key, query, limit)
    if (distance > limit) return
    const known = best.get(key)
    if (!known || distance < known.distance) best.set(key, { name, distance, size, states: new Set([state]) })
    else if (distance === known.distance) {
      known.states.add(state)
      known.size = Math.max(known.size, size)
    }
  }
  for (let k = words.length; k >= 1; k--) {
    const query = words.slice(0, k).join(' ')
    const stateWords = words.slice(k).join(' ')
    const states = stateWords === '' ? undefined : statesNamed(data, stateWords)
    if (states?.size === 0) continue
    const limit = query.length >= 6 ? 2 : query.length >= 4 ? 1 : 0
    if (limit === 0) continue
    // A city with pages weighs as much as the largest place: it is what most visitors look for.
    for (const { key, city } of data.names) consider(key, city.name, city.state, 100, query, states, limit)
    for (const place of places) consider(place.key, place.name, place.state, place.size, query, states, limit)
  }
  return [...best.values()]
    .sort((a, b) => a.distance - b.distance || b.size - a.size || a.name.localeCompare(b.name, 'en'))
    .slice(0, 3)
    .map(({ name, states }) => {
      const state = states.size === 1 ? data.states.get([...states][0]!) : undefined
      return state ? { label: `${name}, ${state.en}`, query: `${name} ${state.code}` } : { label: name, query: name }
    })
}

/** The code in a part's list of codes, if there. */
export function findCode(codes: readonly FinderCode[], code: string): FinderCode | undefined {
  return codes.find((c) => c.code === code)
}

/**
 * The `n` cities with pages nearest to a point, by great-circle distance (as the city pages' own lists: ties to the
 * larger city, then the name), each with its distance in km.
 */
export function nearestCities(data: FinderData, at: { lat: number; lon: number }, n = 3): { city: ServedCity; km: number }[] {
  const place = (city: ServedCity) => (city.lat === undefined || city.lon === undefined ? undefined : { lat: city.lat, lon: city.lon })
  const tie = (a: ServedCity, b: ServedCity) => a.rank - b.rank || a.name.localeCompare(b.name, 'en')
  return nearestTo(at, data.cities, n, place, tie).map(({ item, km }) => ({ city: item, km }))
}

/** How far the town a position is "near" may be: farther, the finder says no town is near. */
const NEAR_PLACE_KM = 25

/** The place nearest to a point within NEAR_PLACE_KM, if any (ties to the first read). */
export function placeNear<T extends { lat: number; lon: number }>(places: readonly T[], at: { lat: number; lon: number }): T | undefined {
  let found: T | undefined
  let best = NEAR_PLACE_KM
  for (const place of places) {
    const km = greatCircleKm(at, place)
    if (km <= best) [found, best] = [place, km]
  }
  return found
}
