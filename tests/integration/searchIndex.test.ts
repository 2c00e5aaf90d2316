// Sentences of a place's own lift its pages into search engines' index, and their removal takes them out again (issues
// 38 and 54): builds of a copy of the site with the cities of Texas, whose Plano gets a note of about 400 words for office
// cleaning (data/local-notes.csv) and whose Frisco gets a local note of about 170 words (cities.csv), checked first by
// `npm run check:data`, then built, then taken away again.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyProject } from '../../scripts/lib/projectCopy'
import { buildSite } from '../../src/build/build'
import { loadCatalogue } from '../../src/catalog/index'
import { runCheckData } from '../helpers/checkData'
import { keepCitiesOfStates } from '../helpers/smallerSite'

let copy: ReturnType<typeof copyProject>
const data = (file: string) => path.join(copy.root, 'data', file)
const build = () => buildSite({ root: copy.root, log: () => undefined, photoCache: path.join(copy.root, 'photo-cache') })
const html = (url: string) => readFileSync(path.join(copy.root, 'dist/client', `${url}.html`), 'utf8')
const robots = (url: string) => /<meta name="robots" content="([^"]+)"/.exec(html(url))?.[1]
const inSitemap = (url: string) => readFileSync(path.join(copy.root, 'dist/client/sitemap.xml'), 'utf8').includes(`${url}</loc>`)
/** The build's measure of each page (dist/search-index.csv), by path. */
function measured(): Map<string, { similarity: number; indexed: boolean; twin: string; runs: number }> {
  const rows: string[][] = parse(readFileSync(path.join(copy.root, 'dist/search-index.csv'), 'utf8'))
  return new Map(
    rows
      .slice(1)
      .map((r) => [new URL(r[0]!).pathname, { indexed: r[3] === 'yes', twin: new URL(r[4]!).pathname, similarity: Number(r[5]), runs: Number(r[6]) }]),
  )
}

/**
 * Sentences of one place's jobs, as varied as a real account of them (a sentence that repeats another's words adds
 * little of its own: each 5-word run counts once).
 */
function localText(words: number, seed: string): string {
  const pick = <T>(list: readonly T[], i: number, step: number) => list[(i * step + seed.length) % list.length]!
  const sites = [
    'elementary school',
    'dental office',
    'credit union branch',
    'warehouse office',
    'fitness studio',
    'medical clinic',
    'library branch',
    'car dealership',
    'law office',
    'bakery',
    'church hall',
    'coworking floor',
    'veterinary hospital',
    'hotel lobby',
    'daycare center',
  ]
  const streets = [
    'Fairview Avenue',
    'Vista Avenue',
    'Overland Road',
    'Capitol Boulevard',
    'Broadway Avenue',
    'Ustick Road',
    'Cole Road',
    'Chinden Boulevard',
    'Eagle Road',
    'Federal Way',
    'Parkcenter Boulevard',
    'Bogus Basin Road',
    'Orchard Street',
    'Emerald Street',
  ]
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
  const templates = [
    (i: number) =>
      `Every ${pick(months, i, 5)} since ${2012 + (i % 11)} we strip the ${pick(sites, i, 7)} near ${pick(streets, i, 3)} and lay ${3 + (i % 6)} fresh coats of finish.`,
    (i: number) =>
      `The ${pick(sites, i, 4)} by ${pick(streets, i, 5)} asked ${seed} crews for night visits after ${6 + (i % 5)} pm, so alarms are set by ${10 + (i % 2)}.`,
    (i: number) =>
      `Spring runoff tracks gravel into the ${pick(sites, i, 2)} on ${pick(streets, i, 7)}; walk-off mats there are swapped ${2 + (i % 3)} times a week.`,
    (i: number) =>
      `A burst pipe flooded the ${pick(sites, i, 3)} beside ${pick(streets, i, 2)} in ${pick(months, i, 7)}, and our extraction team dried ${800 + i * 37} square feet overnight.`,
    (i: number) =>
      `Inspectors from the county signed off on the ${pick(sites, i, 5)} near ${pick(streets, i, 4)} after a terminal clean that took ${4 + (i % 4)} hours.`,
    (i: number) => `Our ${seed} supervisor walks the ${pick(sites, i, 6)} at ${pick(streets, i, 6)} with its manager on the ${1 + (i % 28)}th of each month.`,
  ]
  const sentences: string[] = []
  for (let i = 0; sentences.join(' ').split(' ').length < words; i++) sentences.push(templates[i % templates.length]!(i))
  return sentences.join(' ')
}

/** Rewrites data/cities.csv with `name`'s optional cells. */
function editCity(name: string, cells: Record<string, string>) {
  const rows = parse<Record<string, string>>(readFileSync(data('cities.csv'), 'utf8'), { columns: true })
  for (const row of rows) for (const [column, value] of Object.entries(cells)) row[column] = row['name'] === name ? value : (row[column] ?? '')
  writeFileSync(data('cities.csv'), stringify(rows, { header: true }))
}

const PLANO = { office: '/plano-office-cleaning-janitorial', officeOther: '/plano-office-cleaning', stripWax: '/plano-strip-wax-janitorial' }
const FRISCO = { hub: '/local-services/frisco', office: '/frisco-office-cleaning-janitorial' }
const words = (text: string) => text.split(/\s+/).length

/** Every file of a build (dist/client and the measure beside it) but the sitemap, whose dates follow the data files' times. */
function builtFiles(): Map<string, string> {
  const dist = path.join(copy.root, 'dist')
  const files = readdirSync(path.join(dist, 'client'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'sitemap.xml')
    .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)))
  return new Map([...files, 'search-index.csv'].map((file) => [file, readFileSync(path.join(dist, file), 'latin1')]))
}
let clean: Map<string, string>
let before: ReturnType<typeof measured>
let threshold: number

beforeAll(() => {
  copy = copyProject()
  keepCitiesOfStates(copy.root, ['TX'])
  cpSync(path.join(copy.root, 'data'), path.join(copy.root, 'data.committed'), { recursive: true })
  threshold = loadCatalogue(path.join(copy.root, 'data')).site.searchIndex.threshold
}, 60_000)
afterAll(() => copy?.remove())

describe('sentences of a place’s own and the search index', () => {
  it('keeps Plano’s and Frisco’s pages out while they say what other Texas cities’ pages say', async () => {
    await build()
    clean = builtFiles()
    before = measured()
    for (const url of [PLANO.office, FRISCO.hub]) {
      const m = before.get(url)!
      console.log(`nothing of its own: ${url} ${m.similarity.toFixed(3)} like ${m.twin} (${m.runs} runs)`)
      expect(m.similarity).toBeGreaterThanOrEqual(threshold)
      expect(robots(url)).toBe('noindex, follow')
      expect(inSitemap(url)).toBe(false)
    }
  }, 300_000)

  it('says before any build what a note for Plano’s office cleaning and a local note for Frisco bring in', () => {
    const note = localText(400, 'Legacy West')
    const local = localText(170, 'Frisco Square')
    expect(words(note)).toBeGreaterThanOrEqual(400)
    expect(words(note)).toBeLessThan(430)
    expect(words(local)).toBeGreaterThanOrEqual(170)
    expect(words(local)).toBeLessThan(200)
    writeFileSync(data('local-notes.csv'), stringify([{ city: 'plano', service: 'office-cleaning', note }], { header: true }))
    editCity('Frisco', { local_note: local })
    const { status, stdout } = runCheckData(copy.root)
    expect(status).toBe(0)
    const lines = stdout.split('\n')
    const changes = lines.slice(lines.findIndex((l) => l.startsWith('search index, against the last build:')))
    console.log(changes.filter((l) => l.startsWith('search index, against') || l.startsWith('  -')).join('\n'))
    expect(changes[0]).toBe('search index, against the last build: 2 pages come in, 0 pages go out (threshold 0.7)')
    expect(changes).toContainEqual(
      expect.stringMatching(new RegExp(`^  - ${PLANO.office}: 0\\.\\d\\d like /[a-z-]+ \\(was ${before.get(PLANO.office)!.similarity.toFixed(2)}\\)$`)),
    )
    expect(changes).toContainEqual(
      expect.stringMatching(new RegExp(`^  - ${FRISCO.hub}: 0\\.\\d\\d like /[a-z/-]+ \\(was ${before.get(FRISCO.hub)!.similarity.toFixed(2)}\\)$`)),
    )
  })

  it('indexes those two pages at the next build, under their similarity before and the threshold; Plano’s other services and Frisco’s pages stay out', async () => {
    await build()
    const after = measured()
    for (const url of [PLANO.office, FRISCO.hub]) {
      const m = after.get(url)!
      console.log(
        `with sentences of its own: ${url} ${m.similarity.toFixed(3)} like ${m.twin} (${m.runs} runs; ${before.get(url)!.similarity.toFixed(3)} before)`,
      )
      expect(m.similarity).toBeLessThan(before.get(url)!.similarity)
      expect(m.similarity).toBeLessThan(threshold)
      expect(m.indexed).toBe(true)
      expect(robots(url)).toBeUndefined()
      expect(inSitemap(url)).toBe(true)
    }
    // The note shows on its page only, in both schemes; the first scheme's page is not canonical and stays out of the sitemap.
    expect(html(PLANO.office)).toContain('Our office cleaning work in Plano')
    expect(html(PLANO.officeOther)).toContain('Our office cleaning work in Plano')
    expect(html(PLANO.stripWax)).not.toContain('Legacy West')
    // Plano's other services, and Frisco's city-service pages (170 words are not enough for one), stay out.
    const out = [...after].filter(([url]) => (url.startsWith('/plano-') && url !== PLANO.office) || url.startsWith('/frisco-'))
    expect(out).toHaveLength(31)
    for (const [url, m] of out) expect([url, m.indexed, inSitemap(url)]).toEqual([url, false, false])
  }, 300_000)

  it('takes them out again when the sentences are removed, and gives back the first build’s files byte for byte', async () => {
    rmSync(path.join(copy.root, 'data'), { recursive: true })
    cpSync(path.join(copy.root, 'data.committed'), path.join(copy.root, 'data'), { recursive: true })
    await build()
    const after = measured()
    for (const url of [PLANO.office, FRISCO.hub]) {
      expect(after.get(url)!.indexed).toBe(false)
      expect(robots(url)).toBe('noindex, follow')
      expect(inSitemap(url)).toBe(false)
    }
    const now = builtFiles()
    expect([...now.keys()].sort()).toEqual([...clean.keys()].sort())
    for (const [file, bytes] of clean) if (now.get(file) !== bytes) expect.fail(`${file} differs from the first build's`)
  }, 300_000)
})
