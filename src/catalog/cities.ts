import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { z } from 'zod'
import { DataError, describeIssue } from './errors'

/** US states (and DC) and Canadian provinces and territories, code → name. */
export const REGION_NAMES: Readonly<Record<'US' | 'CA', Readonly<Record<string, string>>>> = {
  US: {
    AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut', DE: 'Delaware',
    DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa',
    KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
    MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey',
    NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon',
    PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
    VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  },
  CA: {
    AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador', NS: 'Nova Scotia',
    NT: 'Northwest Territories', NU: 'Nunavut', ON: 'Ontario', PE: 'Prince Edward Island', QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
  },
}
export const COUNTRY_NAMES = { US: 'United States', CA: 'Canada' } as const
export const US_STATES = Object.keys(REGION_NAMES.US)
export const CA_PROVINCES = Object.keys(REGION_NAMES.CA)
export const REQUIRED_COLUMNS = ['name', 'state', 'country', 'population'] as const

export const CityRowSchema = z
  .object({
    /** Plain display name, written with its real accents ("Montréal"). */
    name: z.string().trim().min(1, 'must not be empty'),
    /** Two-letter US state or Canadian province code. */
    state: z.string().trim().toUpperCase(),
    country: z.string().trim().toUpperCase().pipe(z.enum(['US', 'CA'], { error: (i) => `expected US or CA, got ${JSON.stringify(i.input)}` })),
    /** Whole number, no separators: the order of the cities on the site follows it. */
    population: z
      .string()
      .trim()
      .regex(/^\d+$/, 'expected a whole number without separators')
      .transform(Number),
  })
  .superRefine((row, ctx) => {
    const codes = row.country === 'US' ? US_STATES : CA_PROVINCES
    if (!codes.includes(row.state)) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: `"${row.state}" is not a ${row.country === 'US' ? 'US state' : 'Canadian province'} code` })
    }
  })

export type CityRow = z.output<typeof CityRowSchema> & { line: number }

/**
 * Reads data/cities.csv (UTF-8, with or without BOM, LF or CRLF). Every problem names the file,
 * the line and the column: `data/cities.csv line 212, column "population": expected a whole number ...`.
 */
export function loadCityRows(file: string, displayName = file): CityRow[] {
  const text = readFileSync(file)
  let records: { record: Record<string, string>; info: { lines: number } }[]
  try {
    records = parse(text, { bom: true, columns: true, info: true, skip_empty_lines: true, trim: false, relax_column_count: false })
  } catch (error) {
    const e = error as { lines?: number; message: string }
    throw new DataError([`${displayName}${e.lines ? ` line ${e.lines}` : ''}: ${e.message}`])
  }
  const header = records[0] ? Object.keys(records[0].record) : headerOf(text)
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c))
  if (missing.length > 0) {
    throw new DataError([`${displayName} line 1: missing column${missing.length > 1 ? 's' : ''} ${missing.map((c) => `"${c}"`).join(', ')}; the header must be: ${REQUIRED_COLUMNS.join(',')}`])
  }

  const problems: string[] = []
  const rows: CityRow[] = []
  const firstLineOf = new Map<string, number>()
  for (const { record, info } of records) {
    const line = info.lines
    const result = CityRowSchema.safeParse(record)
    if (!result.success) {
      for (const issue of result.error.issues) {
        const column = issue.path[0] !== undefined ? `, column "${String(issue.path[0])}"` : ''
        problems.push(`${displayName} line ${line}${column}: ${describeIssue(issue)}${gotValue(record, issue.path[0])}`)
      }
      continue
    }
    const key = `${result.data.name.toLowerCase()}|${result.data.state}|${result.data.country}`
    const first = firstLineOf.get(key)
    if (first !== undefined) {
      problems.push(`${displayName} line ${line}: duplicate of line ${first} (${result.data.name}, ${result.data.state}); delete one of the two rows`)
      continue
    }
    firstLineOf.set(key, line)
    rows.push({ ...result.data, line })
  }
  if (problems.length > 0) throw new DataError(problems)
  if (rows.length === 0) throw new DataError([`${displayName}: no cities found`])
  return rows
}

function gotValue(record: Record<string, string>, column: PropertyKey | undefined): string {
  if (column === 'population' && record.population !== undefined) return `, got ${JSON.stringify(record.population)}`
  return ''
}

function headerOf(text: Buffer): string[] {
  const firstLine = text.toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? ''
  return firstLine.split(',').map((c) => c.trim())
}
