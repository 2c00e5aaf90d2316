// Issue 12: a city page is not the service page with another name in it. Two pages of the same service in cities
// of different regions share at most about 70% of their own words (before the regions: 99%).
import type { HTMLElement } from 'node-html-parser'
import { describe, expect, it } from 'vitest'
import { loadCatalogue, type City } from '../../src/catalog/index'
import { page } from './dist'

const catalogue = loadCatalogue()
/** The most two pages of different regions may share (the "about 70%"). */
const MAX_SHARED = 0.7

/**
 * The words a page says of its own: the main content without the header, the footer, the quote form, scripts and
 * lists of links (the nearby cities, the other services), with the city's name blanked out.
 */
function ownWords(root: HTMLElement, city: City): string[] {
  const main = root.querySelector('main')!.clone() as HTMLElement
  for (const el of main.querySelectorAll('nav, form, script, template')) el.remove()
  for (const list of main.querySelectorAll('ul, ol')) {
    const items = list.querySelectorAll('li')
    if (items.length > 0 && items.every((li) => li.querySelector('a'))) list.remove()
  }
  // The sections of links to the state's other cities and the city's other services.
  for (const section of main.querySelectorAll('section')) if (section.querySelectorAll('a').length >= 8) section.remove()
  const text = main.textContent.split(city.displayName).join(' ').split(city.name).join(' ')
  return text.toLowerCase().match(/[\p{L}\p{N}’']+/gu) ?? []
}

/** Runs of five words (shingles), the usual unit of near-duplicate detection. */
function shingles(words: string[]): Set<string> {
  const set = new Set<string>()
  for (let i = 0; i + 5 <= words.length; i++) set.add(words.slice(i, i + 5).join(' '))
  return set
}

/** The share of a's five-word runs that b has too. */
function shared(a: string[], b: string[]): number {
  const [A, B] = [shingles(a), shingles(b)]
  let common = 0
  for (const s of A) if (B.has(s)) common++
  return common / A.size
}

/** The largest city of each region, in the order of data/regions.yaml. */
const capitals = [...catalogue.climateRegions.keys()].flatMap((key) => catalogue.cities.find((c) => c.climateRegion === key) ?? [])

/** For each service, two cities of different regions (rotating through the regions), plus the two examples. */
const pairs: [string, City, City][] = [
  ['deep-cleaning', catalogue.cityBySlug.get('miami')!, catalogue.cityBySlug.get('minneapolis')!],
  ['window-cleaning', catalogue.cityBySlug.get('phoenix')!, catalogue.cityBySlug.get('seattle')!],
  ...catalogue.services.map((s, i): [string, City, City] => [s.slug, capitals[i % capitals.length]!, capitals[(i + 5) % capitals.length]!]),
]

describe('city pages of different regions', () => {
  const measured = pairs.map(([service, a, b]) => {
    const [wa, wb] = [ownWords(page(`/${a.slug}-${service}`), a), ownWords(page(`/${b.slug}-${service}`), b)]
    return { service, a: a.displayName, b: b.displayName, words: `${wa.length}/${wb.length}`, shared: Math.max(shared(wa, wb), shared(wb, wa)) }
  })

  it(`share at most ${MAX_SHARED * 100}% of their own words (${pairs.length} pairs, every service)`, () => {
    console.info(measured.map((m) => `${(m.shared * 100).toFixed(1)}%  ${m.service}: ${m.a} / ${m.b} (${m.words} words)`).join('\n'))
    expect(new Set(pairs.map(([, a, b]) => a.climateRegion === b.climateRegion))).toEqual(new Set([false]))
    for (const m of measured) expect(m.shared, `${m.service}: ${m.a} / ${m.b}`).toBeLessThanOrEqual(MAX_SHARED)
  })

  it('while two cities of the same region still share their region (the measure is not blind)', () => {
    const [chicago, detroit] = [catalogue.cityBySlug.get('chicago')!, catalogue.cityBySlug.get('detroit')!]
    expect(chicago.climateRegion).toBe(detroit.climateRegion)
    const same = shared(ownWords(page('/chicago-deep-cleaning'), chicago), ownWords(page('/detroit-deep-cleaning'), detroit))
    expect(same).toBeGreaterThan(0.9)
  })
})
