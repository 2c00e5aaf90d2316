import { readFileSync } from 'node:fs'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import { parse } from 'csv-parse/sync'
import iconv from 'iconv-lite'

/**
 * Files written the way spreadsheet programs write them, made from the committed data/cities.csv.
 * Each writer quotes a value only when it holds the separator, a double quote or a line break, doubling
 * the quotes inside, as Excel and Google Sheets do.
 */

export type Rows = string[][]

/** The rows of the committed data/cities.csv (UTF-8), header first; or of the cities.csv `file` (a copy's). */
export function realCityRows(file = path.resolve('data/cities.csv')): Rows {
  return parse(readFileSync(file), { bom: true })
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

/**
 * LibreOffice Calc 7.4 on Linux, File → Save As → "Text CSV (.csv)" with Character set "Unicode (UTF-8)", Field
 * delimiter ",", String delimiter '"': UTF-8 without a byte-order mark, LF, a line break at the end.
 */
export const libreOfficeCsv = (rows: Rows) => Buffer.from(delimited(rows, ',', '\n'), 'utf8')

/**
 * The rows as a spreadsheet shows a population column formatted with thousands separators ("8,804,190"),
 * which is what LibreOffice writes with "Save cell content as shown" (checked by default).
 */
export const populationsAsShown = (rows: Rows): Rows => {
  const column = rows[0]!.indexOf('population')
  return rows.map((row, i) => (i === 0 ? row : row.map((cell, c) => (c === column ? Number(cell).toLocaleString('en-US') : cell))))
}

/** A zip archive with its entries stored (not compressed), as workbooks are: .xlsx, .ods and .numbers are zips. */
function storedZip(entries: [string, string][]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, text] of entries) {
    const data = Buffer.from(text, 'utf8')
    const fileName = Buffer.from(name, 'utf8')
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(fileName.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(fileName.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, fileName, data)
    centrals.push(central, fileName)
    offset += local.length + fileName.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const xmlText = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;')

/** Excel's "Excel Workbook (*.xlsx)" (LibreOffice's "Keep current format" writes the same kind of file): a zip of XML parts. */
export const xlsxWorkbook = (rows: Rows) =>
  storedZip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ],
    ['xl/workbook.xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook><sheets><sheet name="cities" sheetId="1"/></sheets></workbook>'],
    [
      'xl/worksheets/sheet1.xml',
      `<worksheet><sheetData>${rows.map((r) => `<row>${r.map((c) => `<c t="inlineStr"><is><t>${xmlText(c)}</t></is></c>`).join('')}</row>`).join('')}</sheetData></worksheet>`,
    ],
  ])

const odsContent = (rows: Rows) =>
  `<office:spreadsheet><table:table table:name="cities">${rows.map((r) => `<table:table-row>${r.map((c) => `<table:table-cell office:value-type="string"><text:p>${xmlText(c)}</text:p></table:table-cell>`).join('')}</table:table-row>`).join('')}</table:table></office:spreadsheet>`

/** LibreOffice's own format, "ODF Spreadsheet (.ods)": a zip whose first entry, stored, is `mimetype`. */
export const odsWorkbook = (rows: Rows) =>
  storedZip([
    ['mimetype', 'application/vnd.oasis.opendocument.spreadsheet'],
    [
      'content.xml',
      `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content><office:body>${odsContent(rows)}</office:body></office:document-content>`,
    ],
    ['META-INF/manifest.xml', '<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest/>'],
  ])

/** LibreOffice's "Flat XML ODF Spreadsheet (.fods)": one XML file. */
export const fodsWorkbook = (rows: Rows) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n\n<office:document office:mimetype="application/vnd.oasis.opendocument.spreadsheet"><office:body>${odsContent(rows)}</office:body></office:document>\n`,
    'utf8',
  )

/** Numbers' own format (a single file since Numbers 3): a zip of Index/*.iwa parts. */
export const numbersWorkbook = () =>
  storedZip([
    ['Index/Document.iwa', '\u0000'],
    ['Metadata/Properties.plist', '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict/></plist>'],
  ])

/** Excel 97-2003 "Excel Workbook (*.xls)": a compound file, which starts with D0 CF 11 E0 A1 B1 1A E1. */
export const xlsWorkbook = () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)])
