import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { keptValues } from '../../../src/build/keptValues'
import { assembleCatalogue, loadCatalogue, readCatalogueInputs, type Catalogue } from '../../../src/catalog/index'
import { publishedRecord } from '../../../src/slugs/committed'
import type { SlugRecordRow } from '../../../src/slugs/record'
import { publishSlugRecord } from '../../../src/slugs/report'

const row = (slug: string, name: string, state: string, status: SlugRecordRow['status']): SlugRecordRow => ({ slug, name, state, country: 'US', status })

describe('the published record', () => {
  const committed = [row('aurora', 'Aurora', 'CO', 'removed'), row('boise', 'Boise', 'ID', 'live')]

  it('is the committed record, without the rows a local build added or changed', () => {
    const working = [row('aurora', 'Aurora', 'CO', 'removed'), row('boise', 'Boise', 'ID', 'moved'), row('boise-city', 'Boise City', 'ID', 'live')]
    expect(publishedRecord(working, committed)).toEqual(committed)
  })

  it('leaves out the rows deleted from the file (redirects retired by hand), and is the file as it is where nothing is committed', () => {
    expect(publishedRecord([row('boise', 'Boise', 'ID', 'live')], committed)).toEqual([row('boise', 'Boise', 'ID', 'live')])
    expect(publishedRecord(null, committed)).toEqual(committed)
    expect(publishedRecord(committed.slice(1), undefined)).toEqual(committed.slice(1))
    expect(publishedRecord(null, undefined)).toBeNull()
  })
})

describe('a slug is published when it is committed', () => {
  const repo = mkdtempSync(path.join(tmpdir(), 'committed-slugs-'))
  afterAll(() => rmSync(repo, { recursive: true, force: true }))
  const dataDir = path.join(repo, 'data')
  cpSync(path.resolve('data'), dataDir, { recursive: true })
  const citiesFile = path.join(dataDir, 'cities.csv')
  const recordFile = path.join(dataDir, 'city-slugs.csv')
  const cities = readFileSync(citiesFile, 'utf8').trimEnd()
  const committedRecord = readFileSync(recordFile, 'utf8')
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, stdio: 'ignore' })
  // The build's kept values: git's answer is kept by the state of the repository, and must follow a commit.
  const remember = keptValues(path.join(repo, 'kept'), 'code')

  /** `npm run build`'s data step with these cities: the catalogue, and the record written (as build.ts does). */
  const build = (rows: string): Catalogue => {
    writeFileSync(citiesFile, `${rows}\n`)
    const catalogue = assembleCatalogue(readCatalogueInputs(dataDir, remember))
    // Without the kept values (check:data), the same answer.
    expect(loadCatalogue(dataDir).publishedSlugs).toEqual(catalogue.publishedSlugs)
    publishSlugRecord(catalogue)
    return catalogue
  }
  const belleville = (catalogue: Catalogue) => catalogue.publishedSlugs.record.filter((r) => r.slug.startsWith('belleville'))
  // Belleville, Ontario typed as Belleville, IL (a real town too), then corrected.
  const typo = `${cities}\nBelleville,IL,US,49454,,,,`
  const corrected = `${cities}\nBelleville,ON,CA,49454,,,,`

  it('frees the slug of a city added and corrected, or removed, before a commit: no redirect', () => {
    git('init', '-q')
    git('add', '.')
    git('commit', '-q', '-m', 'data')

    expect(belleville(build(typo))).toEqual([row('belleville', 'Belleville', 'IL', 'live')])
    expect(readFileSync(recordFile, 'utf8')).toContain('belleville,Belleville,IL,US,live,')

    const fixed = build(corrected)
    expect(belleville(fixed)).toEqual([{ ...row('belleville', 'Belleville', 'ON', 'live'), country: 'CA' }])
    expect(fixed.publishedSlugs.redirects.filter((r) => r.from.startsWith('belleville'))).toEqual([])
    expect(fixed.publishedSlugs.changes).toMatchObject({
      added: [{ city: { name: 'Belleville', state: 'ON', country: 'CA' }, slug: 'belleville', back: false }],
      removed: [],
      urls: [],
    })

    build(typo)
    const removed = build(cities)
    expect(belleville(removed)).toEqual([])
    expect(removed.publishedSlugs.changes).toMatchObject({ added: [], removed: [], urls: [] })
    expect(readFileSync(recordFile, 'utf8')).toBe(committedRecord)
  })

  it('keeps a committed slug: removing its city then redirects its URLs', () => {
    build(corrected)
    git('commit', '-q', '-am', 'Belleville, ON')
    const removed = build(cities)
    expect(belleville(removed)).toEqual([{ ...row('belleville', 'Belleville', 'ON', 'removed'), country: 'CA' }])
    expect(removed.publishedSlugs.redirects).toContainEqual({ from: 'belleville', to: null, city: { name: 'Belleville', state: 'ON', country: 'CA' } })
  })

  it('outside a git checkout, takes the record as the last build wrote it', () => {
    rmSync(path.join(repo, '.git'), { recursive: true })
    writeFileSync(recordFile, committedRecord)
    build(typo)
    const fixed = build(corrected)
    expect(fixed.cityBySlug.get('belleville-on')).toMatchObject({ name: 'Belleville', state: 'ON' })
    expect(fixed.publishedSlugs.redirects).toContainEqual({ from: 'belleville', to: null, city: { name: 'Belleville', state: 'IL', country: 'US' } })
  })
})
