import { describe, expect, it } from 'vitest'
import { assignPublishedSlugs, similarNames, type SlugCity } from '../../../src/slugs/changes'
import { slugRecordText, type SlugRecordRow } from '../../../src/slugs/record'
import { slugRedirects } from '../../../src/slugs/redirects'
import { describeSlugChanges } from '../../../src/slugs/report'

const FILE = 'data/cities.csv'
let nextLine = 2
const city = (name: string, state: string, population: number, requestedSlug?: string): SlugCity => ({
  name,
  state,
  country: ['QC', 'ON', 'BC'].includes(state) ? 'CA' : 'US',
  population,
  line: nextLine++,
  ...(requestedSlug ? { requestedSlug } : {}),
})
const byPopulation = (cities: SlugCity[]) => [...cities].sort((a, b) => b.population - a.population)

const MO = city('Springfield', 'MO', 169176)
const MA = city('Springfield', 'MA', 155929)
const IL = city('Springfield', 'IL', 114394)
const BOISE = city('Boise', 'ID', 235684)
const AURORA = city('Aurora', 'CO', 386261)
const TODAY = byPopulation([MO, MA, IL, BOISE, AURORA])

/** The record the first build writes for `cities`. */
function published(cities: SlugCity[]): SlugRecordRow[] {
  const first = assignPublishedSlugs(byPopulation(cities), null, FILE)
  expect(first.problems).toEqual([])
  return first.record
}
const RECORD = published(TODAY)

/** Slugs by "Name, ST" after an edit of the cities, given the record. */
function edit(cities: SlugCity[], record = RECORD) {
  const sorted = byPopulation(cities)
  const result = assignPublishedSlugs(sorted, record, FILE)
  const slugOf = Object.fromEntries(sorted.map((c, i) => [`${c.name}, ${c.state}`, result.slugs[i]]))
  // Building again with the record this edit wrote changes nothing: the build can run any number of times.
  const again = assignPublishedSlugs(sorted, result.record, FILE)
  expect(again.slugs).toEqual(result.slugs)
  expect(again.record).toEqual(result.record)
  expect(again.changes).toEqual({ firstRecord: false, added: [], removed: [], renamed: [], urls: [], hints: [] })
  return { ...result, slugOf }
}
const row = (slug: string, c: Pick<SlugCity, 'name' | 'state' | 'country'>, status: SlugRecordRow['status']): SlugRecordRow => ({
  slug,
  name: c.name,
  state: c.state,
  country: c.country,
  status,
})
const label = (c: SlugCity) => ({ name: c.name, state: c.state, country: c.country })

describe('the first record', () => {
  it('follows the collision rule: the most populous namesake gets the bare slug', () => {
    expect(RECORD).toEqual([
      row('aurora', AURORA, 'live'),
      row('boise', BOISE, 'live'),
      row('springfield', MO, 'live'),
      row('springfield-il', IL, 'live'),
      row('springfield-ma', MA, 'live'),
    ])
    expect(assignPublishedSlugs(TODAY, null, FILE).changes.firstRecord).toBe(true)
  })
})

describe('assignPublishedSlugs', () => {
  it('keeps every slug when nothing changed', () => {
    const { slugOf, changes, record } = edit(TODAY)
    expect(slugOf['Springfield, MO']).toBe('springfield')
    expect(record).toEqual(RECORD)
    expect(changes.added).toEqual([])
  })

  it('never gives a new, richer namesake a published slug', () => {
    const OH = city('Springfield', 'OH', 500000)
    const { slugOf, changes, record, collisions } = edit([...TODAY, OH])
    expect(slugOf).toMatchObject({ 'Springfield, OH': 'springfield-oh', 'Springfield, MO': 'springfield', 'Springfield, MA': 'springfield-ma' })
    expect(changes.added).toEqual([{ city: label(OH), slug: 'springfield-oh', back: false }])
    expect(changes.urls).toEqual([])
    expect(slugRedirects(record)).toEqual([])
    expect(collisions).toEqual([
      {
        slug: 'springfield',
        kept: 'Springfield, MO',
        renamed: [
          { city: 'Springfield, OH', slug: 'springfield-oh' },
          { city: 'Springfield, MA', slug: 'springfield-ma' },
          { city: 'Springfield, IL', slug: 'springfield-il' },
        ],
      },
    ])
  })

  it('keeps the slug of a city whose name is corrected', () => {
    const renamed = { ...BOISE, name: 'Boise City' }
    const { slugOf, changes, record } = edit([...TODAY.filter((c) => c !== BOISE), renamed])
    expect(slugOf['Boise City, ID']).toBe('boise')
    expect(changes.renamed).toEqual([{ from: label(BOISE), to: label(renamed), slug: 'boise', because: 'similar-name' }])
    expect(changes.added).toEqual([])
    expect(changes.removed).toEqual([])
    expect(record).toContainEqual(row('boise', renamed, 'live'))
  })

  it.each([
    ['Pheonix', 'Phoenix'],
    ['St. Petersburg', 'Saint Petersburg'],
    ['Ville de Québec', 'Québec'],
    ['Montréal', 'Montreal'],
  ])('treats %j corrected to %j as the same city', (before, after) => {
    const old = city(before, 'QC', 1000)
    const record = published([...TODAY, old])
    const { slugOf, changes } = edit([...TODAY, { ...old, name: after }], record)
    expect(slugOf[`${after}, QC`]).toBe(record.find((r) => r.name === before)!.slug)
    expect(changes.renamed).toHaveLength(1)
  })

  it('does not guess when a removed city and an added one have unrelated names, and says how to keep the URLs', () => {
    const { slugOf, changes } = edit([...TODAY.filter((c) => c !== BOISE), city('Meridian', 'ID', 117635)])
    expect(slugOf['Meridian, ID']).toBe('meridian')
    expect(changes.removed).toEqual([{ city: label(BOISE), slug: 'boise' }])
    expect(changes.urls).toEqual([{ kind: 'removed', slug: 'boise', city: label(BOISE) }])
    expect(changes.hints).toEqual([])
  })

  it('does not guess between two similar candidates, and hints at the slug column', () => {
    const record = published([...TODAY, city('Fort Worth', 'TX', 900000)])
    const { slugOf, changes } = edit([...TODAY, city('Fort Worth City', 'TX', 900000), city('Fort Worth Park', 'TX', 1000)], record)
    expect(slugOf['Fort Worth City, TX']).toBe('fort-worth-city')
    expect(changes.hints).toEqual([
      expect.stringMatching(
        /^Fort Worth, TX was removed and Fort Worth City, TX \(line \d+\) added: if this is the same city renamed, write "fort-worth" in the "slug" column of its row to keep its URLs$/,
      ),
      expect.stringMatching(/^Fort Worth, TX was removed and Fort Worth Park, TX \(line \d+\) added/),
    ])
  })

  it('lets the slug column say that a city is a renamed one', () => {
    const { slugOf, changes } = edit([...TODAY.filter((c) => c !== BOISE), city('Treasure Valley', 'ID', 235684, 'boise')])
    expect(slugOf['Treasure Valley, ID']).toBe('boise')
    expect(changes.renamed).toEqual([{ from: label(BOISE), to: expect.objectContaining({ name: 'Treasure Valley' }), slug: 'boise', because: 'slug-column' }])
  })

  it('turns a removed city’s slug into a redirect to the service pages, and never gives it to another city', () => {
    const { record, changes, slugOf } = edit([...TODAY.filter((c) => c !== AURORA), city('Aurora', 'IL', 180542)])
    expect(record).toContainEqual(row('aurora', AURORA, 'removed'))
    expect(slugOf['Aurora, IL']).toBe('aurora-il')
    expect(changes.urls).toEqual([{ kind: 'removed', slug: 'aurora', city: label(AURORA) }])
    expect(slugRedirects(record)).toEqual([{ from: 'aurora', to: null, city: label(AURORA) }])
  })

  it('gives a city added back its old slug', () => {
    const without = edit(TODAY.filter((c) => c !== AURORA)).record
    const { slugOf, changes, record } = edit(TODAY, without)
    expect(slugOf['Aurora, CO']).toBe('aurora')
    expect(changes.added).toEqual([{ city: label(AURORA), slug: 'aurora', back: true }])
    expect(changes.urls).toEqual([{ kind: 'taken', slug: 'aurora', was: label(AURORA), now: label(AURORA), wasRedirect: true }])
    expect(record).toEqual(RECORD)
  })

  it('moves a city to the slug the staff ask for; the old slug redirects to it', () => {
    const { slugOf, changes, record } = edit(TODAY.map((c) => (c === MO ? { ...MO, requestedSlug: 'springfield-mo' } : c)))
    expect(slugOf['Springfield, MO']).toBe('springfield-mo')
    expect(changes.urls).toEqual([{ kind: 'moved', slug: 'springfield', city: label(MO), to: 'springfield-mo' }])
    expect(slugRedirects(record)).toEqual([{ from: 'springfield', to: 'springfield-mo', city: label(MO) }])
    expect(slugRecordText(record)).toContain('springfield,Springfield,MO,US,moved,/springfield-mo-{service}\n')
  })

  it('gives a freed slug to the city the staff name for it, in the same edit', () => {
    const OH = city('Springfield', 'OH', 500000, 'springfield')
    const { slugOf, changes, record } = edit([...TODAY.map((c) => (c === MO ? { ...MO, requestedSlug: 'springfield-mo' } : c)), OH])
    expect(slugOf).toMatchObject({ 'Springfield, OH': 'springfield', 'Springfield, MO': 'springfield-mo' })
    expect(changes.urls).toEqual([{ kind: 'taken', slug: 'springfield', was: label(MO), now: label(OH), wasRedirect: false, wasNowAt: 'springfield-mo' }])
    expect(describeSlugChanges(changes)).toEqual([
      'added Springfield, OH: /springfield-… (32 new pages)',
      '/springfield-… will show Springfield, OH instead of Springfield, MO; Springfield, MO moves to /springfield-mo-… (its old URLs cannot redirect there)',
    ])
    expect(slugRedirects(record)).toEqual([])
  })

  it('says that a city renamed with a new slug moves, once, not that its URLs stay', () => {
    const renamed = { ...BOISE, name: 'Boise City', requestedSlug: 'boise-city' }
    const { changes } = edit([...TODAY.filter((c) => c !== BOISE), renamed])
    expect(describeSlugChanges(changes)).toEqual(['renamed Boise, ID → Boise City, ID, with new URLs: /boise-… → /boise-city-…; the 32 old URLs will redirect'])
    const kept = edit([...TODAY.filter((c) => c !== BOISE), { ...BOISE, name: 'Boise City' }])
    expect(describeSlugChanges(kept.changes)).toEqual(['renamed Boise, ID → Boise City, ID: its URLs stay at /boise-…'])
  })

  it('counts the French pages of a city of a French province', () => {
    const quebec = city('Québec', 'QC', 549459)
    const french = (c: { state: string }) => c.state === 'QC'
    const added = edit([...TODAY, quebec])
    expect(describeSlugChanges(added.changes, french)).toEqual(['added Québec, QC: /quebec-… and /fr/quebec-… (48 new pages, 16 of them in French)'])
    const removed = edit(TODAY, published([...TODAY, quebec]))
    expect(describeSlugChanges(removed.changes, french)).toEqual([
      'removed Québec, QC: its 32 URLs /quebec-… will redirect to the service pages; its 16 French URLs /fr/quebec-… will not redirect (not found)',
    ])
    const moved = edit([...TODAY, { ...quebec, requestedSlug: 'quebec-city' }], published([...TODAY, quebec]))
    expect(describeSlugChanges(moved.changes, french)).toEqual([
      'new URLs for Québec, QC: /quebec-… → /quebec-city-…; the 32 old URLs will redirect; its 16 French pages move to /fr/quebec-city-… and their old URLs /fr/quebec-… will not redirect (not found)',
    ])
  })

  it('refuses a slug that another city has, naming both lines', () => {
    const asking = city('Springfield', 'OH', 500000, 'springfield')
    const { problems } = assignPublishedSlugs(byPopulation([...TODAY, asking]), RECORD, FILE)
    expect(problems).toEqual([
      `data/cities.csv line ${asking.line}, column "slug": "springfield" is already the URL slug of Springfield, MO (line ${MO.line}); choose another slug`,
    ])
  })

  it('refuses a new city whose only slugs were another city’s', () => {
    const record = [
      ...RECORD,
      row('springfield-oh', { name: 'Springfield', state: 'OH', country: 'US' }, 'removed'),
      row('springfield-oh-oh', { name: 'Gone', state: 'OH', country: 'US' }, 'removed'),
    ]
    const oh = city('Springfield OH', 'OH', 10)
    const { problems } = assignPublishedSlugs(byPopulation([...TODAY, oh]), record, FILE)
    expect(problems).toEqual([
      `data/cities.csv line ${oh.line}, column "name": "Springfield OH, OH" would get the URL slug "springfield-oh-oh", which another city already had; write another slug for it in the "slug" column`,
    ])
  })
})

describe('similarNames', () => {
  it.each([
    ['Boise', 'Boise City', true],
    ['Pheonix', 'Phoenix', true],
    ['Sacremento', 'Sacramento', true],
    ['St. Louis', 'Saint Louis', true],
    ['Mt. Pleasant', 'Mount Pleasant', true],
    ['Boise', 'Boone', false],
    ['Boise', 'Meridian', false],
    ['Salem', 'Winston-Salem', true],
    ['Aurora', 'Austin', false],
  ])('%j and %j: %s', (a, b, similar) => {
    expect(similarNames(a, b)).toBe(similar)
  })
})
