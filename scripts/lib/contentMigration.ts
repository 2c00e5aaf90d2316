import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { CONTENT_DIR, RETIRED_NOTES_FILE } from '../../src/catalog/content'
import { DataError } from '../../src/catalog/errors'
import { readSheet } from '../../src/catalog/spreadsheet'
import { readTextFile } from '../../src/catalog/textFile'
import { slugify } from '../../src/slugs/assign'
import { readSlugRecord, SLUG_RECORD_FILE } from '../../src/slugs/record'

/** The retired columns of data/cities.csv, and the file each city's text moves to. */
const CITY_COLUMNS = { local_note: '.md', local_note_fr: '.fr.md' } as const

/**
 * Moves the texts of the retired spreadsheet cells into content/ (`npm run content:migrate`): each city's `local_note`
 * (`local_note_fr`) of data/cities.csv to content/cities/<city-slug>.md (.fr.md), then the two columns out of the
 * file; each row of data/local-notes.csv to content/cities/<city-slug>/<service-slug>.md (.fr.md), then the file
 * deleted. A content file already there is never overwritten: the run stops first, naming it. Returns the files written.
 */
export function migrateContent(root: string): string[] {
  const dataDir = path.join(root, 'data')
  const citiesFile = path.join(dataDir, 'cities.csv')
  const notesFile = path.join(dataDir, RETIRED_NOTES_FILE)
  const record = readSlugRecord(path.join(dataDir, SLUG_RECORD_FILE)) ?? []
  const slugOf = new Map(record.filter((r) => r.status === 'live').map((r) => [`${r.name}|${r.state}|${r.country}`, r.slug]))
  const writes = new Map<string, string>()
  const problems: string[] = []
  const plan = (file: string, text: string | undefined, source: string) => {
    if (!text?.trim()) return
    if (existsSync(path.join(root, file)) || writes.has(file))
      problems.push(`${source}: ${file} already exists: join the two texts there by hand, then empty the cell`)
    else writes.set(file, `${text.trim()}\n`)
  }

  const cities = readSheet(citiesFile, { required: ['name', 'state', 'country'], optional: ['slug', ...Object.keys(CITY_COLUMNS)] })
  const retired = Object.keys(CITY_COLUMNS).filter((column) => cities.rows.some((r) => column in r.cells))
  for (const { cells, line } of cities.rows) {
    const slug = cells.slug || slugOf.get(`${cells.name}|${cells.state}|${cells.country}`) || slugify(cells.name ?? '')
    for (const [column, ext] of Object.entries(CITY_COLUMNS))
      plan(`${CONTENT_DIR}/cities/${slug}${ext}`, cells[column], `data/cities.csv line ${line}, column "${column}"`)
  }
  const notes = existsSync(notesFile) ? readSheet(notesFile, { required: ['city', 'service', 'note'], optional: ['note_fr'] }).rows : []
  for (const { cells, line } of notes) {
    const base = `${CONTENT_DIR}/cities/${cells.city?.trim().toLowerCase()}/${cells.service?.trim().toLowerCase()}`
    plan(`${base}.md`, cells.note, `data/${RETIRED_NOTES_FILE} line ${line}, column "note"`)
    plan(`${base}.fr.md`, cells.note_fr, `data/${RETIRED_NOTES_FILE} line ${line}, column "note_fr"`)
  }
  if (problems.length > 0) throw new DataError(problems)

  for (const [file, text] of writes) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  if (retired.length > 0) {
    // The file without the columns, every other cell as it was.
    const rows: string[][] = parse(readTextFile(citiesFile).text, { relax_column_count: true })
    const drop = new Set(rows[0]!.flatMap((name, i) => (retired.includes(name.trim().toLowerCase()) ? [i] : [])))
    writeFileSync(citiesFile, stringify(rows.map((row) => row.filter((_, i) => !drop.has(i)))))
  }
  if (existsSync(notesFile)) rmSync(notesFile)
  return [...writes.keys()]
}
