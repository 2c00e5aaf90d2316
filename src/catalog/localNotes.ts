import { existsSync } from 'node:fs'
import { z } from 'zod'
import { LOCAL_NOTE_MAX, optionalText, SLUG_PATTERN } from './cities'
import { DataError, describeIssue, type LoadNotes } from './errors'
import { describeFormat, readSheet } from './spreadsheet'

/**
 * data/local-notes.csv (optional): a note for one city and one service, shown on that one page — the place for a real
 * job done there ("we strip and refinish the floors of six Plano elementary schools every August"), which is what lifts
 * a city's page into search engines' index (src/seo/searchIndex.ts). Columns: city (its URL slug, as in
 * data/city-slugs.csv), service (its URL slug, as in data/services.yaml), note, note_fr (the French page's, optional).
 */
export const LOCAL_NOTES_FILE = 'local-notes.csv'

export interface LocalNoteRow {
  city: string
  service: string
  note?: string
  noteFr?: string
  line: number
}

const slug = (what: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((s) => SLUG_PATTERN.test(s), `expected the ${what}'s URL slug (lowercase letters, digits and hyphens, as in its page's address)`)

const RowSchema = z
  .object({
    city: slug('city'),
    service: slug('service'),
    note: optionalText(LOCAL_NOTE_MAX),
    note_fr: optionalText(LOCAL_NOTE_MAX),
  })
  .refine((r) => r.note || r.note_fr, { path: ['note'], message: 'the row has no note: write one, or delete the row' })

/** The rows of the file, or none without it; every problem names the file, the line and the column. */
export function loadLocalNotes(file: string, displayName = file, notes?: LoadNotes): LocalNoteRow[] {
  if (!existsSync(file)) return []
  const sheet = readSheet(file, { required: ['city', 'service', 'note'], optional: ['note_fr'] }, displayName)
  notes?.warnings.push(...sheet.warnings)
  notes?.formats.set(displayName, describeFormat(sheet.format))
  const problems: string[] = []
  const rows: LocalNoteRow[] = []
  const seen = new Map<string, number>()
  for (const { cells, line } of sheet.rows) {
    const result = RowSchema.safeParse(cells)
    if (!result.success) {
      for (const issue of result.error.issues) problems.push(`${displayName} line ${line}, column "${String(issue.path[0])}": ${describeIssue(issue)}`)
      continue
    }
    const { city, service, note, note_fr } = result.data
    const key = `${city} ${service}`
    const first = seen.get(key)
    if (first !== undefined) {
      problems.push(`${displayName} line ${line}: a second note for ${city} and ${service} (the first is on line ${first}): join them in one row`)
      continue
    }
    seen.set(key, line)
    rows.push({ city, service, ...(note ? { note } : {}), ...(note_fr ? { noteFr: note_fr } : {}), line })
  }
  if (problems.length > 0) throw new DataError(problems)
  return rows
}
