// The search index's measure on catalogues of the tiny site (Boise, Nampa, Montréal, Laval): what a city's own
// testimonials and notes show and change, and the measure kept from one catalogue to the next giving what a measure from
// nothing gives (issue 38).
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { measureSite, measureWithKept } from '../../src/build/keptMeasure'
import { keptValues } from '../../src/build/keptValues'
import type { Catalogue } from '../../src/catalog/index'
import { pageEntries } from '../../src/pages/entries'
import { renderHtml } from '../../src/pages/renderHtml'
import { forgetMeasures, measureMemory, type MeasuredPage } from '../../src/seo/searchIndex'
import { measureGroup, measureHolds, type GroupMeasure } from '../../src/seo/similarity'
import { catalogueWith, loadWith } from './helpers/dataCopy'
import { NONE_OUT } from '../helpers/decision'

const TINY = ['Boise', 'Nampa', 'Montréal', 'Laval']
const real = (file: string) => readFileSync(path.resolve('data', file), 'utf8')
/** data/cities.csv and data/city-slugs.csv with the tiny site's cities only. */
const tinyCities = (edit: (row: string) => string = (row) => row) => {
  const keep = (file: string, column: number) => {
    const [header, ...rows] = real(file).trimEnd().split('\n') as [string, ...string[]]
    return `${[header, ...rows.filter((row) => TINY.includes(row.split(',')[column]!))].map(edit).join('\n')}\n`
  }
  return { 'cities.csv': keep('cities.csv', 0), 'city-slugs.csv': keep('city-slugs.csv', 1) }
}
const BOISE_QUOTE = `  - name: Dana Whitfield
    company: Treasure Valley Pediatrics
    location: Boise, ID
    rating: 5
    lang: en
    city: boise
    text: Three exam wings and a lobby that sees two hundred children a day, cleaned every night since the clinic opened on Eagle Road, with the waiting-room toys disinfected one by one.
`
const MONTREAL_QUOTE = `  - name: Luc Bergeron
    company: Clinique du Plateau
    location: Montréal, QC
    rating: 5
    lang: fr
    city: montreal
    text: Our clinic on Mont-Royal Avenue has been cleaned every night for three years, waiting rooms and exam rooms alike.
    text_fr: Notre clinique de l’avenue du Mont-Royal est entretenue chaque nuit depuis trois ans, salles d’attente et salles d’examen comprises.
`
const withQuotes = () => real('site.yaml').replace(/\n# Search engines/, `${BOISE_QUOTE}${MONTREAL_QUOTE}\n# Search engines`)
const html = (catalogue: Catalogue, url: string) => renderHtml(pageEntries(catalogue, NONE_OUT).find((e) => e.path === url)!.props)
const byPath = (pages: MeasuredPage[]) => new Map(pages.map((p) => [p.path, p]))

describe('a city’s own testimonials (site.yaml, `city`)', () => {
  it('are shown on its hub and pages in their language, not on the home page, and lift its measure', () => {
    const before = byPath(measureSite(catalogueWith(tinyCities())).pages)
    const catalogue = catalogueWith({ ...tinyCities(), 'site.yaml': withQuotes() })
    for (const url of ['/local-services/boise', '/boise-strip-wax-janitorial', '/boise-strip-wax']) {
      expect(html(catalogue, url)).toContain('What Our Clients in Boise Say')
      expect(html(catalogue, url)).toContain('waiting-room toys disinfected one by one')
    }
    expect(html(catalogue, '/nampa-strip-wax-janitorial')).not.toContain('Dana Whitfield')
    expect(html(catalogue, '/')).not.toContain('Dana Whitfield')
    expect(html(catalogue, '/').match(/data-testimonial=""/g)).toHaveLength(4)
    // The French pages show its French text; the English pages its text.
    const fr = html(catalogue, '/fr/services-locaux/montreal')
    expect(fr).toContain('Ce que disent nos clients à Montréal')
    expect(fr).toContain('Notre clinique de l’avenue du Mont-Royal')
    expect(html(catalogue, '/local-services/montreal')).toContain('Our clinic on Mont-Royal Avenue')
    const after = byPath(measureSite(catalogue).pages)
    const url = '/boise-strip-wax-janitorial'
    console.log(`${url}: ${before.get(url)!.similarity.toFixed(3)} without its testimonial, ${after.get(url)!.similarity.toFixed(3)} with it`)
    expect(after.get(url)!.similarity).toBeLessThan(before.get(url)!.similarity)
  })

  it('name a served city, and have a French text only for a city with French pages', () => {
    const problems = loadWith({ ...tinyCities(), 'site.yaml': withQuotes().replace('city: boise', 'city: boize').replace('city: montreal', 'city: nampa') })
    expect(problems).toEqual([
      'data/site.yaml, testimonials[4].city: no city has the URL slug "boize": write the city\'s slug as in its pages\' addresses',
      'data/site.yaml, testimonials[5].text_fr: Nampa has no French pages: leave text_fr out',
    ])
  })
})

describe('the measure kept between catalogues', () => {
  it('gives after an edit what a measure from nothing gives', () => {
    const note = 'Our Boise crews clean the offices of the Capitol Boulevard towers and three dental practices on Fairview Avenue every night.'
    measureSite(catalogueWith(tinyCities()))
    // An edit: a text for Boise (content/); measured again from the kept runs (Boise's pages only) and compared with the rest.
    const edited = { ...tinyCities(), 'content/cities/boise.md': note }
    const kept = measureSite(catalogueWith(edited)).pages
    forgetMeasures()
    const fresh = measureSite(catalogueWith(edited)).pages
    expect(kept.map(({ city: _city, ...p }: MeasuredPage) => p)).toEqual(fresh.map(({ city: _city, ...p }: MeasuredPage) => p))
    expect(byPath(kept).get('/boise-office-cleaning-janitorial')!.runs).toBeGreaterThan(byPath(kept).get('/nampa-office-cleaning-janitorial')!.runs)
  })

  it('takes the measure it made of the same pages and texts before, after a measure of other data in between', () => {
    forgetMeasures()
    const groupMeasure = () => measureMemory().groups.get('city-service en office-cleaning')!.measure
    const first = measureSite(catalogueWith(tinyCities())).pages
    const measure = groupMeasure()
    const edited = { ...tinyCities(), 'content/cities/boise.md': 'Our Boise crews.' }
    measureSite(catalogueWith(edited))
    expect(groupMeasure()).not.toBe(measure)
    // The data as it was (an edit undone, a catalogue made again): the same measure, not a new one.
    expect(measureSite(catalogueWith(tinyCities())).pages).toEqual(first)
    expect(groupMeasure()).toBe(measure)
    forgetMeasures()
  })

  it('is written to node_modules/.cache/kept and read back by the next process (its measure of an edit the same as from nothing)', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'kept-measure-'))
    const remember = keptValues(path.join(root, 'node_modules', '.cache', 'kept'), 'code')
    try {
      forgetMeasures()
      measureWithKept(catalogueWith(tinyCities()), root, 'code', remember)
      const file = path.join(root, 'node_modules', '.cache', 'kept', 'search-measure.bin')
      expect(statSync(file).size).toBeGreaterThan(1000)
      // Another process: nothing in memory, the file read back; then an edit of Boise (its pages measured again).
      forgetMeasures()
      const files = { ...tinyCities(), 'content/cities/boise.md': 'Our Boise crews clean the Capitol Boulevard towers.' }
      const edited = catalogueWith(files)
      const fromFile = measureWithKept(edited, root, 'code', remember).pages
      expect(measureMemory().groups.size).toBeGreaterThan(0)
      forgetMeasures()
      const fresh = measureSite(catalogueWith(files)).pages
      expect(fromFile.map(({ city: _city, ...p }: MeasuredPage) => p)).toEqual(fresh.map(({ city: _city, ...p }: MeasuredPage) => p))
      // Other code: the file is measured again from nothing and written after that code.
      forgetMeasures()
      measureWithKept(catalogueWith(files), root, 'other code', remember)
      expect(readFileSync(file, 'utf8').startsWith('other code\n')).toBe(true)
    } finally {
      forgetMeasures()
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('closest twins', () => {
  // Pages as sets of runs: a shared body, runs of their region, and runs of their own (the shape of city pages).
  const page = (i: number, own: number) => {
    const runs = new Set<number>()
    for (let r = 0; r < 300; r++) runs.add(r)
    for (let r = 0; r < 60; r++) runs.add(10_000 + (i % 4) * 100 + r)
    for (let r = 0; r < own; r++) runs.add(100_000 + i * 1000 + r)
    return Int32Array.from([...runs].sort((a, b) => a - b))
  }
  const keys = Array.from({ length: 40 }, (_, i) => `/city-${String(i).padStart(2, '0')}`)

  const all = (sets: readonly Int32Array[], of = keys) => new Map(of.map((key, i) => [key, sets[i]!]))
  const sorted = (measure: GroupMeasure) => [...measure.twins].sort()

  it('after some pages change, measures again only what they change, and gives what a measure of every pair gives', () => {
    const before = keys.map((_, i) => page(i, 5 + (i % 7)))
    const first = measureGroup(keys, all(before), 0.7)
    let last = first
    let sets = before
    // Edits one after another, each measured from the last measure (the runs of the pages changed before kept beside
    // the classes): one page, two, the same page again, then more than a quarter of the group (measured whole).
    for (const [n, changedPages] of [
      [1, [3]],
      [2, [0, 17]],
      [3, [3]],
      [4, [5, 6, 7, 8, 9, 10, 11, 12]],
    ] as const) {
      sets = sets.map((set, i) => ((changedPages as readonly number[]).includes(i) ? page(i, 100 * n + i) : set))
      const changed = new Map(changedPages.map((i) => [keys[i]!, sets[i]!]))
      const incremental = measureGroup(keys, changed, 0.7, last)
      const whole = measureGroup(keys, all(sets), 0.7)
      expect(sorted(incremental)).toEqual(sorted(whole))
      for (const key of keys) expect(measureHolds(incremental, key)).toBe(true)
      last = incremental
    }
    // The changed pages have more of their own than at first: a lower similarity.
    for (const i of [0, 3, 17]) expect(last.twins.get(keys[i]!)!.similarity).toBeLessThan(first.twins.get(keys[i]!)!.similarity)
    // A page removed (its twins' pages measured again) and one added.
    const fewer = keys.filter((_, i) => i !== 8)
    const removed = measureGroup(fewer, new Map(), 0.7, last)
    expect(sorted(removed)).toEqual(
      sorted(
        measureGroup(
          fewer,
          all(
            sets.filter((_, i) => i !== 8),
            fewer,
          ),
          0.7,
        ),
      ),
    )
    const more = [...fewer, '/city-40']
    const added = measureGroup(more, new Map([['/city-40', page(8, 5)]]), 0.7, removed)
    expect(sorted(added)).toEqual(sorted(measureGroup(more, all([...sets.filter((_, i) => i !== 8), page(8, 5)], more), 0.7)))
    // Nothing changed: the same measure.
    expect(measureGroup(more, new Map(), 0.7, added)).toBe(added)
    // The order of the pages does not change the result (ties go to the first key).
    const reversed = measureGroup([...keys].reverse(), all([...before].reverse(), [...keys].reverse()), 0.7)
    expect(sorted(reversed)).toEqual(sorted(first))
  })
})
