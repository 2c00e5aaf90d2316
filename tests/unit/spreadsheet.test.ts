import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { DataError } from '../../src/catalog/errors'
import { cleanCell, columnLetter, parseSheetBytes, type SheetColumns } from '../../src/catalog/spreadsheet'
import { decodeText } from '../../src/catalog/textFile'
import {
  excelCsv,
  excelCsvSemicolons,
  excelCsvUtf8,
  excelUnicodeText,
  googleSheetsCsv,
  odsWorkbook,
  utf16BigEndianText,
  utf8Csv,
  withExcelPadding,
  xlsxWorkbook,
  type Rows,
} from './helpers/spreadsheetExports'

const COLUMNS: SheetColumns = { required: ['name', 'state', 'country', 'population'], optional: ['slug'] }
const ROWS: Rows = [
  ['name', 'state', 'country', 'population'],
  ['Montréal', 'QC', 'CA', '1762949'],
  ['Trois-Rivières', 'QC', 'CA', '139163'],
  ['Boise', 'ID', 'US', '235684'],
]
const FILE = 'data/cities.csv'

function problemsOf(load: () => unknown): string[] {
  try {
    load()
  } catch (error) {
    if (error instanceof DataError) return error.problems
    throw error
  }
  return []
}
const sheet = (bytes: Uint8Array) => parseSheetBytes(bytes, COLUMNS, FILE)
const values = (bytes: Uint8Array) => sheet(bytes).rows.map((r) => [r.line, r.cells.name, r.cells.state, r.cells.country, r.cells.population])
const expected = [
  [2, 'Montréal', 'QC', 'CA', '1762949'],
  [3, 'Trois-Rivières', 'QC', 'CA', '139163'],
  [4, 'Boise', 'ID', 'US', '235684'],
]

describe('reading what spreadsheet programs save', () => {
  it.each([
    ['Excel "CSV UTF-8" (byte-order mark, CRLF)', excelCsvUtf8, 'utf-8 with BOM', ','],
    ['Google Sheets (UTF-8, no line break at the end)', googleSheetsCsv, 'utf-8', ','],
    ['a UTF-8 file with LF line breaks', utf8Csv, 'utf-8', ','],
    ['Excel "Unicode Text" (UTF-16 LE, tabs)', excelUnicodeText, 'utf-16le', '\t'],
    ['UTF-16 BE with a byte-order mark, tabs', utf16BigEndianText, 'utf-16be', '\t'],
    ['Excel "CSV (Comma delimited)" (Windows-1252)', excelCsv, 'windows-1252', ','],
    ['Excel in French or German (semicolons, Windows-1252)', excelCsvSemicolons, 'windows-1252', ';'],
  ])('reads %s with its accents and line numbers', (_, write, encoding, separator) => {
    const bytes = write(ROWS)
    expect(values(bytes)).toEqual(expected)
    expect(sheet(bytes).format).toEqual({ encoding, separator })
  })

  it('says that a Windows-1252 file was decoded, which lines to check, and how to save it next time', () => {
    const { warnings } = sheet(excelCsv(ROWS))
    expect(warnings).toEqual([
      'data/cities.csv is not in UTF-8: it was read as Windows-1252, the encoding of Excel\'s "CSV (Comma delimited)". Check the accented letters on lines 2 and 3, ' +
        'then next time save it as "CSV UTF-8 (Comma delimited)" in Excel, or download it as "Comma-separated values (.csv)" from Google Sheets, or export it as CSV with "Unicode (UTF-8)" from Numbers, ' +
        'or save it as "Text CSV (.csv)" with Character set "Unicode (UTF-8)" and Field delimiter "," in LibreOffice Calc',
    ])
    expect(sheet(excelCsvUtf8(ROWS)).warnings).toEqual([])
  })

  it('decodes each line of a file that mixes UTF-8 and Windows-1252, naming the Windows-1252 lines', () => {
    const bytes = Buffer.concat([utf8Csv(ROWS.slice(0, 2)), iconv.encode('Lévis,QC,CA,149683\n', 'windows-1252')])
    expect(values(bytes)).toEqual([expected[0], [3, 'Lévis', 'QC', 'CA', '149683']])
    expect(sheet(bytes).warnings[0]).toMatch(/^data\/cities\.csv mixes two encodings: line 3 is in Windows-1252 .* and the rest in UTF-8/)
    expect(sheet(bytes).rows.map((r) => r.windows1252)).toEqual([false, true])
  })

  it('reads UTF-16 saved without a byte-order mark, with a warning', () => {
    const bytes = Buffer.from('name\tstate\tcountry\tpopulation\r\nMontréal\tQC\tCA\t1762949\r\n', 'utf16le')
    expect(values(bytes)).toEqual([expected[0]])
    expect(sheet(bytes).warnings[0]).toContain('read as UTF-16 without a byte-order mark')
  })

  it('refuses a workbook or a binary file with what to do', () => {
    expect(problemsOf(() => sheet(xlsxWorkbook(ROWS)))).toEqual([
      expect.stringMatching(
        /^data\/cities\.csv: this is a spreadsheet workbook \(\.xlsx, \.xls, \.ods or \.numbers\), not a CSV file\. .*"CSV UTF-8 \(Comma delimited\)" in Excel.* in LibreOffice Calc$/,
      ),
    ])
    expect(problemsOf(() => sheet(odsWorkbook(ROWS)))).toEqual([
      expect.stringContaining('this is a spreadsheet workbook (.xlsx, .xls, .ods or .numbers), not a CSV file'),
    ])
    expect(problemsOf(() => sheet(Buffer.from([0x6e, 0x00, 0x00, 0x41, 0x0a, 0x00, 0x7f])))).toEqual([expect.stringContaining('contains NUL bytes')])
  })

  it('honours the sep= line Excel reads and writes', () => {
    const bytes = Buffer.concat([Buffer.from('sep=;\r\n'), excelCsvSemicolons(ROWS)])
    expect(values(bytes)).toEqual(expected.map(([line, ...rest]) => [(line as number) + 1, ...rest]))
  })

  it('refuses a separator other than comma, semicolon or tab, naming it', () => {
    const bytes = Buffer.from('name|state|country|population\nBoise|ID|US|235684\n')
    expect(problemsOf(() => sheet(bytes))).toEqual([
      expect.stringMatching(
        /^data\/cities\.csv line 1: the column names must be separated by commas, semicolons or tabs, but the first line is "name\|state\|country\|population" \(it seems to use "\|"\)\./,
      ),
    ])
  })

  it('names a line whose values use another separator than the first line', () => {
    const bytes = Buffer.from('name,state,country,population\nBoise;ID;US;235684\n')
    expect(problemsOf(() => sheet(bytes))).toEqual([
      'data/cities.csv line 2: the values are separated by semicolons, but the first line uses commas; use the same separator on every line (save the file again from the spreadsheet program)',
    ])
  })

  it('skips the empty rows and columns Excel adds after the data', () => {
    const bytes = excelCsv(withExcelPadding(ROWS, 3, 4))
    expect(bytes.toString('latin1')).toMatch(/\r\n,,,,,,\r\n,,,,,,\r\n$/)
    expect(values(bytes)).toEqual(expected)
  })

  it('matches column names in any case, with spaces around them, in any order, ignoring other columns', () => {
    const bytes = utf8Csv([
      [' Population', 'NAME\u00A0', 'Notes', 'Country', 'State', ''],
      ['1762949', 'Montréal', 'big', 'CA', 'QC', ''],
    ])
    expect(values(bytes)).toEqual([expected[0]])
  })

  it('names a missing column and a column given twice, with its letters', () => {
    expect(
      problemsOf(() =>
        sheet(
          utf8Csv([
            ['name', 'state', 'population'],
            ['Boise', 'ID', '1'],
          ]),
        ),
      ),
    ).toEqual(['data/cities.csv line 1: missing column "country"; the header must be: name,state,country,population'])
    expect(
      problemsOf(() =>
        sheet(
          utf8Csv([
            ['name', 'state', 'country', 'population', 'Name'],
            ['Boise', 'ID', 'US', '1', 'x'],
          ]),
        ),
      ),
    ).toEqual(['data/cities.csv line 1: the column "name" appears 2 times (columns A and E); delete all but one'])
  })

  it('explains a row with more values than columns: a value with the separator in it, unquoted', () => {
    const bytes = Buffer.from('name,state,country,population\r\nWashington, D.C.,DC,US,689545\r\n')
    expect(problemsOf(() => sheet(bytes))).toEqual([
      expect.stringMatching(
        /^data\/cities\.csv line 2: this row has 5 values, but the first line names only 4 columns\. A value that contains a "," must be in double quotes/,
      ),
    ])
  })

  it('counts lines from where a row starts, past a value with a line break in it', () => {
    const bytes = excelCsvUtf8([ROWS[0]!, ['Saint\nJean', 'QC', 'CA', '1'], ['Boise', 'ID', 'US', '235684']])
    expect(sheet(bytes).rows.map((r) => r.line)).toEqual([2, 4])
  })

  it('explains an unclosed double quote with the line', () => {
    expect(problemsOf(() => sheet(Buffer.from('name,state,country,population\nBoise,ID,US,1\n"Nampa,ID,US,2\n')))).toEqual([
      expect.stringMatching(/^data\/cities\.csv line \d+: a double quote \(".*never closed/),
    ])
  })
})

describe('cleanCell', () => {
  it.each([
    ['  Boise ', 'Boise'],
    ['\u00A0Boise\u00A0', 'Boise'],
    ['New\u00A0York', 'New York'],
    ['New   York', 'New York'],
    ['Boi\u200Bse', 'Boise'],
    ['\uFEFFname', 'name'],
    ['Montre\u0301al', 'Montréal'],
  ])('turns %j into %j', (raw, clean) => {
    expect(cleanCell(raw)).toBe(clean)
  })
})

describe('decodeText', () => {
  it('removes the byte-order mark of UTF-8 and UTF-16', () => {
    expect(decodeText(excelCsvUtf8([['a']]), 'f').text).toBe('a\r\n')
    expect(decodeText(excelUnicodeText([['a']]), 'f').text).toBe('a\r\n')
    expect(decodeText(utf16BigEndianText([['é']]), 'f').text).toBe('é\r\n')
  })
  it('never turns bytes it cannot read into the replacement character', () => {
    const { text } = decodeText(Buffer.from([0x4d, 0x6f, 0x6e, 0x74, 0x72, 0xe9, 0x61, 0x6c]), 'f')
    expect(text).toBe('Montréal')
  })
})

describe('columnLetter', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 4, 25, 26, 27].map(columnLetter)).toEqual(['A', 'E', 'Z', 'AA', 'AB'])
  })
})
