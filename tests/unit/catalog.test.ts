import { readFileSync } from 'node:fs'
import path from 'node:path'
import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { loadCatalogue, type Catalogue } from '../../src/catalog/index'
import { catalogueWith, loadWith, problemsWith } from './helpers/dataCopy'
import { dataSummary } from '../../src/build/dataSummary'
import {
  excelCsv,
  excelCsvSemicolons,
  excelCsvUtf8,
  excelUnicodeText,
  fodsWorkbook,
  googleSheetsCsv,
  libreOfficeCsv,
  numbersWorkbook,
  odsWorkbook,
  populationsAsShown,
  realCityRows,
  utf16BigEndianText,
  withExcelPadding,
  xlsWorkbook,
  xlsxWorkbook,
  type Rows,
} from './helpers/spreadsheetExports'

const realData = path.resolve('data')

const csvLines = (text: string) => text.split('\n')

describe('loading data/cities.csv', () => {
  it('accepts the real data', () => {
    const catalogue = loadCatalogue(realData)
    expect(catalogue.cities.length).toBeGreaterThan(400)
    expect(catalogue.services).toHaveLength(16)
  })

  it('accepts a byte-order mark and CRLF line endings', () => {
    expect(problemsWith('cities.csv', (t) => '\uFEFF' + t.replaceAll('\n', '\r\n'))).toEqual([])
  })

  it('names a missing column', () => {
    expect(problemsWith('cities.csv', (t) => t.replace('name,state,country,population', 'name,state,population').replace(/,(US|CA),/g, ','))).toEqual([
      'data/cities.csv line 1: missing column "country"; the header must be: name,state,country,population',
    ])
  })

  it('names the line of an empty name', () => {
    expect(problemsWith('cities.csv', (t) => t.replace(/^Boise,/m, ','))).toEqual([
      expect.stringMatching(/^data\/cities\.csv line \d+, column "name": must not be empty$/),
    ])
  })

  it('names an unknown country', () => {
    const lines = csvLines(readFileSync(path.join(realData, 'cities.csv'), 'utf8'))
    const line = lines.findIndex((l) => l.startsWith('Boise,')) + 1
    expect(problemsWith('cities.csv', (t) => t.replace(/^Boise,ID,US,/m, 'Boise,ID,MX,'))).toEqual([
      `data/cities.csv line ${line}, column "country": expected US or CA, got "MX"`,
    ])
  })

  it('names a population that is not a whole number, with the value found', () => {
    const lines = csvLines(readFileSync(path.join(realData, 'cities.csv'), 'utf8'))
    const line = lines.findIndex((l) => l.startsWith('Boise,')) + 1
    expect(problemsWith('cities.csv', (t) => t.replace(/^Boise,ID,US,\d+/m, 'Boise,ID,US,"12,4O0"'))).toEqual([
      `data/cities.csv line ${line}, column "population": expected a whole number without separators, got "12,4O0"`,
    ])
  })

  it('names a state code that does not belong to the country', () => {
    expect(problemsWith('cities.csv', (t) => t.replace(/^Boise,ID,US,/m, 'Boise,ON,US,'))).toEqual([
      expect.stringContaining('column "state": "ON" is not a US state code'),
    ])
  })

  it('answers a state or province code of the other country with where the gazetteer has the city', () => {
    const added = (row: string) => problemsWith('cities.csv', (t) => `${t.trimEnd()}\n${row}\n`)
    const line = csvLines(readFileSync(path.join(realData, 'cities.csv'), 'utf8').trimEnd()).length + 1
    // AL for AB: the province, not the other country (issue 39).
    expect(added('Lethbridge,AL,CA,101482')).toEqual([
      `data/cities.csv line ${line}, column "state": "AL" is not a Canadian province code; Lethbridge is in AB (Alberta): write AB`,
    ])
    expect(added('Red Deer,ON,US,100844')).toEqual([
      `data/cities.csv line ${line}, column "state": "ON" is not a US state code; Red Deer is in AB (Alberta), Canada: write AB and the country CA`,
    ])
    // A place the gazetteer does not know: what the code is.
    expect(added('Lethbrige,AL,CA,101482')).toEqual([
      `data/cities.csv line ${line}, column "state": "AL" is not a Canadian province code: AL is a US state; if the city is in United States, write the country US`,
    ])
  })

  it('names both lines of a duplicate row', () => {
    const problems = problemsWith('cities.csv', (t) => `${t.trimEnd()}\nBoise,ID,US,235684\n`)
    expect(problems).toEqual([expect.stringMatching(/^data\/cities\.csv line \d+: duplicate of line \d+ \(Boise, ID\); delete one of the two rows$/)])
  })

  it('names two new cities that would share a URL even after the collision rule', () => {
    const problems = problemsWith(
      'cities.csv',
      // Placed by their coordinates: the gazetteer has a Springfield Gardens only in New York.
      (t) => `${t.trimEnd()}\nSpringfield Gardens,NY,US,5\nSpringfield-Gardens,TX,US,6,,31.5,-97.1\nSpringfield Gardens NY,TX,US,7,,31.5,-97.1\n`,
    )
    expect(problems).toEqual([
      expect.stringContaining('would all get the URL slug "springfield-gardens-ny"; rename one of them, or write another slug for it in the "slug" column'),
    ])
  })
})

describe('loading data/cities.csv as spreadsheet programs save it', () => {
  const real = realCityRows()
  const original = loadCatalogue(realData)
  const cityFields = (c: Catalogue) =>
    c.cities.map(({ name, state, country, population, slug, displayName, line }) => ({ name, state, country, population, slug, displayName, line }))

  it.each([
    ['Excel "CSV (Comma delimited)" (Windows-1252)', excelCsv, 1],
    ['Excel in French or German (semicolons, Windows-1252)', excelCsvSemicolons, 1],
    ['Excel "CSV UTF-8" (byte-order mark, CRLF)', excelCsvUtf8, 0],
    ['Excel "Unicode Text" (UTF-16, tabs)', excelUnicodeText, 0],
    ['UTF-16 big-endian', utf16BigEndianText, 0],
    ['Google Sheets', googleSheetsCsv, 0],
    ['LibreOffice Calc "Text CSV" in UTF-8', libreOfficeCsv, 0],
    ['Excel with empty columns and rows after the data', (rows: Rows) => excelCsvUtf8(withExcelPadding(rows)), 0],
  ])('gives the same cities, names and URLs from %s', (_, write, warnings) => {
    const catalogue = catalogueWith({ 'cities.csv': write(real) })
    expect(cityFields(catalogue)).toEqual(cityFields(original))
    expect(catalogue.warnings).toHaveLength(warnings)
    expect(catalogue.publishedSlugs.changes.urls).toEqual([])
  })

  const lineOf = (name: string) => real.findIndex((r) => r[0] === name) + 1

  it('keeps the Québec cities and their URLs in a Windows-1252 file, and says how it was read', () => {
    const catalogue = catalogueWith({ 'cities.csv': excelCsv(real) })
    // The lines with an accented letter (in a name, or in the other names of a city).
    const accented = real.flatMap((r, i) => (/[^\x20-\x7E]/.test(r.join(',')) ? [i + 1] : []))
    expect(accented).toEqual(expect.arrayContaining([lineOf('Montréal'), lineOf('Québec'), lineOf('Lévis'), lineOf('Trois-Rivières')]))
    const bySlug = (slug: string) => catalogue.cityBySlug.get(slug)?.name
    expect([bySlug('montreal'), bySlug('quebec'), bySlug('levis'), bySlug('trois-rivieres')]).toEqual(['Montréal', 'Québec', 'Lévis', 'Trois-Rivières'])
    expect(catalogue.cities.filter((c) => /[\uFFFD\p{Cc}]/u.test(c.name))).toEqual([])
    const summary = dataSummary(catalogue)
    expect(summary).toContainEqual(expect.stringMatching(/cities\.csv: Windows-1252, values separated by commas$/))
    expect(summary).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^warning: \\S*cities\\.csv is not in UTF-8: it was read as Windows-1252, .* Check the accented letters on lines ${accented.slice(0, -1).join(', ')} and ${accented.at(-1)}, then next time save it as "CSV UTF-8 \\(Comma delimited\\)" in Excel`,
        ),
      ),
    )
  })

  it('makes curly apostrophes and dashes plain, so that the name and its URL are the usual ones', () => {
    const rows = [...real, ['Coeur d’Alene', 'ID', 'US', '55669'], ['Sedro–Woolley', 'WA', 'US', '12421']]
    const catalogue = catalogueWith({ 'cities.csv': excelCsv(rows) })
    expect(catalogue.cityBySlug.get('coeur-dalene')?.name).toBe("Coeur d'Alene")
    expect(catalogue.cityBySlug.get('sedro-woolley')?.name).toBe('Sedro-Woolley')
  })

  it('refuses a name with the replacement character, left by an earlier wrong encoding', () => {
    const problems = loadWith({ 'cities.csv': Buffer.from(readFileSync(path.join(realData, 'cities.csv'), 'utf8').replace('Montréal', 'Montr\uFFFDal')) })
    expect(problems).toEqual([
      `data/cities.csv line ${lineOf('Montréal')}, column "name": "Montr\uFFFDal" contains "\uFFFD", a letter that could not be read: the file was saved in another encoding at some point. Type the name again with its accents, then save the file as "CSV UTF-8"`,
    ])
  })

  it('refuses a line break or a control character in a name', () => {
    const rows = [...real.map((r) => (r[0] === 'Boise' ? ['Boise\nCity', ...r.slice(1)] : r))]
    expect(loadWith({ 'cities.csv': excelCsvUtf8(rows) })).toEqual([
      expect.stringMatching(/^data\/cities\.csv line \d+, column "name": "Boise\\nCity" contains a line break \(Alt\+Enter in Excel\); remove it$/),
    ])
    const tab = excelCsvUtf8(real.map((r) => (r[0] === 'Boise' ? ['Boise\tCity', ...r.slice(1)] : r)))
    expect(loadWith({ 'cities.csv': tab })).toEqual([expect.stringMatching(/column "name": "Boise\\tCity" contains a tab; remove it$/)])
    const control = excelCsvUtf8(real.map((r) => (r[0] === 'Boise' ? ['Boi\u0007se', ...r.slice(1)] : r)))
    expect(loadWith({ 'cities.csv': control })).toEqual([
      expect.stringMatching(/column "name": "Boi\\u0007se" contains an invisible control character \(U\+0007\); type the name again/),
    ])
  })

  it('refuses a Mac Roman file rather than reading its accents wrong', () => {
    const macRoman = iconv.encode(readFileSync(path.join(realData, 'cities.csv'), 'utf8'), 'macintosh')
    expect(loadWith({ 'cities.csv': macRoman })).toContainEqual(
      `data/cities.csv line ${lineOf('Montréal')}, column "name": "MontrŽal" contains "Ž", which no city name has: the file is in an encoding other than UTF-8 or Windows-1252 (for example Excel's "CSV (Macintosh)"). ` +
        'Save it as "CSV UTF-8 (Comma delimited)" in Excel, or download it as "Comma-separated values (.csv)" from Google Sheets, or export it as CSV with "Unicode (UTF-8)" from Numbers, ' +
        'or save it as "Text CSV (.csv)" with Character set "Unicode (UTF-8)" and Field delimiter "," in LibreOffice Calc',
    )
  })

  it('refuses a URL slug the staff wrote that is not one, suggesting the right spelling', () => {
    const problems = loadWith({
      'cities.csv': excelCsvUtf8(real.map((r, i) => (i === 0 ? [...r, 'Slug'] : r[0] === 'Boise' ? [...r, 'Boise City'] : [...r, '']))),
    })
    expect(problems).toEqual([
      expect.stringMatching(
        /^data\/cities\.csv line \d+, column "slug": "Boise City" is not a URL slug: use lowercase letters, digits and single hyphens, for example "boise-city", or leave the cell empty$/,
      ),
    ])
  })
})

describe('cells that spreadsheets and staff get wrong', () => {
  const real = realCityRows()
  const lineOf = (name: string) => real.findIndex((r) => r[0] === name) + 1
  /** LibreOffice's CSV of the real rows, with the row of `name` changed by `edit`. */
  const withRow = (name: string, edit: (row: string[]) => string[]) => libreOfficeCsv(real.map((r) => (r[0] === name ? edit(r) : r)))

  it('refuses a name that is a spreadsheet formula (LibreOffice wrote the formula, not its value)', () => {
    expect(loadWith({ 'cities.csv': withRow('Boston', (r) => ['=HYPERLINK("http://x.example";"Boston")', ...r.slice(1)]) })).toEqual([
      `data/cities.csv line ${lineOf('Boston')}, column "name": =HYPERLINK("http://x.example";"Boston") is a spreadsheet formula, not a city name: type the name as plain text; ` +
        'in LibreOffice Calc, uncheck "Save cell formulas instead of calculated values" when saving as CSV',
    ])
  })

  it.each(['2026/03/04', '3/4', '45720'])('refuses the name %j, which has no letters (what a spreadsheet makes of a date-like cell)', (name) => {
    expect(loadWith({ 'cities.csv': withRow('Boise', (r) => [name, ...r.slice(1)]) })).toEqual([
      `data/cities.csv line ${lineOf('Boise')}, column "name": "${name}" has no letters, so it is not a city name: the spreadsheet program may have turned the cell into a date or a number. ` +
        'Format the column as Text, then type the name again',
    ])
  })

  const otherNames = real[0]!.indexOf('other_names')
  const withOtherNames = (rows: Record<string, string>) =>
    libreOfficeCsv(real.map((r) => (rows[r[0]!] === undefined ? r : r.map((v, i) => (i === otherNames ? rows[r[0]!]! : v)))))

  it("reads a city's other names (the city finder's), separated by semicolons", () => {
    const catalogue = catalogueWith({ 'cities.csv': withOtherNames({ Boise: ' Treasure Valley;;  Boise City ; ' }) })
    expect(catalogue.cityBySlug.get('boise')?.otherNames).toEqual(['Treasure Valley', 'Boise City'])
    expect(catalogue.cityBySlug.get('new-york')?.otherNames).toContain('NYC')
  })

  it('refuses another name that is the name, or another name, of a different city of the same state', () => {
    expect(loadWith({ 'cities.csv': withOtherNames({ Boise: 'Meridian' }) })).toEqual([
      `data/cities.csv line ${lineOf('Boise')}, column "other_names": "Meridian" is the name of Meridian, ID (line ${lineOf('Meridian')}): the finder would not know which city it means; keep it on one of the two rows`,
    ])
    expect(loadWith({ 'cities.csv': withOtherNames({ Boise: 'Treasure Valley', Nampa: 'Treasure Valley' }) })).toEqual([
      `data/cities.csv line ${lineOf('Nampa')}, column "other_names": "Treasure Valley" is also given as another name of Boise, ID (line ${lineOf('Boise')}): the finder would not know which city it means; keep it on one of the two rows`,
    ])
    // A city of that name elsewhere is another place: no city of Idaho is named Portland.
    expect(catalogueWith({ 'cities.csv': withOtherNames({ Boise: 'Portland' }) }).cityBySlug.get('boise')?.otherNames).toEqual(['Portland'])
  })

  it('refuses another name too long to be a name, or without letters', () => {
    expect(loadWith({ 'cities.csv': withOtherNames({ Boise: `Valley; ${'x'.repeat(70)}; 2024` }) })).toEqual([
      `data/cities.csv line ${lineOf('Boise')}, column "other_names": "${'x'.repeat(30)}…" is 70 characters long; keep each name under 60`,
      `data/cities.csv line ${lineOf('Boise')}, column "other_names": "2024" has no letters, so it is not a place name`,
    ])
  })

  it('refuses a population of 0', () => {
    expect(loadWith({ 'cities.csv': withRow('Boise', (r) => [...r.slice(0, 3), '0']) })).toEqual([
      `data/cities.csv line ${lineOf('Boise')}, column "population": is 0; write the city's population, a whole number greater than 0`,
    ])
  })

  it('says that a required cell is empty, rather than showing ""', () => {
    expect(loadWith({ 'cities.csv': withRow('Boise', (r) => [r[0]!, '', '', '']) })).toEqual([
      `data/cities.csv line ${lineOf('Boise')}, column "state": is empty; write the two-letter state or province code`,
      `data/cities.csv line ${lineOf('Boise')}, column "country": is empty; write US or CA`,
      `data/cities.csv line ${lineOf('Boise')}, column "population": is empty; write the city's population, a whole number`,
    ])
  })

  it.each([
    ['Québec', 'Quebec', 'CA', '"Quebec" is not a Canadian province code: did you mean QC?'],
    ['Québec', 'Québec', 'CA', '"Québec" is not a Canadian province code: did you mean QC?'],
    ['Québec', 'quebec', 'CA', '"quebec" is not a Canadian province code: did you mean QC?'],
    ['Ottawa', 'Ontario', 'CA', '"Ontario" is not a Canadian province code: did you mean ON?'],
    ['Boston', 'Massachusetts', 'US', '"Massachusetts" is not a US state code: did you mean MA?'],
    ['Boise', 'New York', 'US', '"New York" is not a US state code: did you mean NY?'],
    ['Ottawa', 'Ontario', 'US', '"Ontario" is not a US state code: Ontario is the Canadian province ON; if the city is in Canada, write ON and the country CA'],
    [
      'Ottawa',
      'ON',
      'US',
      '"ON" is not a US state code; Ottawa is in ON (Ontario), Canada: write the country CA; if it is the Ottawa in the United States, write its state: IL (Illinois), KS (Kansas) or OH (Ohio)',
    ],
  ])('suggests the code for a state or province written as a name (%s: %j, %s)', (city, state, country, message) => {
    expect(loadWith({ 'cities.csv': withRow(city, (r) => [r[0]!, state, country, r[3]!]) })).toEqual([
      `data/cities.csv line ${lineOf(city)}, column "state": ${message}`,
    ])
  })

  it('says once that the populations have thousands separators, with the fix in each program', () => {
    const problems = loadWith({ 'cities.csv': libreOfficeCsv(populationsAsShown(real)) })
    expect(problems).toEqual([
      `data/cities.csv lines 2, 3, 4, 5, 6, 7, 8, 9 and ${real.length - 9} more, column "population": ${real.length - 1} populations are written with thousands separators ("8,804,190", "3,898,747", …), ` +
        'because the column is formatted with them and the file was saved as shown. Write them as whole numbers without separators, then save the file again: ' +
        'in Excel, select the column, Format Cells → Number, uncheck "Use 1000 Separator (,)"; ' +
        'in Google Sheets, select the column, Format → Number → Custom number format, type 0 and Apply; ' +
        'in Numbers, select the column, then in the Format sidebar, Cell, Data Format "Number", uncheck "Thousands Separator"; ' +
        'in LibreOffice Calc, uncheck "Save cell content as shown" in the CSV options when saving (or Format → Cells → Numbers, uncheck "Thousands separator")',
    ])
  })

  it('names each of a few populations with separators on its own line', () => {
    const rows = real.map((r) => (['Boise', 'Nampa'].includes(r[0]!) ? [...r.slice(0, 3), Number(r[3]).toLocaleString('en-US')] : r))
    expect(loadWith({ 'cities.csv': libreOfficeCsv(rows) })).toEqual([
      `data/cities.csv line ${lineOf('Boise')}, column "population": expected a whole number without separators, got "235,684"`,
      `data/cities.csv line ${lineOf('Nampa')}, column "population": expected a whole number without separators, got "100,200"`,
    ])
  })

  it('says that two different cities now share a name, rather than to delete one of them', () => {
    expect(loadWith({ 'cities.csv': withRow('Meridian', (r) => ['Boise', ...r.slice(1)]) })).toEqual([
      `data/cities.csv line ${lineOf('Meridian')}: "Boise, ID" is also the name on line ${lineOf('Boise')}, but the two rows differ (population 117635 here, 235684 on line ${lineOf('Boise')}): ` +
        'these look like two different cities that now have the same name. Rename one of them; deleting a row would remove a city from the site',
    ])
  })
})

describe('a workbook saved in data/ instead of data/cities.csv', () => {
  const real = realCityRows()
  const steps =
    'in Excel, File → Save As → "CSV UTF-8 (Comma delimited) (*.csv)"; in LibreOffice Calc, File → Save As → file type "Text CSV (.csv)", then Character set "Unicode (UTF-8)", ' +
    'Field delimiter ",", String delimiter \'"\', "Save cell content as shown" unchecked; in Numbers, File → Export To → CSV…, Text Encoding "Unicode (UTF-8)"; ' +
    'in Google Sheets, File → Download → "Comma-separated values (.csv)"'

  it('refuses a workbook saved after data/cities.csv: the edit in it is not on the site, and how to save it as CSV', () => {
    const edited = real.map((r) => (r[0] === 'Boise' ? ['Boise City', ...r.slice(1)] : r))
    expect(loadWith({ 'cities.xlsx': xlsxWorkbook(edited) })).toEqual([
      'data/cities.xlsx is a spreadsheet workbook saved next to data/cities.csv, and the site is made from data/cities.csv only: an edit saved in data/cities.xlsx is not on the site. ' +
        `data/cities.xlsx is newer than data/cities.csv, so it probably holds the latest edit: open it and save it as data/cities.csv in CSV UTF-8 (${steps}), then delete data/cities.xlsx or move it out of data/`,
    ])
  })

  it.each([
    ['cities.ods', odsWorkbook(real)],
    ['cities.fods', fodsWorkbook(real)],
    ['cities.numbers', numbersWorkbook()],
    ['cities.xls', xlsWorkbook()],
    ['Cities.XLSX', xlsxWorkbook(real)],
    ['cities (2).xlsx', xlsxWorkbook(real)],
  ])('refuses %s next to data/cities.csv, naming both files', (name, bytes) => {
    expect(loadWith({ [name]: bytes })).toEqual([
      expect.stringMatching(
        new RegExp(
          `^data/${name.replace(/[().]/g, '\\$&')} is a spreadsheet workbook saved next to data/cities\\.csv, .* an edit saved in data/${name.replace(/[().]/g, '\\$&')} is not on the site\\. .*in LibreOffice Calc, File → Save As → file type "Text CSV \\(\\.csv\\)"`,
        ),
      ),
    ])
  })

  it('refuses a workbook older than data/cities.csv too (the site cannot know which is right), saying how to resolve it', () => {
    expect(loadWith({ 'cities.ods': odsWorkbook(real), 'cities.csv': libreOfficeCsv(real) })).toEqual([
      'data/cities.ods is a spreadsheet workbook saved next to data/cities.csv, and the site is made from data/cities.csv only: an edit saved in data/cities.ods is not on the site. ' +
        'data/cities.ods is older than data/cities.csv: if data/cities.csv has all the edits, delete data/cities.ods or move it out of data/; ' +
        `otherwise open it and save it as data/cities.csv in CSV UTF-8 (${steps}), then delete data/cities.ods or move it out of data/`,
    ])
  })

  it('ignores the lock files Excel and LibreOffice keep while a file is open', () => {
    expect(
      loadWith({ '~$cities.xlsx': Buffer.from([0x0b]), '.~lock.cities.csv#': ',Staff,desk,23.03.2026 10:04,file:///home/staff/.config/libreoffice/4;\n' }),
    ).not.toBeInstanceOf(Array)
  })

  it('names a missing data/cities.csv, and the workbook to save as CSV when there is one', () => {
    expect(loadWith({ 'cities.csv': null, 'cities.xlsx': xlsxWorkbook(real) })).toEqual([
      `data/cities.csv is missing, and data/cities.xlsx is a spreadsheet workbook, which the site cannot read: open data/cities.xlsx and save it as data/cities.csv in CSV UTF-8 (${steps}), then delete data/cities.xlsx or move it out of data/`,
    ])
    expect(loadWith({ 'cities.csv': null })).toEqual([
      `data/cities.csv is missing: put it back (for example from the last commit), or save the sheet as data/cities.csv in CSV UTF-8 (${steps})`,
    ])
  })
})

describe('loading data/services.yaml', () => {
  it('names a service with 5 benefits, with the key path', () => {
    const problems = problemsWith('services.yaml', (t) => t.replace(/( {2}deep-cleaning:[\s\S]*?benefits:\n) {6}- .*\n/, '$1'))
    expect(problems).toEqual([expect.stringMatching(/^data\/services\.yaml line \d+, services\.deep-cleaning\.benefits: expected 6 items, found 5$/)])
  })

  it('names a localDescription without {city}', () => {
    const problems = problemsWith('services.yaml', (t) => t.replace(/( {2}strip-wax:[\s\S]*?localDescription: )(.*)\n/, '$1Floors made new.\n'))
    expect(problems).toEqual([
      expect.stringMatching(/^data\/services\.yaml line \d+, services\.strip-wax\.localDescription: must contain the \{city\} placeholder$/),
    ])
  })

  it('names an unknown service slug and the missing one', () => {
    const problems = problemsWith('services.yaml', (t) => t.replace(/^ {2}day-porter:$/m, '  day-porters:'))
    expect(problems).toEqual([
      expect.stringMatching(/^data\/services\.yaml line \d+, services\.day-porters: unknown service slug "day-porters"; the 16 slugs are: strip-wax, /),
      expect.stringMatching(/^data\/services\.yaml line \d+, services: service "day-porter" is missing$/),
    ])
  })

  it('names a missing field', () => {
    const problems = problemsWith('services.yaml', (t) => t.replace(/( {2}day-porter:\n) {4}title: .*\n/, '$1'))
    expect(problems).toEqual([expect.stringMatching(/^data\/services\.yaml line \d+, services\.day-porter\.title: is missing \(required\)$/)])
  })

  it('reports YAML syntax errors with the line', () => {
    const problems = problemsWith('services.yaml', (t) => t.replace(/^services:$/m, 'services: ['))
    expect(problems[0]).toMatch(
      /^data\/services\.yaml line \d+: .*\(YAML syntax: check the indentation, the colon after the key and the quotes on this line and the one above\)$/,
    )
  })

  it('names a line indented with a tab, and only that problem', () => {
    const lines = readFileSync(path.join(realData, 'services.yaml'), 'utf8').split('\n')
    const at = lines.findIndex((l) => l.startsWith('    subtitle:'))
    const problems = problemsWith('services.yaml', () => lines.map((l, i) => (i === at ? l.replace('    ', '\t') : l)).join('\n'))
    expect(problems).toEqual([
      `data/services.yaml line ${at + 1}: the line is indented with a tab; YAML needs spaces. Replace the tab at the start of the line with spaces, lined up with the lines around it`,
    ])
  })

  it('names a key given twice in the same block', () => {
    const lines = readFileSync(path.join(realData, 'services.yaml'), 'utf8').split('\n')
    const at = lines.findIndex((l) => l.startsWith('    subtitle:'))
    const problems = problemsWith('services.yaml', () =>
      [...lines.slice(0, at + 1), lines[at]!.replace('subtitle', 'title'), ...lines.slice(at + 1)].join('\n'),
    )
    expect(problems).toEqual([`data/services.yaml line ${at + 2}: the key "title" appears twice in the same block; keep only one of them`])
  })

  it('reads a YAML file with a byte-order mark or saved as UTF-16', () => {
    const text = readFileSync(path.join(realData, 'services.yaml'), 'utf8')
    const original = loadCatalogue(realData).services
    expect(catalogueWith({ 'services.yaml': `\uFEFF${text}` }).services).toEqual(original)
    expect(catalogueWith({ 'services.yaml': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]) }).services).toEqual(original)
  })
})

describe('loading data/site.yaml', () => {
  it('reads a file saved as Windows-1252, and says so', () => {
    const text = readFileSync(path.join(realData, 'site.yaml'), 'utf8')
    const catalogue = catalogueWith({ 'site.yaml': iconv.encode(text, 'windows-1252') })
    expect(catalogue.site).toEqual(loadCatalogue(realData).site)
    expect(catalogue.site.testimonials.map((t) => t.company)).toContain('Café Mont-Royal')
    expect(catalogue.warnings).toEqual([expect.stringMatching(/site\.yaml is not in UTF-8: it was read as Windows-1252/)])
  })

  it('requires a quote choice for every service title', () => {
    const problems = problemsWith('site.yaml', (t) => t.replace('  - Day Porter Services\n', '  - Porter Services\n'))
    expect(problems).toEqual([expect.stringContaining('quoteServiceChoices: expected exactly one choice starting with "Day Porter"')])
  })

  it('takes hstsPreload as true or false, false when it is left out', () => {
    expect(problemsWith('site.yaml', (t) => t.replace('hstsPreload: false', 'hstsPreload: yes please'))).toEqual([
      expect.stringMatching(/^data\/site\.yaml line \d+, hstsPreload: expected boolean, got "yes please"$/),
    ])
    expect(catalogueWith({ 'site.yaml': readFileSync(path.join(realData, 'site.yaml'), 'utf8').replace('hstsPreload: false\n', '') }).site.hstsPreload).toBe(
      false,
    )
    expect(
      catalogueWith({ 'site.yaml': readFileSync(path.join(realData, 'site.yaml'), 'utf8').replace('hstsPreload: false', 'hstsPreload: true') }).site
        .hstsPreload,
    ).toBe(true)
  })

  it('requires exactly 4 testimonials', () => {
    const problems = problemsWith('site.yaml', (t) => t.replace(/ {2}- name: Maria Gonzalez[\s\S]*?( {2}- name: David Chen)/, '$1'))
    expect(problems).toEqual([
      expect.stringMatching(/^data\/site\.yaml line \d+, testimonials: expected exactly 4 testimonials without a city \(the home page shows them\)$/),
    ])
  })
})

describe('the catalogue', () => {
  const catalogue = loadCatalogue(realData)
  it('orders cities by population, largest first', () => {
    const populations = catalogue.cities.map((c) => c.population)
    expect(populations).toEqual([...populations].sort((a, b) => b - a))
  })
  it('keeps every city of a colliding name, with distinct slugs', () => {
    const springfields = catalogue.cities.filter((c) => c.name === 'Springfield')
    expect(springfields.map((c) => c.slug).sort()).toEqual(['springfield', 'springfield-il', 'springfield-ma'])
    expect(springfields.map((c) => c.displayName).sort()).toEqual(['Springfield, IL', 'Springfield, MA', 'Springfield, MO'])
  })
  it('folds accents in slugs and keeps them in names', () => {
    expect(catalogue.cityBySlug.get('montreal')?.name).toBe('Montréal')
    expect(catalogue.cityBySlug.get('trois-rivieres')?.name).toBe('Trois-Rivières')
  })
  it('resolves the four header aliases', () => {
    expect(catalogue.aliases).toEqual({
      'move-in-out': 'move-in-move-out-cleaning',
      'apartment-turnaround': 'apartment-turnaround-cleaning',
      'post-construction': 'post-construction-cleanup',
      'commercial-carpet': 'commercial-carpet-cleaning',
    })
  })
})
