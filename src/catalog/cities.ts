import { z } from 'zod'
import { slugify } from '../slugs/assign'
import { DataError, describeIssue, type LoadNotes } from './errors'
import { describeFormat, readSheet } from './spreadsheet'
import { lineList, SAVE_AS_UTF8_SENTENCE } from './textFile'
import { isTimeZone } from './timeZones'
import type { Coordinates } from '../geo/distance'

/** US states (and DC) and Canadian provinces and territories, code → name. */
export const STATE_NAMES: Readonly<Record<'US' | 'CA', Readonly<Record<string, string>>>> = {
  US: {
    AL: 'Alabama',
    AK: 'Alaska',
    AZ: 'Arizona',
    AR: 'Arkansas',
    CA: 'California',
    CO: 'Colorado',
    CT: 'Connecticut',
    DE: 'Delaware',
    DC: 'District of Columbia',
    FL: 'Florida',
    GA: 'Georgia',
    HI: 'Hawaii',
    ID: 'Idaho',
    IL: 'Illinois',
    IN: 'Indiana',
    IA: 'Iowa',
    KS: 'Kansas',
    KY: 'Kentucky',
    LA: 'Louisiana',
    ME: 'Maine',
    MD: 'Maryland',
    MA: 'Massachusetts',
    MI: 'Michigan',
    MN: 'Minnesota',
    MS: 'Mississippi',
    MO: 'Missouri',
    MT: 'Montana',
    NE: 'Nebraska',
    NV: 'Nevada',
    NH: 'New Hampshire',
    NJ: 'New Jersey',
    NM: 'New Mexico',
    NY: 'New York',
    NC: 'North Carolina',
    ND: 'North Dakota',
    OH: 'Ohio',
    OK: 'Oklahoma',
    OR: 'Oregon',
    PA: 'Pennsylvania',
    RI: 'Rhode Island',
    SC: 'South Carolina',
    SD: 'South Dakota',
    TN: 'Tennessee',
    TX: 'Texas',
    UT: 'Utah',
    VT: 'Vermont',
    VA: 'Virginia',
    WA: 'Washington',
    WV: 'West Virginia',
    WI: 'Wisconsin',
    WY: 'Wyoming',
  },
  CA: {
    AB: 'Alberta',
    BC: 'British Columbia',
    MB: 'Manitoba',
    NB: 'New Brunswick',
    NL: 'Newfoundland and Labrador',
    NS: 'Nova Scotia',
    NT: 'Northwest Territories',
    NU: 'Nunavut',
    ON: 'Ontario',
    PE: 'Prince Edward Island',
    QC: 'Quebec',
    SK: 'Saskatchewan',
    YT: 'Yukon',
  },
}
export const COUNTRY_NAMES = { US: 'United States', CA: 'Canada' } as const

/** The provinces and territories in French, and how a sentence says "in" them ("au Québec", "en Ontario"). */
export const FRENCH_PROVINCES: Readonly<Record<string, { name: string; in: string }>> = {
  AB: { name: 'Alberta', in: 'en Alberta' },
  BC: { name: 'Colombie-Britannique', in: 'en Colombie-Britannique' },
  MB: { name: 'Manitoba', in: 'au Manitoba' },
  NB: { name: 'Nouveau-Brunswick', in: 'au Nouveau-Brunswick' },
  NL: { name: 'Terre-Neuve-et-Labrador', in: 'à Terre-Neuve-et-Labrador' },
  NS: { name: 'Nouvelle-Écosse', in: 'en Nouvelle-Écosse' },
  NT: { name: 'Territoires du Nord-Ouest', in: 'dans les Territoires du Nord-Ouest' },
  NU: { name: 'Nunavut', in: 'au Nunavut' },
  ON: { name: 'Ontario', in: 'en Ontario' },
  PE: { name: 'Île-du-Prince-Édouard', in: 'à l’Île-du-Prince-Édouard' },
  QC: { name: 'Québec', in: 'au Québec' },
  SK: { name: 'Saskatchewan', in: 'en Saskatchewan' },
  YT: { name: 'Yukon', in: 'au Yukon' },
}
export const FRENCH_COUNTRY_NAMES = { US: 'États-Unis', CA: 'Canada' } as const
/** The US states whose French name differs from the English one (the city finder's French answers: « Tampa, Floride »). */
export const FRENCH_US_STATES: Readonly<Record<string, string>> = {
  CA: 'Californie',
  DC: 'District de Columbia',
  FL: 'Floride',
  GA: 'Géorgie',
  HI: 'Hawaï',
  LA: 'Louisiane',
  NC: 'Caroline du Nord',
  ND: 'Dakota du Nord',
  NM: 'Nouveau-Mexique',
  PA: 'Pennsylvanie',
  SC: 'Caroline du Sud',
  SD: 'Dakota du Sud',
  VA: 'Virginie',
  WV: 'Virginie-Occidentale',
}
const US_STATES = Object.keys(STATE_NAMES.US)
const CA_PROVINCES = Object.keys(STATE_NAMES.CA)
const REQUIRED_COLUMNS = ['name', 'state', 'country', 'population'] as const
/**
 * `slug`: a URL slug the staff ask for (docs/staff-guide.md, "URL changes and redirects"); the others are the local details
 * of the city pages, shown when filled in (docs/staff-guide.md, "Regions and local details").
 */
const OPTIONAL_COLUMNS = ['slug', 'timezone', 'neighborhoods', 'crew_base', 'latitude', 'longitude', 'other_names'] as const
/** Columns that held a city's text, now a Markdown file of content/cities/ (src/catalog/content.ts): refused by name. */
const RETIRED_COLUMNS = { local_note: 'content/cities/<city-slug>.md', local_note_fr: 'content/cities/<city-slug>.fr.md' } as const

export type { Coordinates } from '../geo/distance'

/** An optional coordinate cell: decimal degrees within ±`max`, undefined when empty. */
const coordinate = (max: number, example: string) =>
  z
    .string()
    .optional()
    .transform((s) => s?.trim() || undefined)
    .superRefine((s, ctx) => {
      if (s === undefined) return
      if (!/^-?\d{1,3}(\.\d+)?$/.test(s))
        ctx.addIssue({
          code: 'custom',
          message: `expected decimal degrees such as ${example}, got ${JSON.stringify(s)} (a point, not a comma, before the decimals)`,
        })
      else if (Math.abs(Number(s)) > max) ctx.addIssue({ code: 'custom', message: `${s} is not between -${max} and ${max} degrees` })
    })
    .transform((s) => (s === undefined ? undefined : Number(s)))

/** An optional free-text cell: trimmed, and undefined when empty. */
const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((s) => s?.trim().replace(/\s+/g, ' ') || undefined)
    .superRefine((s, ctx) => {
      if (s === undefined) return
      const problem = unreadable(s)
      if (problem) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(s)} ${problem}` })
      else if (s.length > max) ctx.addIssue({ code: 'custom', message: `is ${s.length} characters long; keep it under ${max}` })
    })

/** A URL slug as the staff may write one: lowercase letters and digits, words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/

/**
 * A city name as spreadsheets and copy-paste deliver it, made consistent: curly and other apostrophes
 * become "'" (`Coeur d’Alene` → `Coeur d'Alene`), dashes become "-" (Excel's AutoCorrect turns " - " into " – ").
 */
function cleanCityName(name: string): string {
  return name.replace(/[\u2018\u2019\u201B\u02BC\u2032\u00B4`]/g, "'").replace(/[\u2010-\u2015\u2212]/g, '-')
}

/** What a name must not contain; each message says what happened and what to do. */
function unreadable(name: string): string | undefined {
  if (name.includes('\uFFFD')) {
    return 'contains "\uFFFD", a letter that could not be read: the file was saved in another encoding at some point. Type the name again with its accents, then save the file as "CSV UTF-8"'
  }
  const control = /\p{Cc}/u.exec(name)?.[0]
  if (control === '\n') return 'contains a line break (Alt+Enter in Excel); remove it'
  if (control === '\t') return 'contains a tab; remove it'
  if (control) {
    return `contains an invisible control character (U+${control.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}); type the name again, then save the file as "CSV UTF-8"`
  }
  return undefined
}

const CityRowSchema = z
  .object({
    /** Plain display name, written with its real accents ("Montréal"); apostrophes and dashes are made plain. */
    name: z
      .string()
      .transform(cleanCityName)
      .pipe(z.string().min(1, 'must not be empty'))
      .superRefine((name, ctx) => {
        if (name === '') return
        const problem = unreadable(name)
        if (problem) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(name)} ${problem}` })
        // A CSV holds a formula only when LibreOffice saved formulas instead of values, or one was typed as text.
        else if (/^[=+@]/.test(name)) {
          ctx.addIssue({
            code: 'custom',
            message: `${name} is a spreadsheet formula, not a city name: type the name as plain text; in LibreOffice Calc, uncheck "Save cell formulas instead of calculated values" when saving as CSV`,
          })
        } else if (!/\p{L}/u.test(name)) {
          ctx.addIssue({
            code: 'custom',
            message: `"${name}" has no letters, so it is not a city name: the spreadsheet program may have turned the cell into a date or a number. Format the column as Text, then type the name again`,
          })
        }
      }),
    /** Two-letter US state or Canadian province code (upper-cased below, once the value as typed has been checked). */
    state: z.string().trim().min(1, 'is empty; write the two-letter state or province code'),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .min(1, 'is empty; write US or CA')
      .pipe(z.enum(['US', 'CA'], { error: (i) => `expected US or CA, got ${JSON.stringify(i.input)}` })),
    /** Whole number, no separators: the order of the cities on the site follows it. */
    population: z
      .string()
      .trim()
      .superRefine((s, ctx) => {
        if (s === '') ctx.addIssue({ code: 'custom', message: "is empty; write the city's population, a whole number" })
        else if (!/^\d+$/.test(s)) ctx.addIssue({ code: 'custom', message: `expected a whole number without separators, got ${JSON.stringify(s)}` })
        else if (Number(s) === 0) ctx.addIssue({ code: 'custom', message: "is 0; write the city's population, a whole number greater than 0" })
      })
      .transform(Number),
    /**
     * Optional column: the URL slug the staff ask for (see docs/staff-guide.md, "URL changes and redirects").
     * Empty: the city keeps the slug it was published under, or gets one from its name when it is new.
     */
    slug: z
      .string()
      .optional()
      .transform((s) => (s ? s : undefined))
      .superRefine((slug, ctx) => {
        if (slug !== undefined && !SLUG_PATTERN.test(slug)) {
          const suggestion = slugify(slug)
          ctx.addIssue({
            code: 'custom',
            message: `"${slug}" is not a URL slug: use lowercase letters, digits and single hyphens${suggestion ? `, for example "${suggestion}"` : ''}, or leave the cell empty`,
          })
        }
      }),
    /** Optional: the IANA time zone where it differs from the state's usual one (src/catalog/timeZones.ts). */
    timezone: z
      .string()
      .optional()
      .transform((s) => s?.trim() || undefined)
      .superRefine((zone, ctx) => {
        if (zone !== undefined && !isTimeZone(zone)) {
          ctx.addIssue({
            code: 'custom',
            message: `"${zone}" is not a time zone name: write one such as America/New_York (Eastern), America/Chicago (Central), America/Denver (Mountain), America/Phoenix (Arizona), America/Los_Angeles (Pacific), or leave the cell empty for the state's usual time zone`,
          })
        }
      }),
    /** Optional: the neighborhoods or suburbs served, separated by semicolons. */
    neighborhoods: optionalText(1500).transform((s) =>
      s
        ?.split(';')
        .map((n) => n.trim())
        .filter(Boolean),
    ),
    /** Optional: where the crew that covers the city is based ("Mesa yard, serving the East Valley"). */
    crew_base: optionalText(120),
    /** Optional, both or neither: where the city is, for a place the gazetteer lacks or misplaces (src/geo/placeCities.ts). */
    latitude: coordinate(90, '45.50884'),
    longitude: coordinate(180, '-73.58781'),
    /**
     * Optional: other names people use for the city, separated by semicolons ("NYC; New York City"; a former town merged
     * into it, "Sainte-Foy"): the city finder answers them with the city. Not shown on its pages.
     */
    other_names: optionalText(600)
      .transform((s) =>
        s
          ?.split(';')
          .map((n) => n.trim())
          .filter(Boolean),
      )
      .superRefine((names, ctx) => {
        for (const name of names ?? []) {
          if (name.length > 60) ctx.addIssue({ code: 'custom', message: `"${name.slice(0, 30)}…" is ${name.length} characters long; keep each name under 60` })
          else if (!/\p{L}/u.test(name)) ctx.addIssue({ code: 'custom', message: `"${name}" has no letters, so it is not a place name` })
        }
      }),
  })
  .superRefine((row, ctx) => {
    const problem = stateProblem(row.state, row.country)
    if (problem) ctx.addIssue({ code: 'custom', path: ['state'], message: problem })
    const [filled, empty] = row.latitude === undefined ? ['longitude', 'latitude'] : ['latitude', 'longitude']
    if ((row.latitude === undefined) !== (row.longitude === undefined))
      ctx.addIssue({ code: 'custom', path: [empty], message: `is empty but "${filled}" is filled: write both (decimal degrees) or neither` })
  })
  .transform((row) => ({ ...row, state: row.state.toUpperCase() }))

const KIND = { US: 'US state', CA: 'Canadian province' } as const

/** "Québec", "quebec" → "quebec": how a state or province name is compared (accents, case, spaces and dashes ignored). */
const foldName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')

/** Folded English and French names of the states and provinces → country and code. */
const STATE_BY_NAME = new Map<string, { country: 'US' | 'CA'; code: string }>([
  ...Object.entries(STATE_NAMES.US).map(([code, name]) => [foldName(name), { country: 'US', code }] as const),
  ...Object.entries(STATE_NAMES.CA).map(([code, name]) => [foldName(name), { country: 'CA', code }] as const),
  ...Object.entries(FRENCH_PROVINCES).map(([code, { name }]) => [foldName(name), { country: 'CA', code }] as const),
])

/** What is wrong with the state cell as typed, and what it probably meant: the code of a state written as a name, the other country. */
function stateProblem(typed: string, country: 'US' | 'CA'): string | undefined {
  const code = typed.toUpperCase()
  if (typed === '' || !(country in KIND)) return undefined // reported on its own cell
  if ((country === 'US' ? US_STATES : CA_PROVINCES).includes(code)) return undefined
  const other = country === 'US' ? 'CA' : 'US'
  const notCode = `"${typed}" is not a ${KIND[country]} code`
  if ((other === 'US' ? US_STATES : CA_PROVINCES).includes(code))
    return `${notCode}: ${code} is a ${KIND[other]}; if the city is in ${COUNTRY_NAMES[other]}, write the country ${other}`
  const named = STATE_BY_NAME.get(foldName(typed))
  if (named?.country === country) return `${notCode}: did you mean ${named.code}?`
  if (named)
    return `${notCode}: ${typed} is the ${KIND[named.country]} ${named.code}; if the city is in ${COUNTRY_NAMES[named.country]}, write ${named.code} and the country ${named.country}`
  return notCode
}

/** Where the gazetteer has places of a name (src/geo/gazetteer.ts, `placesNamed`), largest first. */
type Namesakes = (name: string) => readonly { state: string; country: 'US' | 'CA' }[]

/** "A, B or C" */
const orList = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`)

/**
 * The gazetteer's answer for a state or province code of the other country (`Lethbridge,AL,CA`: "Lethbridge is in AB
 * (Alberta): write AB"), rather than the other country; undefined when the code is not one of the other country's or
 * the gazetteer has no place of the name (the schema's message then stands).
 */
function otherCountryCodeProblem(cells: Record<string, string | undefined>, namesakes: Namesakes): string | undefined {
  const typed = (cells.state ?? '').trim()
  const country = (cells.country ?? '').trim().toUpperCase()
  if (country !== 'US' && country !== 'CA') return undefined
  const other = country === 'US' ? 'CA' : 'US'
  const code = typed.toUpperCase()
  if (!(code in STATE_NAMES[other]) || code in STATE_NAMES[country]) return undefined
  const name = cleanCityName((cells.name ?? '').trim())
  const places = name ? namesakes(name) : []
  const states = [...new Set(places.filter((p) => p.country === country).map((p) => p.state))]
  const named = (state: string) => `${state} (${STATE_NAMES[country][state]})`
  const listed = `${orList(states.slice(0, 3).map(named))}${states.length > 3 ? ' and elsewhere' : ''}`
  const notCode = `"${typed}" is not a ${KIND[country]} code`
  const word = country === 'US' ? 'state' : 'province'
  if (places.some((p) => p.country === other && p.state === code)) {
    const also = states.length > 0 ? `; if it is the ${name} in ${country === 'US' ? 'the United States' : 'Canada'}, write its ${word}: ${listed}` : ''
    return `${notCode}; ${name} is in ${code} (${STATE_NAMES[other][code]}), ${COUNTRY_NAMES[other]}: write the country ${other}${also}`
  }
  if (states.length === 1) return `${notCode}; ${name} is in ${named(states[0]!)}: write ${states[0]}`
  if (states.length > 1) return `${notCode}; a ${name} is in ${listed}: write the code of its ${word}`
  const abroad = [...new Set(places.map((p) => p.state))]
  if (abroad.length === 1)
    return `${notCode}; ${name} is in ${abroad[0]} (${STATE_NAMES[other][abroad[0]!]}), ${COUNTRY_NAMES[other]}: write ${abroad[0]} and the country ${other}`
  if (abroad.length > 1)
    return `${notCode}; a ${name} is in ${orList(abroad.slice(0, 3))}${abroad.length > 3 ? ' and elsewhere' : ''}, ${COUNTRY_NAMES[other]}: write its code and the country ${other}`
  return undefined
}

/** A row of data/cities.csv; `requestedSlug` is its optional "slug" cell. */
export type CityRow = Pick<z.output<typeof CityRowSchema>, 'name' | 'state' | 'country' | 'population'> & {
  requestedSlug?: string
  line: number
  /** The optional cells, when filled in. */
  details: CityDetails
  /** Where it is: its "latitude" and "longitude" cells, else the gazetteer's place (src/geo/placeCities.ts); absent when neither places it. */
  coordinates?: Coordinates
  /** Its "other_names" cell: names the city finder answers with this city. */
  otherNames?: string[]
  /** The gazetteer's name of its place where it differs from the row's ("New York City" for New York): the finder's too. */
  gazetteerName?: string
}

/** What the staff may add about a city (optional columns of data/cities.csv), shown on its pages when present. */
export interface CityDetails {
  timeZone?: string
  neighborhoods?: string[]
  crewBase?: string
}

/** Characters that Windows-1252 decoding gives to bytes of other encodings (Mac Roman "é" reads as "Ž"), and that no city name has. */
const UNLIKELY_IN_WINDOWS_1252 = /[\u0192\u201E\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u017D\u2022\u02DC\u2122\u0161\u203A\u0153\u017E\u0178\u20AC\u2026]/u

/** Two rows name the same city when their names give the same slug in the same state and country ("St. Louis" = "St Louis"). */
export const cityKey = (city: { name: string; state: string; country: string }) => `${slugify(city.name)}|${city.state}|${city.country}`

/**
 * Reads data/cities.csv as Excel, Google Sheets, Numbers, LibreOffice Calc or a text editor saved it (encodings,
 * separators and clean-up: src/catalog/spreadsheet.ts). Every problem names the file, the line and
 * the column: `data/cities.csv line 212, column "population": expected a whole number ...`.
 * Warnings (a file read as Windows-1252) are added to `notes`. With `namesakes` (the gazetteer), a state or province
 * code of the other country is answered with where the city is.
 */
export function loadCityRows(file: string, displayName = file, notes?: LoadNotes, namesakes?: Namesakes): CityRow[] {
  const sheet = readSheet(file, { required: REQUIRED_COLUMNS, optional: [...OPTIONAL_COLUMNS, ...Object.keys(RETIRED_COLUMNS)] }, displayName)
  const retired = Object.entries(RETIRED_COLUMNS).filter(([column]) => sheet.rows.some((r) => column in r.cells))
  if (retired.length > 0)
    throw new DataError(
      retired.map(
        ([column, file]) =>
          `${displayName} line 1, column "${column}": a city's text is no longer a cell: it is a Markdown file, ${file} (see content/README.md); run \`npm run content:migrate\` to move the column's texts there, then the column is gone`,
      ),
    )
  notes?.warnings.push(...sheet.warnings)
  notes?.formats.set(displayName, describeFormat(sheet.format))

  const problems: string[] = []
  // A population column formatted with thousands separators and saved as shown: one message for the whole column.
  const separated = sheet.rows.filter((r) => THOUSANDS.test(r.cells.population ?? ''))
  const oneCause = separated.length > 3
  if (oneCause) problems.push(thousandsProblem(displayName, separated))
  const rows: CityRow[] = []
  const firstOf = new Map<string, ParsedRow>()
  for (const { cells: record, line, windows1252 } of sheet.rows) {
    // A letter no name has, in a file read as Windows-1252: the file is in another encoding (before the cells' own checks,
    // which would see the same file's unreadable letters without the cause).
    const wrongEncoding = windows1252
      ? (['name', 'other_names'] as const).flatMap((column) => {
          const letter = UNLIKELY_IN_WINDOWS_1252.exec(record[column] ?? '')?.[0]
          return letter ? [{ column, letter }] : []
        })[0]
      : undefined
    if (wrongEncoding) {
      problems.push(
        `${displayName} line ${line}, column "${wrongEncoding.column}": ${JSON.stringify(record[wrongEncoding.column])} contains "${wrongEncoding.letter}", which no city name has: the file is in an encoding other than UTF-8 or Windows-1252 (for example Excel's "CSV (Macintosh)"). ${SAVE_AS_UTF8_SENTENCE}`,
      )
      continue
    }
    const result = CityRowSchema.safeParse(record)
    if (!result.success) {
      for (const issue of result.error.issues) {
        const column = issue.path[0] !== undefined ? `, column "${String(issue.path[0])}"` : ''
        if (oneCause && issue.path[0] === 'population' && THOUSANDS.test(record.population ?? '')) continue
        const located = issue.path[0] === 'state' && namesakes ? otherCountryCodeProblem(record, namesakes) : undefined
        problems.push(`${displayName} line ${line}${column}: ${located ?? describeIssue(issue)}`)
      }
      continue
    }
    const key = cityKey(result.data)
    const first = firstOf.get(key)
    if (first !== undefined) {
      problems.push(sameNameProblem(displayName, { line, data: result.data }, first))
      continue
    }
    firstOf.set(key, { line, data: result.data })
    const { slug, timezone, neighborhoods, crew_base, latitude, longitude, other_names, ...city } = result.data
    const details: CityDetails = {
      timeZone: timezone,
      neighborhoods: neighborhoods?.length ? neighborhoods : undefined,
      crewBase: crew_base,
    }
    for (const key of Object.keys(details) as (keyof CityDetails)[]) if (details[key] === undefined) delete details[key]
    const coordinates = latitude !== undefined && longitude !== undefined ? { coordinates: { lat: latitude, lon: longitude } } : {}
    rows.push({ ...city, ...(slug ? { requestedSlug: slug } : {}), line, details, ...coordinates, ...(other_names?.length ? { otherNames: other_names } : {}) })
  }
  if (problems.length > 0) throw new DataError(problems)
  if (rows.length === 0) throw new DataError([`${displayName}: no cities found`])
  return rows
}

/** A number as a spreadsheet shows it with thousands separators: "8,804,190", "8.804.190", "8 804 190", "8'804'190" (decimals allowed). */
const THOUSANDS = /^\d{1,3}([,. '\u2019]\d{3})+([.,]\d+)?$/

function thousandsProblem(file: string, rows: readonly { line: number; cells: Record<string, string | undefined> }[]): string {
  const examples = rows.slice(0, 2).map((r) => JSON.stringify(r.cells.population))
  return (
    `${file} ${lineList(rows.map((r) => r.line))}, column "population": ${rows.length} populations are written with thousands separators (${examples.join(', ')}, …), ` +
    'because the column is formatted with them and the file was saved as shown. Write them as whole numbers without separators, then save the file again: ' +
    'in Excel, select the column, Format Cells → Number, uncheck "Use 1000 Separator (,)"; ' +
    'in Google Sheets, select the column, Format → Number → Custom number format, type 0 and Apply; ' +
    'in Numbers, select the column, then in the Format sidebar, Cell, Data Format "Number", uncheck "Thousands Separator"; ' +
    'in LibreOffice Calc, uncheck "Save cell content as shown" in the CSV options when saving (or Format → Cells → Numbers, uncheck "Thousands separator")'
  )
}

type ParsedRow = { line: number; data: z.output<typeof CityRowSchema> }

/**
 * Two rows with one name in one state: the same row twice (delete one), or, when their data differ, two cities
 * that now share a name (after a rename), where deleting a row would remove a real city.
 */
function sameNameProblem(file: string, row: ParsedRow, first: ParsedRow): string {
  const label = `${row.data.name}, ${row.data.state}`
  const differ = (Object.keys(row.data) as (keyof ParsedRow['data'])[]).filter(
    (k) => k !== 'name' && JSON.stringify(row.data[k]) !== JSON.stringify(first.data[k]),
  )
  if (differ.length === 0) return `${file} line ${row.line}: duplicate of line ${first.line} (${label}); delete one of the two rows`
  const how = differ.map((k) =>
    k === 'population' ? `population ${row.data.population} here, ${first.data.population} on line ${first.line}` : k === 'slug' ? 'slug' : k,
  )
  return (
    `${file} line ${row.line}: "${label}" is also the name on line ${first.line}, but the two rows differ (${how.join('; ')}): ` +
    'these look like two different cities that now have the same name. Rename one of them; deleting a row would remove a city from the site'
  )
}
