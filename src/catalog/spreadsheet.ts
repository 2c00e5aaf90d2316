import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { DataError } from './errors'
import { decodeText, readTextFile, SAVE_AS_CSV_STEPS, SAVE_AS_UTF8, SAVE_AS_UTF8_SENTENCE, type DecodedText, type TextEncoding } from './textFile'

/** What separates the values: Excel in English writes commas, in French or German semicolons, "Unicode Text" tabs. */
type Separator = ',' | ';' | '\t'
const SEPARATORS: readonly Separator[] = [',', ';', '\t']
const SEPARATOR_NAMES: Record<Separator, string> = { ',': 'commas', ';': 'semicolons', '\t': 'tabs' }

export interface SheetFormat {
  encoding: TextEncoding
  separator: Separator
}

interface SheetRow {
  /** Line of the file where the row starts (1-based, the header is line 1). */
  line: number
  /** The cleaned value of each known column; undefined when the row is shorter than the header. */
  cells: Record<string, string | undefined>
  /** The row was not valid UTF-8 and was read as Windows-1252. */
  windows1252: boolean
}

export interface Sheet {
  rows: SheetRow[]
  format: SheetFormat
  /** Notes for the staff: the file was read, but should be saved another way next time. */
  warnings: string[]
}

export interface SheetColumns {
  /** Column names that must be in the first line (any case, in any order). */
  required: readonly string[]
  /** Column names that may be there; every other column is ignored. */
  optional?: readonly string[]
}

/**
 * Cleans what spreadsheet programs and copy-paste leave around a value: spaces and non-breaking spaces
 * at either end, runs of spaces, invisible characters (zero-width spaces, byte-order marks, soft hyphens),
 * and letters written as a base letter plus a combining accent (Numbers does that): `" Montre\u0301al\u00A0"` → `"Montréal"`.
 */
export function cleanCell(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\p{Cf}/gu, '')
    .replace(/\p{Zs}/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
}

/**
 * Reads a CSV (or tab-separated) file saved by a spreadsheet program; see `parseSheet`. A workbook of the same
 * name beside it (`cities.xlsx` next to `cities.csv`) is refused, older or newer: it may hold an edit the site
 * would never show, and only the staff can tell which of the two files is right.
 */
export function readSheet(file: string, columns: SheetColumns, displayName = file): Sheet {
  const workbooks = workbookProblems(file, displayName)
  if (workbooks.length > 0) throw new DataError(workbooks)
  if (!existsSync(file))
    throw new DataError([
      `${displayName} is missing: put it back (for example from the last commit), or save the sheet as ${displayName} in CSV UTF-8 (${SAVE_AS_CSV_STEPS})`,
    ])
  return parseSheet(readTextFile(file, displayName), columns, displayName)
}

/** Workbook formats of Excel, LibreOffice and Numbers, which only their programs read. */
const WORKBOOK = /\.(xlsx|xlsm|xlsb|xls|ods|fods|numbers)$/i

/** The workbooks beside `file` whose name starts with its own (`cities.xlsx`, `Cities (2).ods` beside `cities.csv`), each as a problem saying what to do. */
function workbookProblems(file: string, displayName: string): string[] {
  const dir = path.dirname(file)
  const base = path.basename(file, path.extname(file)).toLowerCase()
  const entries = existsSync(dir) ? readdirSync(dir) : []
  const shown = (name: string) => path.join(path.dirname(displayName), name)
  const csvTime = existsSync(file) ? statSync(file).mtimeMs : undefined
  const saveIt = (workbook: string) =>
    `save it as ${displayName} in CSV UTF-8 (${SAVE_AS_CSV_STEPS}), then delete ${workbook} or move it out of ${path.dirname(displayName)}/`
  return entries
    .filter((name) => WORKBOOK.test(name) && name.toLowerCase().startsWith(base))
    .sort()
    .map((name) => {
      const workbook = shown(name)
      if (csvTime === undefined)
        return `${displayName} is missing, and ${workbook} is a spreadsheet workbook, which the site cannot read: open ${workbook} and ${saveIt(workbook)}`
      const beside = `${workbook} is a spreadsheet workbook saved next to ${displayName}, and the site is made from ${displayName} only: an edit saved in ${workbook} is not on the site.`
      if (statSync(path.join(dir, name)).mtimeMs > csvTime)
        return `${beside} ${workbook} is newer than ${displayName}, so it probably holds the latest edit: open it and ${saveIt(workbook)}`
      return `${beside} ${workbook} is older than ${displayName}: if ${displayName} has all the edits, delete ${workbook} or move it out of ${path.dirname(displayName)}/; otherwise open it and ${saveIt(workbook)}`
    })
}

/** `parseSheet` of raw bytes (tests, and files not on disk). */
export function parseSheetBytes(bytes: Uint8Array, columns: SheetColumns, displayName: string): Sheet {
  return parseSheet(decodeText(bytes, displayName), columns, displayName)
}

/**
 * Parses a decoded spreadsheet export:
 * - the separator is whichever of comma, semicolon and tab splits the first line into the required
 *   column names (Excel's `sep=;` first line is honoured too);
 * - column names are matched in any case and with spaces around them; unknown and unnamed columns are ignored;
 * - every value is cleaned (`cleanCell`); rows whose values are all empty (Excel's trailing `,,,` rows) are skipped;
 * - a row with more values than named columns, other than empty ones, is refused with the likely cause.
 * Problems throw a DataError naming the file and the line.
 */
function parseSheet(decoded: DecodedText, columns: SheetColumns, displayName: string): Sheet {
  const known = [...columns.required, ...(columns.optional ?? [])]
  let text = decoded.text.replace(/\r\n?/g, '\n')
  const legacyLines = new Set(decoded.windows1252Lines)

  // Excel reads and writes a first line `sep=;` naming the separator.
  let lineOffset = 0
  let declared: Separator | undefined
  const sepLine = /^sep=(.)\n/i.exec(text)
  if (sepLine) {
    const char = sepLine[1] as Separator
    if (!SEPARATORS.includes(char))
      throw new DataError([
        `${displayName} line 1: "sep=${sepLine[1]}" names a separator other than a comma, a semicolon or a tab: open the file in the spreadsheet program and ${SAVE_AS_UTF8}`,
      ])
    declared = char
    text = text.slice(sepLine[0].length)
    lineOffset = 1
  }

  const headerLine = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'))
  const line1 = lineOffset + 1
  if (cleanCell(headerLine) === '') {
    throw new DataError([`${displayName} line ${line1}: the first line must name the columns: ${columns.required.join(',')}`])
  }
  const separator = declared ?? detectSeparator(headerLine, columns.required)
  if (!separator) {
    const other = /[|:^~]/.exec(headerLine)?.[0]
    throw new DataError([
      `${displayName} line ${line1}: the column names must be separated by commas, semicolons or tabs, ` +
        `but the first line is "${headerLine}"${other ? ` (it seems to use "${other}")` : ''}. The first line must be: ${columns.required.join(',')}. ${SAVE_AS_UTF8_SENTENCE}`,
    ])
  }

  let records: { record: string[]; info: { lines: number } }[]
  try {
    // csv-parse's types do not describe `info: true` without `columns`.
    records = parse(text, { delimiter: separator, relax_column_count: true, info: true, skip_empty_lines: false }) as unknown as typeof records
  } catch (error) {
    const e = error as { code?: string; lines?: number; message: string }
    throw new DataError([`${displayName}${e.lines ? ` line ${e.lines + lineOffset}` : ''}: ${explainParseError(e, separator)}`])
  }

  const header = (records[0]?.record ?? []).map((name) => cleanCell(name).toLowerCase())
  const missing = columns.required.filter((c) => !header.includes(c))
  if (missing.length > 0) {
    throw new DataError([
      `${displayName} line ${line1}: missing column${missing.length > 1 ? 's' : ''} ${missing.map((c) => `"${c}"`).join(', ')}; the header must be: ${columns.required.join(',')}`,
    ])
  }
  const problems: string[] = []
  for (const name of known) {
    const at = header.flatMap((h, i) => (h === name ? [i] : []))
    if (at.length > 1)
      problems.push(
        `${displayName} line ${line1}: the column "${name}" appears ${at.length} times (columns ${at.map(columnLetter).join(' and ')}); delete all but one`,
      )
  }
  if (problems.length > 0) throw new DataError(problems)
  const width = Math.max(...header.map((h, i) => (h === '' ? 0 : i + 1)))

  const rows: SheetRow[] = []
  for (const { record, info } of records.slice(1)) {
    const cells = record.map(cleanCell)
    if (cells.every((c) => c === '')) continue
    const endLine = info.lines + lineOffset
    const line = endLine - record.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0)
    const extra = cells.slice(width).filter((c) => c !== '')
    if (extra.length > 0 && cells.length > header.length) {
      problems.push(`${displayName} line ${line}: ${tooManyValues(cells.length, header.length, separator)}`)
      continue
    }
    if (cells.length === 1 && header.length > 1) {
      const other = SEPARATORS.find((s) => s !== separator && record[0]!.includes(s))
      if (other) {
        problems.push(
          `${displayName} line ${line}: the values are separated by ${SEPARATOR_NAMES[other]}, but the first line uses ${SEPARATOR_NAMES[separator]}; use the same separator on every line (save the file again from the spreadsheet program)`,
        )
        continue
      }
    }
    const byName: Record<string, string | undefined> = {}
    header.forEach((name, i) => {
      if (known.includes(name)) byName[name] = cells[i]
    })
    rows.push({ line, cells: byName, windows1252: legacyLines.has(line) })
  }
  if (problems.length > 0) throw new DataError(problems)
  return { rows, format: { encoding: decoded.encoding, separator }, warnings: decoded.warnings }
}

const ENCODING_NAMES: Record<TextEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-8 with BOM': 'UTF-8 with a byte-order mark',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252',
  'utf-8 and windows-1252': 'UTF-8 with some lines in Windows-1252',
}

/** "UTF-16 LE, values separated by tabs" */
export function describeFormat(format: SheetFormat): string {
  return `${ENCODING_NAMES[format.encoding]}, values separated by ${SEPARATOR_NAMES[format.separator]}`
}

/** The separator that splits the header line into the most required column names (commas first on a tie). */
function detectSeparator(headerLine: string, required: readonly string[]): Separator | undefined {
  let best: { separator: Separator; found: number } | undefined
  for (const separator of SEPARATORS) {
    let names: string[]
    try {
      names = (parse(headerLine, { delimiter: separator, relax_quotes: true, relax_column_count: true })[0] ?? []).map((n: string) =>
        cleanCell(n).toLowerCase(),
      )
    } catch {
      continue
    }
    const found = required.filter((c) => names.includes(c)).length
    if (found > 0 && (!best || found > best.found)) best = { separator, found }
  }
  return best?.separator
}

function tooManyValues(found: number, named: number, separator: Separator): string {
  const char = separator === '\t' ? 'tab' : `"${separator}"`
  return (
    `this row has ${found} values, but the first line names only ${named} columns. A value that contains a ${char} must be in double quotes ` +
    `(for example "Washington, D.C."); spreadsheet programs add the quotes when they save the file, so save it again from the spreadsheet program rather than editing it as text`
  )
}

function explainParseError(e: { code?: string; message: string }, separator: Separator): string {
  switch (e.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a double quote (") opens a value that is never closed; remove the stray quote, or save the file again from the spreadsheet program'
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `a double quote (") in the middle of a value; remove it, or save the file again from the spreadsheet program (it writes such a value as "…""…" between quotes)`
    default:
      return `${e.message.replace(/ at line \d+/, '')} (values separated by ${SEPARATOR_NAMES[separator]})`
  }
}

/** 0 → "A", 25 → "Z", 26 → "AA": how spreadsheet programs name columns. */
export function columnLetter(index: number): string {
  let n = index + 1
  let name = ''
  while (n > 0) {
    const r = (n - 1) % 26
    name = String.fromCharCode(65 + r) + name
    n = Math.floor((n - 1) / 26)
  }
  return name
}
