// Search engines see a company, not name-swapped pages (issue 38): which built pages ask to be indexed, measured by the
// build (src/seo/), checked here on the files and against a measure of their HTML made independently
// (tests/helpers/nearDuplicates.ts).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse as parseCsv } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { loadCatalogue, type City } from '../../src/catalog/index'
import { pageModels } from '../../src/pages/entries'
import { fileForPath } from '../../src/urls/paths'
import { jaccard, pageWords, shingles } from '../helpers/nearDuplicates'
import { DIST, page, text, texts } from './dist'

const catalogue = loadCatalogue()
const SITE = catalogue.site.siteUrl
const { threshold } = catalogue.site.searchIndex
const sitemap = new Set([...readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.slice(SITE.length)))
const robots = (url: string) => page(url).querySelector('meta[name="robots"]')?.getAttribute('content')

/** The build's measure of every page (dist/search-index.csv), by path. */
const measured = new Map(
  parseCsv<Record<string, string>>(readFileSync(path.join(DIST, '..', 'search-index.csv'), 'utf8'), { columns: true }).map((row) => [
    row['page']!.slice(SITE.length),
    { kind: row['kind']!, indexed: row['indexed'] === 'yes', twin: row['closest twin']!.slice(SITE.length), similarity: Number(row['similarity']) },
  ]),
)

describe('the search index', () => {
  it('keeps a city-service page with nothing of its own out: noindex, follow, out of the sitemap, still linked from its hub', () => {
    const url = '/plano-office-cleaning-janitorial'
    const m = measured.get(url)!
    console.log(`${url}: closest twin ${m.twin}, ${m.similarity.toFixed(3)}`)
    expect(m.similarity).toBeGreaterThanOrEqual(threshold)
    expect(robots(url)).toBe('noindex, follow')
    // Its own canonical, and its first-scheme twin follows it out.
    expect(page(url).querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}${url}`)
    expect(robots('/plano-office-cleaning')).toBe('noindex, follow')
    expect(sitemap.has(url)).toBe(false)
    expect(
      page('/local-services/plano')
        .querySelectorAll('[data-hub-services] a')
        .map((a) => a.getAttribute('href')),
    ).toContain(url)
  })

  it('indexes a hub far from other served cities (Billings, MT) with its towns and ZIP codes', () => {
    const url = '/local-services/billings'
    const hub = page(url)
    expect(measured.get(url)!.similarity).toBeLessThan(threshold)
    expect(robots(url)).toBeUndefined()
    expect(sitemap.has(url)).toBe(true)
    expect(text(hub.querySelector('#hub-towns-heading'))).toBe('Towns we reach from Billings')
    const towns = texts(hub, '[data-hub-towns] li')
    expect(towns[0]).toMatch(/^Lockwood, MT \(\d+ mi\)$/)
    expect(text(hub.querySelector('[data-hub-towns] p'))).toContain('within 60 mi in a straight line')
    expect(text(hub.querySelector('#hub-codes-heading'))).toBe('ZIP codes')
    expect(text(hub.querySelector('[data-hub-codes] details p'))).toMatch(/\b59101\b/)
  })

  it('decides a hub whose nearest served city is a few miles away by its measure', () => {
    for (const url of ['/local-services/goodyear', '/local-services/avondale', '/local-services/mississauga']) {
      const m = measured.get(url)!
      console.log(`${url}: closest twin ${m.twin}, ${m.similarity.toFixed(3)}, ${m.indexed ? 'indexed' : 'out'}`)
      expect(m.indexed).toBe(m.similarity < threshold)
      expect(robots(url)).toBe(m.indexed ? undefined : 'noindex, follow')
      expect(sitemap.has(url)).toBe(m.indexed)
    }
  })

  it('lists in the sitemap exactly the measured city pages it indexes, and links no noindexed page by hreflang', () => {
    for (const [url, m] of measured) {
      if (m.kind === 'other') continue
      expect(sitemap.has(url), url).toBe(m.indexed)
    }
    const out = new Set([...measured].filter(([, m]) => !m.indexed).map(([url]) => `${SITE}${url}`))
    const bad: string[] = []
    for (const entry of pageModels(catalogue)) {
      const html = readFileSync(path.join(DIST, fileForPath(entry.path)), 'utf8')
      for (const [, href] of html.matchAll(/<link rel="alternate" hrefLang="[^"]+" href="([^"]+)"/g)) if (out.has(href!)) bad.push(`${entry.path} → ${href}`)
    }
    expect(bad).toEqual([])
  })

  it('measures the other pages under the threshold: they stay indexed', () => {
    const others = [...measured].filter(([, m]) => m.kind === 'other')
    expect(others.length).toBe(44)
    for (const [url, m] of others) {
      expect(m.similarity, url).toBeLessThan(threshold)
      expect(sitemap.has(url), url).toBe(true)
    }
  })

  it('keeps French pages out or in by the same measure, in French', () => {
    const url = '/fr/montreal-decapage-et-cirage'
    const m = measured.get(url)!
    expect(m.twin.startsWith('/fr/')).toBe(true)
    expect(robots(url)).toBe(m.indexed ? undefined : 'noindex, follow')
    const hub = page('/fr/services-locaux/montreal')
    expect(text(hub.querySelector('#hub-towns-heading'))).toBe('Localités desservies depuis Montréal')
    expect(text(hub.querySelector('[data-hub-towns] p'))).toContain('à vol d’oiseau')
    expect(text(hub.querySelector('#hub-codes-heading'))).toBe('Codes postaux')
  })

  it('computes the similarity a measure of the built HTML finds (50 pairs of each kind, within 0.02)', () => {
    const cityOf = new Map<string, City>()
    for (const entry of pageModels(catalogue))
      if (entry.kind === 'city' || entry.kind === 'city-service') cityOf.set(entry.path, catalogue.cityBySlug.get(entry.city.slug)!)
    const wordsOf = (url: string) => {
      const city = cityOf.get(url)
      return shingles(pageWords(readFileSync(path.join(DIST, fileForPath(url)), 'utf8'), city ? [city.name, city.displayName] : []))
    }
    for (const kind of ['city-service', 'city', 'other']) {
      const pages = [...measured].filter(([, m]) => m.kind === kind)
      // Spread over the list: every service, region and language.
      const sample = Array.from({ length: 50 }, (_, i) => pages[Math.floor((i * pages.length) / 50)]!)
      const off = sample.flatMap(([url, m]) => {
        const independent = jaccard(wordsOf(url), wordsOf(m.twin))
        return Math.abs(independent - m.similarity) > 0.02 ? [`${url} ~ ${m.twin}: build ${m.similarity.toFixed(3)}, HTML ${independent.toFixed(3)}`] : []
      })
      console.log(`${kind}: ${sample.length} pairs compared, ${off.length} off by more than 0.02`)
      expect(off).toEqual([])
    }
  })
})
