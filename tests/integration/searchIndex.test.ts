// Real local substance lifts a city's pages into search engines' index, and its removal takes them out again (issue 38):
// builds of a tiny copy of the site (Boise, Nampa, Montréal, Laval) whose Boise gets a local note, neighbourhoods, a photo,
// then a note of its own for one service (data/local-notes.csv), then loses that note.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyProject } from '../../scripts/lib/projectCopy'
import { buildSite } from '../../src/build/build'
import { loadCatalogue } from '../../src/catalog/index'
import { writeTestPhotos } from '../../scripts/lib/testPhotos'
import { keepTinySite } from '../helpers/smallerSite'
import { SAMPLE_PHOTOS } from '../helpers/samplePhotos'

let copy: ReturnType<typeof copyProject>
const data = (file: string) => path.join(copy.root, 'data', file)
const build = () => buildSite({ root: copy.root, log: () => undefined, photoCache: path.join(copy.root, 'photo-cache') })
const html = (url: string) => readFileSync(path.join(copy.root, 'dist/client', `${url}.html`), 'utf8')
const robots = (url: string) => /<meta name="robots" content="([^"]+)"/.exec(html(url))?.[1]
const inSitemap = (url: string) => readFileSync(path.join(copy.root, 'dist/client/sitemap.xml'), 'utf8').includes(`${url}</loc>`)
/** The build's measure of each page (dist/search-index.csv), by path. */
function measured(): Map<string, { similarity: number; indexed: boolean; twin: string; words: number }> {
  const rows = parse<Record<string, string>>(readFileSync(path.join(copy.root, 'dist/search-index.csv'), 'utf8'), { columns: true })
  return new Map(
    rows.map((r) => [
      new URL(r['page']!).pathname,
      { similarity: Number(r['similarity']), indexed: r['indexed'] === 'yes', twin: new URL(r['closest twin']!).pathname, words: Number(r['words']) },
    ]),
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

/** Rewrites data/cities.csv with Boise's optional cells. */
function editBoise(cells: Record<string, string>) {
  const rows = parse<Record<string, string>>(readFileSync(data('cities.csv'), 'utf8'), { columns: true })
  for (const row of rows) for (const [column, value] of Object.entries(cells)) row[column] = row['name'] === 'Boise' ? value : (row[column] ?? '')
  writeFileSync(data('cities.csv'), stringify(rows, { header: true }))
}

const BOISE = { office: '/boise-office-cleaning-janitorial', stripWax: '/boise-strip-wax-janitorial', hub: '/local-services/boise' }

/** Every file of a build (dist/client and the measure beside it) but the sitemap, whose dates follow the data files' times. */
function builtFiles(): Map<string, string> {
  const dist = path.join(copy.root, 'dist')
  const files = readdirSync(path.join(dist, 'client'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'sitemap.xml')
    .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)))
  return new Map([...files, 'search-index.csv'].map((file) => [file, readFileSync(path.join(dist, file), 'latin1')]))
}
let clean: Map<string, string>

beforeAll(() => {
  copy = copyProject()
  keepTinySite(copy.root)
  cpSync(path.join(copy.root, 'data'), path.join(copy.root, 'data.committed'), { recursive: true })
}, 60_000)
afterAll(() => copy?.remove())

describe('local substance and the search index', () => {
  it('keeps Boise’s pages out while they are Nampa’s with another name', async () => {
    await build()
    clean = builtFiles()
    const m = measured().get(BOISE.office)!
    console.log(`nothing of its own: ${BOISE.office} ${m.similarity.toFixed(3)} against ${m.twin} (${m.words} runs)`)
    expect(m.twin).toBe('/nampa-office-cleaning-janitorial')
    expect(m.indexed).toBe(false)
    expect(robots(BOISE.office)).toBe('noindex, follow')
    expect(inSitemap(BOISE.office)).toBe(false)
  }, 300_000)

  it('measures them again with a local note of about 150 words, five neighbourhoods and a photo, and indexes those under the threshold', async () => {
    const { threshold } = loadCatalogue(path.join(copy.root, 'data')).site.searchIndex
    editBoise({ local_note: localText(150, 'Treasure Valley'), neighborhoods: 'North End; East End; Bench; Southeast Boise; Garden City' })
    await writeTestPhotos(
      path.join(copy.root, 'data'),
      SAMPLE_PHOTOS.filter((p) => p.entry['on'] === 'city:boise'),
    )
    await build()
    const all = measured()
    for (const [url, m] of all) {
      if (!url.startsWith('/boise-') && url !== BOISE.hub) continue
      console.log(
        `150 words, 5 neighbourhoods, a photo: ${url} ${m.similarity.toFixed(3)} against ${m.twin} (${m.words} runs): ${m.indexed ? 'indexed' : 'out'}`,
      )
      expect(m.indexed).toBe(m.similarity < threshold)
      expect(robots(url)).toBe(m.indexed ? undefined : 'noindex, follow')
      expect(inSitemap(url)).toBe(m.indexed)
    }
    expect(html(BOISE.office)).toContain('Southeast Boise')
  }, 300_000)

  it('indexes the page of a service with about 500 words of its own jobs, and takes it out again when the note is removed', async () => {
    writeFileSync(data('local-notes.csv'), stringify([{ city: 'boise', service: 'strip-wax', note: localText(500, 'floor care') }], { header: true }))
    await build()
    const m = measured().get(BOISE.stripWax)!
    console.log(`with a note of its own: ${BOISE.stripWax} ${m.similarity.toFixed(3)} against ${m.twin} (${m.words} runs)`)
    expect(m.indexed).toBe(true)
    expect(robots(BOISE.stripWax)).toBeUndefined()
    expect(inSitemap(BOISE.stripWax)).toBe(true)
    expect(html(BOISE.stripWax)).toContain('Our strip &amp; wax work in Boise')
    // Only that page shows it.
    expect(html(BOISE.office)).not.toContain('floor care crew')

    rmSync(data('local-notes.csv'))
    await build()
    const after = measured().get(BOISE.stripWax)!
    console.log(`note removed: ${BOISE.stripWax} ${after.similarity.toFixed(3)}`)
    expect(after.indexed).toBe(false)
    expect(robots(BOISE.stripWax)).toBe('noindex, follow')
    expect(inSitemap(BOISE.stripWax)).toBe(false)
  }, 300_000)

  it('gives back, once every edit is undone, the files of the first build, byte for byte (measured from what it kept)', async () => {
    rmSync(path.join(copy.root, 'data'), { recursive: true })
    cpSync(path.join(copy.root, 'data.committed'), path.join(copy.root, 'data'), { recursive: true })
    await build()
    const now = builtFiles()
    expect([...now.keys()].sort()).toEqual([...clean.keys()].sort())
    for (const [file, bytes] of clean) if (now.get(file) !== bytes) expect.fail(`${file} differs from the first build's`)
  }, 300_000)
})
