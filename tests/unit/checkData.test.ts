import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { runCheckData } from '../helpers/checkData'
import { loadCatalogue } from '../../src/catalog/index'
import { frenchCities } from '../../src/catalog/lists'
import { STATIC_PATHS } from '../../src/urls/routes'
import { putBackKeptMeasure } from '../setup/keptMeasureSnapshot'
import { keepTinySite } from '../helpers/smallerSite'
import { excelCsv, excelCsvSemicolons, odsWorkbook, realCityRows, xlsxWorkbook } from './helpers/spreadsheetExports'

const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/**
 * `npm run check:data` in a project whose data/cities.csv is `cities` (null: none), with `more` files in data/ (the rest
 * as committed); `tiny`: on the cities of keepTinySite() only (with their published URLs), written before `more`.
 */
function checkData(cities?: Uint8Array | null, more: Record<string, Uint8Array> = {}, args: string[] = [], { tiny = false } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-data-'))
  dirs.push(dir)
  cpSync(path.resolve('data'), path.join(dir, 'data'), { recursive: true })
  if (tiny) keepTinySite(dir)
  if (cities) writeFileSync(path.join(dir, 'data', 'cities.csv'), cities)
  if (cities === null) rmSync(path.join(dir, 'data', 'cities.csv'))
  for (const [file, bytes] of Object.entries(more)) writeFileSync(path.join(dir, 'data', file), bytes)
  // Each run starts from the measure of the site's data the build kept, as a staff member's would, not from the last
  // run's edit (after which every page would be measured again).
  putBackKeptMeasure(inject('keptMeasureRoot'))
  return runCheckData(dir, args)
}

/** The committed data's run, made once: the first two tests read it. */
let committed: ReturnType<typeof checkData> | undefined
const committedData = () => (committed ??= checkData())

describe('npm run check:data', () => {
  it('passes the committed data and says that no published URL changes', () => {
    const { status, stdout } = committedData()
    expect(status).toBe(0)
    expect(stdout).toContain('data/cities.csv: UTF-8, values separated by commas\n')
    expect(stdout).toContain('published URLs: no change (every city keeps its URLs of data/city-slugs.csv)\n')
    expect(stdout).toMatch(/\ndata OK: 456 cities, 16 services/)
    expect(stdout).not.toContain('certification') // the copy claims none that site.yaml does not list
    // Issue 54: which pages search engines are asked to index, measured on what pages say in sentences, and what would
    // bring the most populous cities' hubs and city-service pages in. The counts are the data's.
    const catalogue = loadCatalogue()
    const cities = catalogue.cities.length + frenchCities(catalogue).length
    const others = 2 * (Object.keys(STATIC_PATHS.en).length - 1 + catalogue.services.length)
    const line = stdout.split('\n').find((l) => l.startsWith('search index (what pages say in sentences'))
    expect(line).toMatch(
      new RegExp(
        `^search index \\(what pages say in sentences; lists, tables and folded blocks left out\\): \\d+ of ${cities} hubs, ` +
          `\\d+ of ${(cities * catalogue.services.length).toLocaleString('en-US')} city-service pages and ${others} other pages in; ` +
          `a city page is out while it is 0\\.7 or more like another city's$`,
      ),
    )
    const section = (heading: string) => {
      const lines = stdout.split('\n')
      const from = lines.findIndex((line) => line.startsWith(heading))
      const to = lines.findIndex((line, i) => i > from && !line.startsWith('  - '))
      return lines.slice(from + 1, to)
    }
    const hubs = section('  hubs out: the 20 most populous cities')
    expect(hubs).toHaveLength(20)
    expect(hubs[0]).toMatch(/^ {2}- New York, NY: 0\.\d\d like \/local-services\/[a-z-]+; about \d+ words$/)
    const pages = section('  city-service pages out: the 20 most populous cities')
    expect(pages).toHaveLength(20)
    expect(pages[0]).toMatch(/^ {2}- New York, NY: 16 of 16 out \(closest: (0\.9\d|1\.00), \/[a-z-]+\); \d{3}–\d{3} words per page$/)
  })

  // Issue 39: the slug collisions in one line; every one with --verbose.
  it('says the slug collisions in one line, and lists them with --verbose', () => {
    const { status, stdout } = committedData()
    expect(status).toBe(0)
    const lines = stdout.split('\n')
    expect(lines).toContain('17 slug collisions resolved: see --verbose')
    expect(stdout).not.toContain('slug collision "')
    const verbose = checkData(undefined, {}, ['--verbose'])
    expect(verbose.status).toBe(0)
    const listed = verbose.stdout.split('\n').filter((line) => line.startsWith('slug collision "'))
    expect(listed).toHaveLength(17)
    expect(listed).toContain(
      'slug collision "springfield": Springfield, MO keeps /springfield-…; Springfield, MA → /springfield-ma-…; Springfield, IL → /springfield-il-…',
    )
    expect(verbose.stdout).not.toContain('see --verbose')
  })

  it('passes Excel’s Windows-1252 file with a warning that says what to do, before the rest of its report', () => {
    const { status, stdout } = checkData(excelCsv(realCityRows()))
    expect(status).toBe(0)
    expect(stdout).toContain('data/cities.csv: Windows-1252, values separated by commas\n')
    expect(stdout).toMatch(/^warning: data\/cities\.csv is not in UTF-8: it was read as Windows-1252, .*save it as "CSV UTF-8 \(Comma delimited\)" in Excel/)
    expect(stdout).toContain('published URLs: no change')
    // The warnings first, then the rest of the report (how each file was read, the slug collisions, the URLs…), "data OK" last.
    const lines = stdout.trimEnd().split('\n')
    const kinds = lines.map((line) => (line.startsWith('warning: ') ? 'warning' : 'other'))
    expect(kinds.indexOf('other')).toBeGreaterThan(0)
    expect(kinds.slice(kinds.indexOf('other'))).not.toContain('warning')
    expect(lines.indexOf('data/cities.csv: Windows-1252, values separated by commas')).toBe(kinds.indexOf('other'))
    expect(lines.at(-1)).toMatch(/^data OK: /)
  })

  it('lists what an edit does to the published URLs before anything is built', () => {
    const rows = realCityRows().filter((r) => r[0] !== 'Boise')
    const { status, stdout } = checkData(excelCsvSemicolons([...rows, ['Springfield', 'OH', 'US', '2000000']]))
    expect(status).toBe(0)
    expect(stdout).toContain('data/cities.csv: Windows-1252, values separated by semicolons\n')
    expect(stdout).toContain('published URLs: this edit changes 2 things (npm run build updates data/city-slugs.csv; commit it with your edit):\n')
    expect(stdout).toContain('  - added Springfield, OH: /springfield-oh-… (32 new pages)\n')
    expect(stdout).toContain('  - removed Boise, ID: its 32 URLs /boise-… will redirect to the service pages\n')
    expect(stdout).toContain(
      'redirects: the old URLs of 1 slug answer with a permanent redirect; _redirects holds 34 of 2,000 static and 3 of 100 dynamic rules',
    )
  })

  it('fails on a file it cannot read, naming the line and what to do', () => {
    const { status, stderr } = checkData(Buffer.from('name|state|country|population\nBoise|ID|US|235684\n'))
    expect(status).toBe(1)
    expect(stderr).toContain('  - data/cities.csv line 1: the column names must be separated by commas, semicolons or tabs')
    expect(stderr).toContain('Fix the lines above in the data files, then run `npm run check:data` again.')
  })

  it('fails when a workbook was saved next to data/cities.csv, instead of saying "no change"', () => {
    const edited = realCityRows().map((r) => (r[0] === 'Boise' ? ['Boise City', ...r.slice(1)] : r))
    const { status, stdout, stderr } = checkData(undefined, { 'cities.ods': odsWorkbook(edited) })
    expect(status).toBe(1)
    expect(stdout).not.toContain('data OK')
    expect(stderr).toContain(
      '  - data/cities.ods is a spreadsheet workbook saved next to data/cities.csv, and the site is made from data/cities.csv only: an edit saved in data/cities.ods is not on the site.',
    )
    expect(stderr).toContain('then delete data/cities.ods or move it out of data/\n')
  })

  it('names a missing data/cities.csv and the workbook to save as CSV, without a stack trace', () => {
    const { status, stderr } = checkData(null, { 'cities.xlsx': xlsxWorkbook(realCityRows()) })
    expect(status).toBe(1)
    expect(stderr).toMatch(
      /^The data files have 1 problem:\n {2}- data\/cities\.csv is missing, and data\/cities\.xlsx is a spreadsheet workbook, which the site cannot read: open data\/cities\.xlsx and save it as data\/cities\.csv in CSV UTF-8 \(in Excel, File → Save As/,
    )
    expect(stderr).not.toMatch(/ENOENT| {4}at /)
  })

  it('counts the French pages of a city added in Québec', () => {
    const rows = realCityRows()
    const { status, stdout } = checkData(excelCsv([...rows, ['Saint-Hyacinthe', 'QC', 'CA', '57239']]))
    expect(status).toBe(0)
    expect(stdout).toContain('  - added Saint-Hyacinthe, QC: /saint-hyacinthe-… and /fr/saint-hyacinthe-… (48 new pages, 16 of them in French)\n')
  })

  // Issue 30, item 5: the copy's claims and site.yaml's certifications agree.
  it('warns where the copy claims a certification site.yaml does not list, with the file, the line and the field', () => {
    const real = (file: string) => readFileSync(path.resolve('data', file), 'utf8')
    const services = real('services.yaml').replace('We use products carrying the Green Seal or EPA Safer Choice label,', 'We are Green Seal certified and use')
    const french = real('services.fr.yaml').replace(
      'Nous utilisons des produits portant l’écolabel Green Seal ou Safer Choice,',
      'Nous sommes certifiés Green Seal et utilisons',
    )
    const line = (text: string, what: string) => text.split('\n').findIndex((l) => l.includes(what)) + 1
    // On a tiny site (4 cities): the copy's edit is in the text of every page of green cleaning, which the search
    // index's measure then measures again (on the whole site 5–6 s a run).
    const onTinySite = (more: Record<string, Uint8Array>) => checkData(undefined, more, [], { tiny: true })
    const claimed = onTinySite({ 'services.yaml': Buffer.from(services), 'services.fr.yaml': Buffer.from(french) })
    expect(claimed.status).toBe(0)
    expect(claimed.stdout).toContain(
      `warning: data/services.yaml line ${line(services, 'We are Green Seal certified')}, services.green-cleaning.description: the copy claims "Green Seal" certification, but data/site.yaml lists no such certification in trust.certifications: add it there with its body and number, or change the copy (say what the products carry, e.g. "products carrying the Green Seal label")\n`,
    )
    expect(claimed.stdout).toContain(
      `warning: data/services.fr.yaml line ${line(french, 'Nous sommes certifiés Green Seal')}, services.green-cleaning.description: the copy claims "Green Seal" certification`,
    )
    // Listed in site.yaml: no warning.
    const site = real('site.yaml').replace(
      /^ {2}certifications: \[\]$/m,
      '  certifications:\n    - { name: GS-42 Commercial Cleaning Services, body: Green Seal, number: "GS42-0001" }',
    )
    const listed = onTinySite({ 'services.yaml': Buffer.from(services), 'services.fr.yaml': Buffer.from(french), 'site.yaml': Buffer.from(site) })
    expect(listed.status).toBe(0)
    expect(listed.stdout).not.toContain('certification')
  })
})
