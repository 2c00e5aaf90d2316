// The search index's measure from nothing shared with a measure thread (src/build/measureThread.ts), as the build
// measures a fresh clone: the thread measures a group as this thread does, and the shared index is the index.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { measureThread } from '../../src/build/measureThread'
import { pageTextKeys } from '../../src/build/propsHash'
import { catalogueCatchments } from '../../src/geo/catchment'
import { keptValues } from '../../src/build/keptValues'
import { forgetMeasures, searchIndex, searchIndexShared, wholeGroupMeasure, type SearchIndex, type WholeGroup } from '../../src/seo/searchIndex'
import { catalogueWith } from './helpers/dataCopy'

const TINY = ['Boise', 'Nampa', 'Montréal', 'Laval']
/** data/cities.csv and data/city-slugs.csv with four cities only. */
const tinyCities = () => {
  const keep = (file: string, column: number) => {
    const [header, ...rows] = readFileSync(path.resolve('data', file), 'utf8').trimEnd().split('\n') as [string, ...string[]]
    return `${[header, ...rows.filter((row) => TINY.includes(row.split(',')[column]!))].join('\n')}\n`
  }
  return { 'cities.csv': keep('cities.csv', 0), 'city-slugs.csv': keep('city-slugs.csv', 1) }
}
const decisions = (index: SearchIndex) => index.pages.map(({ city: _city, ...page }) => page)

describe('the measure shared with a thread', () => {
  it('is the index measured in one thread, and hands the helper every group when nothing is kept', async () => {
    forgetMeasures()
    const alone = decisions(searchIndex(catalogueWith(tinyCities()), pageTextKeys(catalogueWith(tinyCities()))))
    forgetMeasures()
    const catalogue = catalogueWith(tinyCities())
    let handed: readonly string[] = []
    // A helper that takes no group: this thread measures them all.
    const shared = await searchIndexShared(catalogue, pageTextKeys(catalogue), (ids) => ((handed = ids), Promise.resolve(new Map<string, WholeGroup>())))
    expect(decisions(shared)).toEqual(alone)
    // Every group (the hubs, the other pages and each service's city pages, in both languages), none kept.
    expect(handed).toEqual(expect.arrayContaining(['city en', 'city fr', 'other en', 'city-service fr office-cleaning']))
    expect(handed.filter((id) => id.startsWith('city-service ')).length).toBe(32)
    forgetMeasures()
  })

  it("measures in a worker thread each group it takes as this thread measures it, its pages' keys included", async () => {
    forgetMeasures()
    const root = mkdtempSync(path.join(os.tmpdir(), 'shared-measure-'))
    try {
      const catalogue = catalogueWith(tinyCities())
      const kept = { dir: path.join(root, 'kept'), code: 'code' }
      catalogueCatchments(catalogue, keptValues(kept.dir, kept.code))
      const ids = ['city en', 'city-service fr office-cleaning', 'other en']
      const theirs = await measureThread(catalogue.inputs, kept)(ids, new SharedArrayBuffer(4))
      expect([...theirs.keys()].sort()).toEqual([...ids].sort())
      const textKey = pageTextKeys(catalogue)
      for (const id of ids) expect(theirs.get(id)).toEqual(wholeGroupMeasure(catalogue, id, textKey))
    } finally {
      forgetMeasures()
      rmSync(root, { recursive: true, force: true })
    }
  })
})
