import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type Iconv from 'iconv-lite'
import { DataError } from './errors'

/**
 * How a data file's bytes were turned into text. Spreadsheet programs save in several encodings:
 * Google Sheets, Numbers, LibreOffice Calc and Excel's "CSV UTF-8" write UTF-8 (Excel with a byte-order mark), Excel's
 * "Unicode Text" writes UTF-16 with a byte-order mark, and Excel's plain "CSV (Comma delimited)" writes
 * Windows-1252, in which "é" is one byte that is not valid UTF-8.
 */
export type TextEncoding = 'utf-8' | 'utf-8 with BOM' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'utf-8 and windows-1252'

export interface DecodedText {
  text: string
  encoding: TextEncoding
  /** Lines read as Windows-1252 (1-based); empty unless `encoding` names windows-1252. */
  windows1252Lines: number[]
  /** Notes for the staff (the file was read, but should be saved another way next time). */
  warnings: string[]
}

/** How to save a UTF-8 CSV from each spreadsheet program (docs/staff-guide.md, "Saving data/cities.csv from a spreadsheet program"). */
export const SAVE_AS_UTF8 =
  'save it as "CSV UTF-8 (Comma delimited)" in Excel, or download it as "Comma-separated values (.csv)" from Google Sheets, or export it as CSV with "Unicode (UTF-8)" from Numbers, ' +
  'or save it as "Text CSV (.csv)" with Character set "Unicode (UTF-8)" and Field delimiter "," in LibreOffice Calc'

/** Step by step, in each program, how to save a sheet as a CSV file in UTF-8 with commas and numbers without separators. */
export const SAVE_AS_CSV_STEPS =
  'in Excel, File → Save As → "CSV UTF-8 (Comma delimited) (*.csv)"; in LibreOffice Calc, File → Save As → file type "Text CSV (.csv)", then Character set "Unicode (UTF-8)", ' +
  'Field delimiter ",", String delimiter \'"\', "Save cell content as shown" unchecked; in Numbers, File → Export To → CSV…, Text Encoding "Unicode (UTF-8)"; ' +
  'in Google Sheets, File → Download → "Comma-separated values (.csv)"'

/** The same advice as a sentence of its own. */
export const SAVE_AS_UTF8_SENTENCE = SAVE_AS_UTF8.charAt(0).toUpperCase() + SAVE_AS_UTF8.slice(1)

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Reads a data file and decodes it (see `decodeText`). */
export function readTextFile(file: string, displayName = file): DecodedText {
  let bytes: Buffer
  try {
    bytes = readFileSync(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new DataError([`${displayName} is missing: put it back (for example from the last commit)`])
    throw error
  }
  return decodeText(bytes, displayName)
}

/**
 * Decodes the bytes of a data file written by a spreadsheet program or a text editor:
 * - a byte-order mark says UTF-8, UTF-16 LE or UTF-16 BE (and is removed);
 * - otherwise UTF-8 when the bytes are valid UTF-8;
 * - otherwise each line that is not valid UTF-8 is read as Windows-1252 (Excel's "CSV (Comma delimited)"),
 *   with a warning naming the lines and how to save the file as UTF-8 next time.
 * Workbooks (.xlsx, .xls, .ods, .numbers) and other binary files are refused with what to do.
 */
export function decodeText(bytes: Uint8Array, displayName: string): DecodedText {
  const starts = (...prefix: number[]) => prefix.every((b, i) => bytes[i] === b)
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0xd0, 0xcf, 0x11, 0xe0)) {
    throw new DataError([
      `${displayName}: this is a spreadsheet workbook (.xlsx, .xls, .ods or .numbers), not a CSV file. Open it in the spreadsheet program and ${SAVE_AS_UTF8}`,
    ])
  }
  const done = (text: string, encoding: TextEncoding, warnings: string[] = [], windows1252Lines: number[] = []): DecodedText => ({
    text,
    encoding,
    windows1252Lines,
    warnings,
  })
  if (starts(0xff, 0xfe)) return done(new TextDecoder('utf-16le').decode(bytes.subarray(2)), 'utf-16le')
  if (starts(0xfe, 0xff)) return done(new TextDecoder('utf-16be').decode(bytes.subarray(2)), 'utf-16be')
  const bom = starts(0xef, 0xbb, 0xbf)
  const body = bom ? bytes.subarray(3) : bytes

  const utf16 = utf16WithoutBom(body)
  if (utf16) {
    return done(new TextDecoder(utf16).decode(body), utf16, [`${displayName} was read as UTF-16 without a byte-order mark; next time ${SAVE_AS_UTF8}`])
  }
  if (body.includes(0)) {
    throw new DataError([`${displayName}: the file contains NUL bytes, so it is not a text file: open it in the spreadsheet program and ${SAVE_AS_UTF8}`])
  }
  try {
    return done(utf8.decode(body), bom ? 'utf-8 with BOM' : 'utf-8')
  } catch {
    // Not valid UTF-8: decode line by line below.
  }

  // Excel's "CSV (Comma delimited)" writes Windows-1252. Rows pasted in from another export can make a file
  // whose lines differ, so each line is decoded on its own: valid UTF-8 stays UTF-8, anything else is Windows-1252.
  // iconv-lite, not TextDecoder: Node 20.18.3+ decodes 'windows-1252' as Latin-1, so ’ (0x92) became U+0092
  // (nodejs/node#60888). Its five unassigned bytes become U+FFFD, which names refuse.
  // Required here, not imported: its tables (0.5 MB of code) are loaded only for a file that needs them.
  const iconv = createRequire(import.meta.url)('iconv-lite') as typeof Iconv
  const windows1252 = { decode: (line: Uint8Array) => iconv.decode(Buffer.from(line), 'windows-1252') }
  const lines: string[] = []
  const legacy: number[] = []
  let utf8NonAscii = false
  let start = 0
  for (let lineNo = 1; start < body.length || lineNo === 1; lineNo++) {
    const end = lineEnd(body, start)
    const line = body.subarray(start, end)
    try {
      const text = utf8.decode(line)
      if (line.some((b) => b >= 0x80)) utf8NonAscii = true
      lines.push(text)
    } catch {
      lines.push(windows1252.decode(line))
      legacy.push(lineNo)
    }
    start = end
  }
  const text = lines.join('')
  if (utf8NonAscii) {
    return done(
      text,
      'utf-8 and windows-1252',
      [
        `${displayName} mixes two encodings: ${lineList(legacy)} ${legacy.length === 1 ? 'is' : 'are'} in Windows-1252 (Excel's "CSV (Comma delimited)") and the rest in UTF-8. ` +
          `${legacy.length === 1 ? 'That line was' : 'Those lines were'} read as Windows-1252: check the accented letters on ${legacy.length === 1 ? 'it' : 'them'}, then next time ${SAVE_AS_UTF8}`,
      ],
      legacy,
    )
  }
  return done(
    text,
    'windows-1252',
    [
      `${displayName} is not in UTF-8: it was read as Windows-1252, the encoding of Excel's "CSV (Comma delimited)". Check the accented letters on ${lineList(legacy)}, then next time ${SAVE_AS_UTF8}`,
    ],
    legacy,
  )
}

/** Where the line starting at `start` ends, its line break included (LF, CRLF or a lone CR of old Mac files). */
function lineEnd(bytes: Uint8Array, start: number): number {
  for (let i = start; i < bytes.length; i++) {
    if (bytes[i] === 0x0a) return i + 1
    if (bytes[i] === 0x0d) return bytes[i + 1] === 0x0a ? i + 2 : i + 1
  }
  return bytes.length
}

/** "line 7", "lines 7 and 45", "lines 7, 45, 118 and 6 more" */
export function lineList(lines: readonly number[], max = 8): string {
  if (lines.length === 1) return `line ${lines[0]}`
  const shown = lines.slice(0, max)
  const rest = lines.length - shown.length
  if (rest > 0) return `lines ${shown.join(', ')} and ${rest} more`
  return `lines ${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`
}

/**
 * UTF-16 saved without a byte-order mark: mostly-ASCII text then has a zero byte in every other position.
 * Returns which byte order, or null.
 */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return null
  const sample = bytes.subarray(0, Math.min(bytes.length, 4096))
  let evenZeros = 0
  let oddZeros = 0
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue
    if (i % 2 === 0) evenZeros++
    else oddZeros++
  }
  const pairs = sample.length / 2
  if (oddZeros > pairs * 0.6 && evenZeros < pairs * 0.1) return 'utf-16le'
  if (evenZeros > pairs * 0.6 && oddZeros < pairs * 0.1) return 'utf-16be'
  return null
}
