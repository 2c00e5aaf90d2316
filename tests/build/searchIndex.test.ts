// Search engines see a company, not name-swapped pages (issues 38 and 54): which built pages ask to be indexed, measured
// by the build (src/seo/) on what they say in sentences, checked here on the files and against a measure of their HTML
// made independently (tests/helpers/nearDuplicates.ts).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse as parseCsv } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { loadCatalogue, type City } from '../../src/catalog/index'
import { pageModels } from '../../src/pages/entries'
import { canonicalPath } from '../../src/pages/head'
import type { PageModel } from '../../src/pages/model'
import { STATIC_PATHS } from '../../src/urls/routes'
import { fileForPath } from '../../src/urls/paths'
import { jaccard, pageWords, shingles } from '../helpers/nearDuplicates'
import { DIST, page, text, texts } from './dist'

const catalogue = loadCatalogue()
const SITE = catalogue.site.siteUrl
const { threshold } = catalogue.site.searchIndex
const sitemap = new Set([...readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.slice(SITE.length)))
const robots = (url: string) => page(url).querySelector('meta[name="robots"]')?.getAttribute('content')

/** The build's measure of every page (dist/search-index.csv), by path. */
const rows: string[][] = parseCsv(readFileSync(path.join(DIST, '..', 'search-index.csv'), 'utf8'))
const measured = new Map(
  rows
    .slice(1)
    .map((row) => [row[0]!.slice(SITE.length), { kind: row[1]!, indexed: row[3] === 'yes', twin: row[4]!.slice(SITE.length), similarity: Number(row[5]) }]),
)

/** Every canonical page the build measures, in its group: a service's city pages of one language, the hubs of one language, the other pages of one language. */
const groups = new Map<string, { path: string; city?: City }[]>()
const groupOf = new Map<string, string>()
for (const model of pageModels(catalogue)) {
  if (canonicalPath(model) !== model.path || model.kind === 'not-found' || model.kind === 'error') continue
  if (model.kind === 'static' && model.page === 'thank-you') continue
  const id = groupId(model)
  const city = model.kind === 'city' || model.kind === 'city-service' ? catalogue.cityBySlug.get(model.city.slug)! : undefined
  groups.set(id, [...(groups.get(id) ?? []), { path: model.path, ...(city ? { city } : {}) }])
  groupOf.set(model.path, id)
}
function groupId(model: PageModel): string {
  if (model.kind === 'city-service') return `city-service ${model.lang} ${model.service.slug}`
  return `${model.kind === 'city' ? 'city' : 'other'} ${model.lang}`
}

/** A built page's 5-word runs, as the independent measure reads its sentences (its own place blanked), made once each. */
const runsOf = new Map<string, Set<string>>()
function runs(url: string, city?: City): Set<string> {
  let set = runsOf.get(url)
  if (!set) runsOf.set(url, (set = shingles(pageWords(readFileSync(path.join(DIST, fileForPath(url)), 'utf8'), city ? [city.name, city.displayName] : []))))
  return set
}

describe('the search index', () => {
  it('measures the sentences of pages: no page of the sitemap has a twin at 0.8 or more (measured independently, every page of its group)', () => {
    expect(sitemap.size).toBeGreaterThan(0)
    const twins: string[] = []
    for (const url of sitemap) {
      const group = groups.get(groupOf.get(url)!)!
      const own = group.find((p) => p.path === url)!
      let closest = { url: '', similarity: 0 }
      for (const other of group) {
        if (other.path === url) continue
        const similarity = jaccard(runs(url, own.city), runs(other.path, other.city))
        if (similarity > closest.similarity) closest = { url: other.path, similarity }
      }
      if (closest.similarity >= 0.8) twins.push(`${url} ~ ${closest.url}: ${closest.similarity.toFixed(3)}`)
    }
    console.log(
      `${sitemap.size} pages of the sitemap, each against every page of its group (${runsOf.size} pages read): ${twins.length} with a twin at 0.8 or more`,
    )
    expect(twins).toEqual([])
  })

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

  it('keeps a hub whose sentences are another hub’s out, and still shows its visitors its towns and ZIP codes (Billings, MT)', () => {
    const url = '/local-services/billings'
    const hub = page(url)
    expect(measured.get(url)!.similarity).toBeGreaterThanOrEqual(threshold)
    expect(robots(url)).toBe('noindex, follow')
    expect(sitemap.has(url)).toBe(false)
    expect(text(hub.querySelector('#hub-towns-heading'))).toBe('Towns we reach from Billings')
    expect(texts(hub, '[data-hub-towns] li')[0]).toMatch(/^Lockwood, MT \(\d+ mi\)$/)
    expect(text(hub.querySelector('#hub-codes-heading'))).toBe('ZIP codes')
    expect(text(hub.querySelector('[data-hub-codes] details p'))).toMatch(/\b59101\b/)
  })

  it('lists a hub’s codes of its own country: Canadian postal areas (FSAs) on Canadian hubs, never a 5-digit code as a postal area', () => {
    const codes = (url: string) => text(page(url).querySelector('[data-hub-codes] details p')).split(' ')
    expect(codes('/local-services/halifax')).toContainEqual(expect.stringMatching(/^B3[A-Z]$/))
    expect(codes('/local-services/montreal')).toContainEqual(expect.stringMatching(/^H\d[A-Z]$/))
    expect(codes('/fr/services-locaux/montreal')).toContainEqual(expect.stringMatching(/^H\d[A-Z]$/))
    const wrong: string[] = []
    for (const hub of [
      ...readdirSync(path.join(DIST, 'local-services')),
      ...readdirSync(path.join(DIST, 'fr/services-locaux')).map((f) => `../fr/services-locaux/${f}`),
    ]) {
      const url = path.posix.join('/local-services', hub.replace(/\.html$/, ''))
      const p = page(url)
      const heading = text(p.querySelector('#hub-codes-heading'))
      if (!heading) continue
      const postal = heading === 'Postal codes' || heading === 'Codes postaux'
      const list = codes(url)
      const bad = list.filter((code) => (postal ? !/^[A-Z]\d[A-Z]$/.test(code) : !/^\d{5}$/.test(code)))
      if (bad.length > 0) wrong.push(`${url} (${heading}): ${bad.slice(0, 5).join(' ')}`)
    }
    expect(wrong).toEqual([])
  })

  it('names places as people write them: no gazetteer’s official name on any page or in the city finder’s index', () => {
    const OFFICIAL = /\(balance\)|\(historical\)|metropolitan government|metro government|unified government|consolidated government|urban county/i
    const files = readdirSync(DIST, { recursive: true, withFileTypes: true }).filter((f) => f.isFile() && /\.(html|json|txt)$/.test(f.name))
    expect(files.length).toBeGreaterThan(15_000)
    const found = files.flatMap((f) => {
      const match = OFFICIAL.exec(readFileSync(path.join(f.parentPath, f.name), 'utf8'))
      return match ? [`${path.relative(DIST, path.join(f.parentPath, f.name))}: ${match[0]}`] : []
    })
    expect(found).toEqual([])
    expect(texts(page('/local-services/bridgeport'), '[data-hub-towns] li')).toContainEqual(expect.stringMatching(/^Milford, CT \(\d+ mi\)$/))
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

  it('asks search engines on every city page, in both schemes and languages, what the measure decided of its canonical page', () => {
    // A build from nothing renders the pages while it measures, then renders again those the measure decides
    // otherwise (src/build/build.ts): none may keep the first guess.
    const wrong: string[] = []
    let indexed = 0
    for (const model of pageModels(catalogue)) {
      if (model.kind !== 'city' && model.kind !== 'city-service') continue
      const m = measured.get(canonicalPath(model)!)
      if (!m) throw new Error(`${model.path}: its canonical page ${canonicalPath(model)} is not in dist/search-index.csv`)
      const html = readFileSync(path.join(DIST, fileForPath(model.path)), 'utf8')
      const robots = /<meta name="robots" content="([^"]+)"\/>/.exec(html)?.[1]
      if (robots !== (m.indexed ? undefined : 'noindex, follow')) wrong.push(`${model.path}: robots ${robots ?? 'none'}, measured ${m.indexed ? 'in' : 'out'}`)
      if (m.indexed) indexed++
    }
    console.log(`${indexed} city pages (both schemes) asked to be indexed, as measured`)
    expect(indexed).toBeGreaterThan(0)
    expect(wrong).toEqual([])
  })

  it('lists in the sitemap exactly the measured city pages it indexes, and links no noindexed page by hreflang', () => {
    for (const [url, m] of measured) {
      if (m.kind === 'other') continue
      expect(sitemap.has(url), url).toBe(m.indexed)
    }
    const out = new Set([...measured].filter(([, m]) => !m.indexed).map(([url]) => `${SITE}${url}`))
    const bad: string[] = []
    for (const model of pageModels(catalogue)) {
      const html = readFileSync(path.join(DIST, fileForPath(model.path)), 'utf8')
      for (const [, href] of html.matchAll(/<link rel="alternate" hrefLang="[^"]+" href="([^"]+)"/g)) if (out.has(href!)) bad.push(`${model.path} → ${href}`)
    }
    expect(bad).toEqual([])
  })

  it('measures the other pages under the threshold: they stay indexed, the directory of every city among them', () => {
    const others = [...measured].filter(([, m]) => m.kind === 'other')
    // The static pages but the thank-you page, and the service pages, in both languages.
    expect(others.length).toBe(2 * (Object.keys(STATIC_PATHS.en).length - 1 + catalogue.services.length))
    for (const [url, m] of others) {
      expect(m.similarity, url).toBeLessThan(threshold)
      expect(sitemap.has(url), url).toBe(true)
    }
    expect(sitemap.has('/local-services')).toBe(true)
    expect(sitemap.has('/fr/services-locaux')).toBe(true)
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
    for (const kind of ['city-service', 'city', 'other']) {
      const pages = [...measured].filter(([, m]) => m.kind === kind)
      // Spread over the list: every service, region and language.
      const sample = Array.from({ length: 50 }, (_, i) => pages[Math.floor((i * pages.length) / 50)]!)
      const cityOf = (url: string) => groups.get(groupOf.get(url)!)!.find((p) => p.path === url)!.city
      const off = sample.flatMap(([url, m]) => {
        const independent = jaccard(runs(url, cityOf(url)), runs(m.twin, cityOf(m.twin)))
        return Math.abs(independent - m.similarity) > 0.02 ? [`${url} ~ ${m.twin}: build ${m.similarity.toFixed(3)}, HTML ${independent.toFixed(3)}`] : []
      })
      console.log(`${kind}: ${sample.length} pairs compared, ${off.length} off by more than 0.02`)
      expect(off).toEqual([])
    }
  })
})
