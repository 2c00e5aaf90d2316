import { createHash } from 'node:crypto'
import type { Catalogue, City } from '../catalog/index'
import { serviceFor } from '../catalog/canadianCopy'
import { frenchCities } from '../catalog/lists'
import { LANGS, type Lang } from '../i18n/lang'
import { cityFacts, type PageModel } from '../pages/model'
import type { PageProps } from '../pages/props'
import { cityServicePath } from '../urls/cityService'
import { cityHubPath, servicePath } from '../urls/paths'
import { STATIC_PATHS, type StaticPage } from '../urls/routes'
import { pageTextPieces } from './pageText'
import { measureGroup, measureHolds, pageRuns, WordCache, type GroupMeasure } from './similarity'

/**
 * Which pages search engines are asked to index, decided by measure (docs/architecture.md, "Search engines"). Every
 * canonical city page (a city's hub, each of its city-service pages) is compared with the other pages of its kind and
 * language (a city-service page with the same service's pages of the other cities; a hub with the other hubs), its own
 * place name blanked (src/seo/similarity.ts). A page whose closest twin measures at `searchIndex.threshold` of
 * data/site.yaml or more is a near duplicate: it gets `noindex, follow`, stays linked and reachable, and leaves the
 * sitemap. The site's other pages are indexed as before; they are measured too (against each other), for the report.
 */

type MeasuredKind = 'city-service' | 'city' | 'other'

/** A measured page. */
export interface MeasuredPage {
  path: string
  kind: MeasuredKind
  lang: Lang
  /** The city of a hub or city-service page. */
  city?: City
  /** The page of its group most like it (null: alone in its group). */
  twin: string | null
  /** Their similarity, 0–1. */
  similarity: number
  /** Its words (its main text). */
  words: number
  /** Words of its own it would need to measure under the threshold (0: it does). */
  wanting: number
  indexed: boolean
  /** A city page's key (`searchKey`), by which its pages' props ask whether it is indexed. */
  key?: string
}

export interface SearchIndex {
  threshold: number
  pages: MeasuredPage[]
  /** Whether the canonical city page of `key` (searchKey) is indexed; a page not measured is. */
  indexed: (key: string) => boolean
}

/** What decides a city page's place in the index: `en plano` (its hub), `en plano office-cleaning` (a city-service page). */
export const searchKey = (lang: Lang, citySlug: string, serviceSlug?: string) => (serviceSlug ? `${lang} ${citySlug} ${serviceSlug}` : `${lang} ${citySlug}`)

/** The keys of the city pages kept out of the index: what a render thread is given instead of measuring again. */
export type IndexDecision = readonly string[]

const measured = new WeakMap<Catalogue, SearchIndex>()
const adopted = new WeakMap<Catalogue, ReadonlySet<string>>()

/** A decision made elsewhere (the build's thread, for its render threads): the pages it kept out. */
export function adoptIndexDecision(catalogue: Catalogue, decision: IndexDecision) {
  adopted.set(catalogue, new Set(decision))
}

/** Whether the city page of `key` is indexed, from the decision adopted or else measured. */
export function isIndexed(catalogue: Catalogue, key: string, measure: (catalogue: Catalogue) => SearchIndex): boolean {
  const out = adopted.get(catalogue)
  if (out) return !out.has(key)
  return measure(catalogue).indexed(key)
}

/** The decision to hand to render threads: the keys of the city pages kept out. */
export function indexDecision(index: SearchIndex): IndexDecision {
  return index.pages.flatMap((p) => (p.indexed || !p.key ? [] : [p.key]))
}

/**
 * What the measure keeps from one catalogue to the next (in this process, and between builds through the build's
 * kept values): the key of each page's text, and each group's measure (its twins and its pages' runs, compact). A
 * one-row edit then measures again only the pages of the cities it changed, and compares them with the others.
 */
export interface MeasureMemory {
  /** By path: the key of the page's text (`textKey`) when it was measured. */
  pages: Map<string, string>
  /** By group (`city-service en office-cleaning`, `city fr`): the threshold and the group's measure. */
  groups: Map<string, { threshold: number; measure: GroupMeasure }>
  /** Whether anything changed since it was last kept. */
  changed: boolean
}

const memory: MeasureMemory = { pages: new Map(), groups: new Map(), changed: false }

/** The measure's memory of this process: what the build keeps between builds (src/build/keptMeasure.ts). */
export const measureMemory = () => memory

/** Forgets every measure of this process (the memory and the recent measures): the next one is made from nothing. */
export function forgetMeasures() {
  memory.pages.clear()
  memory.groups.clear()
  memory.changed = false
  recent.clear()
}

/** Puts back what a build kept, unless this process measured already. */
export function restoreMeasureMemory(kept: Pick<MeasureMemory, 'pages' | 'groups'>) {
  if (memory.pages.size > 0) return
  for (const [path, key] of kept.pages) memory.pages.set(path, key)
  for (const [id, group] of kept.groups) memory.groups.set(id, group)
  memory.changed = false
}

/**
 * The last few measures of each group this process made, by what they measured (`sameContent`): a catalogue made again
 * from the same data, or a state of the data met before (the tests alternate between the real site, small sites and
 * edits of them), takes its measure from here instead of measuring again what differs from the last one.
 */
const recent = new Map<string, { content: string; measure: GroupMeasure }[]>()
const RECENT_PER_GROUP = 3

function recentMeasure(id: string, content: string): GroupMeasure | undefined {
  const list = recent.get(id)
  const at = list?.findIndex((r) => r.content === content) ?? -1
  if (!list || at < 0) return undefined
  const [hit] = list.splice(at, 1)
  list.unshift(hit!)
  return hit!.measure
}

function rememberMeasure(id: string, content: string, measure: GroupMeasure) {
  const list = recent.get(id) ?? []
  list.unshift({ content, measure })
  list.length = Math.min(list.length, RECENT_PER_GROUP)
  recent.set(id, list)
}

/** A hash of what a group's measure is made from: the threshold, and each page's path and text key (undefined: one has none). */
function sameContent(id: string, threshold: number, group: readonly { model: PageModel }[], keys: readonly (string | undefined)[]): string | undefined {
  const text = [id, threshold]
  for (let i = 0; i < group.length; i++) {
    if (keys[i] === undefined) return undefined
    text.push(group[i]!.model.path, keys[i]!)
  }
  return createHash('sha1').update(text.join('\n')).digest('base64url')
}

/** What a page's text is made from, as a key (undefined: none, the page is measured every time). */
export type TextKey = (model: PageModel) => string | undefined

/**
 * Measures every canonical city page and the other pages and decides (once per catalogue). `propsOf`: the pages' props
 * without the decision (src/pages/props.ts passes its own, which would otherwise import this module back); `textKey`:
 * what each page's text is made from, so that a page whose key is unchanged is not measured again.
 */
export function searchIndex(
  catalogue: Catalogue,
  propsOf: (model: PageModel, catalogue: Catalogue) => PageProps,
  textKey: TextKey = () => undefined,
): SearchIndex {
  let index = measured.get(catalogue)
  if (index) return index
  const { threshold } = catalogue.site.searchIndex
  const pages: MeasuredPage[] = []
  const keyed = new Map<string, boolean>()
  const measure = (kind: MeasuredKind, lang: Lang, id: string, group: { model: PageModel; city?: City; key?: string }[]) => {
    const last = memory.groups.get(id)
    const kept = last?.threshold === threshold ? last.measure : undefined
    const keys = group.map(({ model }) => textKey(model))
    const content = sameContent(id, threshold, group, keys)
    let measure = content === undefined ? undefined : recentMeasure(id, content)
    if (measure) {
      // The same pages with the same text as a measure this process made lately (a catalogue made again, or the one
      // before an edit that was undone): that measure, not a new one.
      group.forEach(({ model }, i) => memory.pages.set(model.path, keys[i]!))
    } else {
      // The pages whose text changed (or that the kept measure lacks), measured again; the others' runs are kept.
      const changed = new Map<string, Int32Array>()
      const words = new WordCache()
      group.forEach(({ model, city }, i) => {
        const key = keys[i]
        if (key !== undefined && memory.pages.get(model.path) === key && kept && measureHolds(kept, model.path)) return
        changed.set(model.path, pageRuns(pageTextPieces(propsOf(model, catalogue)), city ? placeNames(city) : [], words))
        if (key !== undefined) memory.pages.set(model.path, key)
        else memory.pages.delete(model.path)
      })
      measure = measureGroup(
        group.map(({ model }) => model.path),
        changed,
        threshold,
        kept,
      )
      if (content !== undefined) rememberMeasure(id, content, measure)
    }
    if (measure !== kept) {
      memory.groups.set(id, { threshold, measure })
      memory.changed = true
    }
    const { twins } = measure
    group.forEach(({ model, city, key }) => {
      const { twin, similarity, runs, wanting } = twins.get(model.path)!
      const indexed = kind === 'other' || similarity < threshold
      pages.push({ path: model.path, kind, lang, ...(city ? { city } : {}), twin, similarity, words: runs, wanting, indexed, ...(key ? { key } : {}) })
      if (key) keyed.set(key, indexed)
    })
  }
  for (const lang of LANGS) {
    const cities = lang === 'fr' ? frenchCities(catalogue) : catalogue.cities
    for (const service of catalogue.services) {
      measure(
        'city-service',
        lang,
        `city-service ${lang} ${service.slug}`,
        cities.map((city) => ({
          city,
          key: searchKey(lang, city.slug, service.slug),
          model: {
            kind: 'city-service',
            lang,
            // The canonical scheme of each language (head.ts, canonicalPath).
            path: cityServicePath(city.slug, lang === 'fr' ? service.fr.slug : service.slug, lang === 'fr' ? 1 : 2, lang),
            scheme: lang === 'fr' ? 1 : 2,
            city: cityFacts(city),
            service: serviceFor(service, city),
          },
        })),
      )
    }
    measure(
      'city',
      lang,
      `city ${lang}`,
      cities.map((city) => ({
        city,
        key: searchKey(lang, city.slug),
        model: { kind: 'city', lang, path: cityHubPath(city.slug, lang), city: cityFacts(city) },
      })),
    )
    const statics = (Object.entries(STATIC_PATHS[lang]) as [StaticPage, string][]).filter(([page]) => page !== 'thank-you')
    measure('other', lang, `other ${lang}`, [
      ...statics.map(([page, path]): { model: PageModel } => ({ model: { kind: 'static', lang, path, page } })),
      ...catalogue.services.map((service): { model: PageModel } => ({
        model: { kind: 'service', lang, path: servicePath(lang === 'fr' ? service.fr.slug : service.slug, lang), service, viaAlias: false },
      })),
    ])
  }
  index = { threshold, pages, indexed: (key) => keyed.get(key) ?? true }
  measured.set(catalogue, index)
  return index
}

/** The names of its own place that a page's measure blanks: the city's name and the name its pages show. */
const placeNames = (city: City) => (city.displayName === city.name ? [city.name] : [city.name, city.displayName])

const count = (n: number) => n.toLocaleString('en-US')

/**
 * What `npm run check:data` and the build print of the index: one line of what is in and out, then the most populous
 * cities whose pages are out, each with how much text of its own its pages would need (docs/staff-guide.md, "Which
 * pages search engines index").
 */
export function indexReport(index: SearchIndex, { top = 20 }: { top?: number } = {}): string[] {
  const of = (kind: MeasuredKind) => index.pages.filter((p) => p.kind === kind)
  const hubs = of('city')
  const cityPages = of('city-service')
  const others = of('other')
  const hubsIn = hubs.filter((p) => p.indexed).length
  const pagesIn = cityPages.filter((p) => p.indexed).length
  const out = [
    hubs.length - hubsIn > 0 ? `${count(hubs.length - hubsIn)} hubs` : '',
    cityPages.length - pagesIn > 0 ? `${count(cityPages.length - pagesIn)} city-service pages` : '',
  ]
    .filter(Boolean)
    .join(' and ')
  const lines = [
    `search index: ${count(hubsIn)} of ${count(hubs.length)} hubs, ${count(pagesIn)} of ${count(cityPages.length)} city-service pages, ${count(others.length)} other pages` +
      (out ? `; ${out} out (similar to another city's page at ${index.threshold} or more)` : ''),
  ]
  // The cities whose pages are out, most populous first (the catalogue's order): what their English pages need.
  const byCity = new Map<City, MeasuredPage[]>()
  for (const page of [...cityPages, ...hubs])
    if (page.lang === 'en' && page.city && !page.indexed) byCity.set(page.city, [...(byCity.get(page.city) ?? []), page])
  const cities = [...byCity.keys()].sort((a, b) => b.population - a.population).slice(0, top)
  if (cities.length > 0) {
    lines.push(
      `  the ${cities.length} most populous cities with pages out, and the words of its own each page needs to come in (docs/staff-guide.md, "Which pages search engines index"):`,
    )
    for (const city of cities) {
      const pages = byCity.get(city)!
      const services = pages.filter((p) => p.kind === 'city-service')
      const hub = pages.find((p) => p.kind === 'city')
      const wanting = services.map((p) => p.wanting).sort((a, b) => a - b)
      const closest = services.reduce<MeasuredPage | undefined>((a, b) => (a && a.similarity >= b.similarity ? a : b), undefined)
      const parts = [
        services.length > 0
          ? `${services.length} of ${catalogueServices(index, city)} service pages out (closest: ${closest!.similarity.toFixed(2)}, ${closest!.twin}); ` +
            `${wanting[0] === wanting.at(-1) ? `about ${count(wanting[0]!)}` : `${count(wanting[0]!)}–${count(wanting.at(-1)!)}`} words of its own per page`
          : '',
        hub ? `hub out (${hub.similarity.toFixed(2)}, ${hub.twin}; about ${count(hub.wanting)} words of its own)` : '',
      ].filter(Boolean)
      lines.push(`  - ${city.name}, ${city.state}: ${parts.join('; ')}`)
    }
  }
  return lines
}

const catalogueServices = (index: SearchIndex, city: City) => index.pages.filter((p) => p.kind === 'city-service' && p.lang === 'en' && p.city === city).length

/** dist/search-index.csv: every measured page, for a spreadsheet (page, kind, language, indexed, closest twin, similarity, words). */
export function searchIndexCsv(index: SearchIndex, siteUrl = ''): string {
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
  const rows = [['page', 'kind', 'language', 'indexed', 'closest twin', 'similarity', 'words', 'words of its own needed'].join(',')]
  for (const p of index.pages) {
    rows.push(
      [siteUrl + p.path, p.kind, p.lang, p.indexed ? 'yes' : 'no', p.twin ? siteUrl + p.twin : '', p.similarity.toFixed(3), String(p.words), String(p.wanting)]
        .map(quote)
        .join(','),
    )
  }
  return `${rows.join('\n')}\n`
}
