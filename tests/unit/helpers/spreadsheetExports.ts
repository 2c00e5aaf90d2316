import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import iconv from 'iconv-lite'

/**
 * Files written the way spreadsheet programs write them, made from the committed data/cities.csv.
 * Each writer quotes a value only when it holds the separator, a double quote or a line break, doubling
 * the quotes inside, as Excel and Google Sheets do.
 */

export type Rows = string[][]

/** The rows of the committed data/cities.csv (UTF-8), header first. */
export function realCityRows(): Rows {
  return parse(readFileSync(path.resolve('data/cities.csv')), { bom: true })
}

function delimited(rows: Rows, separator: string, lineBreak: string, finalBreak = true): string {
  const cell = (value: string) => (value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)
  return rows.map((row) => row.map(cell).join(separator)).join(lineBreak) + (finalBreak ? lineBreak : '')
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf])
const UTF16LE_BOM = Buffer.from([0xff, 0xfe])
const UTF16BE_BOM = Buffer.from([0xfe, 0xff])

/** Excel for Windows, "CSV (Comma delimited)": Windows-1252, CRLF; a letter outside Windows-1252 becomes "?". */
export const excelCsv = (rows: Rows) => iconv.encode(delimited(rows, ',', '\r\n'), 'windows-1252')

/** Excel in French or German, "CSV (séparateur: point-virgule)" / "CSV (Trennzeichen-getrennt)": semicolons, Windows-1252, CRLF. */
export const excelCsvSemicolons = (rows: Rows) => iconv.encode(delimited(rows, ';', '\r\n'), 'windows-1252')

/** Excel, "CSV UTF-8 (Comma delimited)": a byte-order mark, UTF-8, CRLF. */
export const excelCsvUtf8 = (rows: Rows) => Buffer.concat([UTF8_BOM, Buffer.from(delimited(rows, ',', '\r\n'), 'utf8')])

/** Excel, "Unicode Text (*.txt)": UTF-16 little-endian with a byte-order mark, tabs, CRLF. */
export const excelUnicodeText = (rows: Rows) => Buffer.concat([UTF16LE_BOM, Buffer.from(delimited(rows, '\t', '\r\n'), 'utf16le')])

/** UTF-16 big-endian with a byte-order mark, tabs (what some text editors write for "Unicode big-endian"). */
export const utf16BigEndianText = (rows: Rows) => Buffer.concat([UTF16BE_BOM, Buffer.from(delimited(rows, '\t', '\r\n'), 'utf16le').swap16()])

/** Google Sheets, File → Download → "Comma-separated values (.csv)": UTF-8 without a byte-order mark, CRLF, no line break at the end. */
export const googleSheetsCsv = (rows: Rows) => Buffer.from(delimited(rows, ',', '\r\n', false), 'utf8')

/** A plain UTF-8 file with LF line breaks (Numbers, text editors). */
export const utf8Csv = (rows: Rows) => Buffer.from(delimited(rows, ',', '\n'), 'utf8')

/**
 * What Excel writes when cells beyond the data were once formatted or typed in and cleared: every row
 * carries `extraColumns` empty cells, and `extraRows` rows of empty cells follow the data.
 */
export function withExcelPadding(rows: Rows, extraColumns = 2, extraRows = 3): Rows {
  const width = Math.max(...rows.map((r) => r.length)) + extraColumns
  const pad = (row: string[]) => [...row, ...Array<string>(width - row.length).fill('')]
  return [...rows.map(pad), ...Array.from({ length: extraRows }, () => pad([]))]
}
