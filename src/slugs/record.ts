import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { stringify } from 'csv-stringify/sync'
import { cityKey as keyOf, SLUG_PATTERN } from '../catalog/cities'
import { DataError } from '../catalog/errors'
import { parseSheetBytes, readSheet, type Sheet } from '../catalog/spreadsheet'

/**
 * The published-slugs record, `data/city-slugs.csv`: every URL slug a city has been published under.
 * `npm run build` writes it and it is committed with the data, like a lock file, so that
 * - a city keeps its slug when a richer namesake is added or its name is corrected;
 * - a slug that stops being a city's (the staff asked for a new one, or the city was removed) keeps
 *   answering with a permanent redirect, to the city's new URLs or to the service pages.
 * One row per slug, sorted by slug:
 *
 *   slug,name,state,country,status,redirects_to
 *   boise,Boise City,ID,US,live,
 *   springfield,Springfield,MO,US,moved,/springfield-mo-{service}
 *   springfield-mo,Springfield,MO,US,live,
 *   aurora,Aurora,CO,US,removed,/services/{service}
 *
 * `status`: `live` (the city's pages are there), `moved` (an old slug of the city named on the row; its
 * URLs redirect to the city's live slug) or `removed` (the city is gone; its URLs redirect to the service pages).
 * `redirects_to` is only for people reading the file: the build works it out again from the other columns.
 */
export const SLUG_RECORD_FILE = 'city-slugs.csv'
const RECORD_COLUMNS = ['slug', 'name', 'state', 'country', 'status'] as const

type SlugStatus = 'live' | 'moved' | 'removed'
const STATUSES: readonly SlugStatus[] = ['live', 'moved', 'removed']

export interface CityLabel {
  name: string
  state: string
  country: string
}

export interface SlugRecordRow extends CityLabel {
  slug: string
  status: SlugStatus
}

/** `Springfield, MO`: a city as the messages name it. */
export const cityLabel = (c: CityLabel) => `${c.name}, ${c.state}`
/** Only the name, state and country of a city or record row, as the record and the change report keep them. */
export const pickCityLabel = ({ name, state, country }: CityLabel): CityLabel => ({ name, state, country })

/** Reads the record; null when there is none yet. Bad rows throw a DataError naming the line. */
export function readSlugRecord(file: string, displayName = file): SlugRecordRow[] | null {
  if (!existsSync(file)) return null
  return recordRows(readSheet(file, RECORD_SHEET, displayName), displayName)
}

/** A record's text as git keeps it (the committed record, src/slugs/committed.ts). Bad rows throw a DataError naming the line. */
export function parseSlugRecord(text: string, displayName: string): SlugRecordRow[] {
  return recordRows(parseSheetBytes(Buffer.from(text), RECORD_SHEET, displayName), displayName)
}

const RECORD_SHEET = { required: RECORD_COLUMNS, optional: ['redirects_to'] }

function recordRows(sheet: Sheet, displayName: string): SlugRecordRow[] {
  const problems: string[] = []
  const rows: SlugRecordRow[] = []
  const lineOf = new Map<string, number>()
  const liveLineOf = new Map<string, number>()
  const undo = `(${displayName} is written by npm run build: undo the edits made to it by hand)`
  for (const { cells, line } of sheet.rows) {
    const row = {
      slug: cells.slug ?? '',
      name: cells.name ?? '',
      state: (cells.state ?? '').toUpperCase(),
      country: (cells.country ?? '').toUpperCase(),
      status: (cells.status ?? '').toLowerCase() as SlugStatus,
    }
    const where = `${displayName} line ${line}`
    if (!SLUG_PATTERN.test(row.slug)) problems.push(`${where}, column "slug": "${row.slug}" is not a URL slug ${undo}`)
    else if (lineOf.has(row.slug)) problems.push(`${where}: the slug "${row.slug}" is also on line ${lineOf.get(row.slug)} ${undo}`)
    if (!STATUSES.includes(row.status)) problems.push(`${where}, column "status": expected live, moved or removed, got "${cells.status ?? ''}" ${undo}`)
    if (!row.name || !/^[A-Z]{2}$/.test(row.state) || !['US', 'CA'].includes(row.country))
      problems.push(`${where}: name, state and country must name a city ${undo}`)
    if (row.status === 'live') {
      const first = liveLineOf.get(keyOf(row))
      if (first !== undefined) problems.push(`${where}: ${cityLabel(row)} has a second live slug (the first is on line ${first}) ${undo}`)
      liveLineOf.set(keyOf(row), line)
    }
    lineOf.set(row.slug, line)
    rows.push(row)
  }
  if (problems.length > 0) throw new DataError(problems)
  return rows
}

/** Writes the record when its content changed; returns whether it did. */
export function writeSlugRecord(file: string, record: readonly SlugRecordRow[]): boolean {
  const text = slugRecordText(record)
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false
  writeFileSync(file, text)
  return true
}

/** The record as CSV (UTF-8, commas, LF), with a `redirects_to` column for people reading it. */
export function slugRecordText(record: readonly SlugRecordRow[]): string {
  const liveOf = liveSlugs(record)
  return stringify(
    record.map((r) => ({
      ...r,
      redirects_to: r.status === 'live' ? '' : r.status === 'moved' ? `/${liveOf.get(keyOf(r))}-{service}` : '/services/{service}',
    })),
    { header: true, columns: [...RECORD_COLUMNS, 'redirects_to'] },
  )
}

/** The live slug of each city of a record, by city key. */
export const liveSlugs = (record: readonly SlugRecordRow[]) => new Map(record.filter((r) => r.status === 'live').map((r) => [keyOf(r), r.slug]))
