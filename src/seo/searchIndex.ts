import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { parse as parseCsv } from 'csv-parse/sync'
import type { Catalogue, City } from '../catalog/index'
import type { Lang } from '../i18n/lang'
import { pageModels } from '../pages/entries'
import { canonicalPath, isNoindex } from '../pages/head'
import type { PageModel } from '../pages/model'
import { pageContent } from '../pages/props'
import { searchKey, type IndexDecision } from '../pages/searchStatus'
import { pageTextPieces } from './pageText'
import { measureGroup, measureHolds, pageRuns, WordCache, type GroupMeasure } from './similarity'

/**
 * Which pages search engines are asked to index, decided by measure (docs/architecture.md, "Search engines"). Every
 * canonical city page (a city's hub, each of its city-service pages) is compared with the other pages of its kind and
 * language (a city-service page with the same service's pages of the other cities; a hub with the other hubs) on what
 * it says in sentences (pageText.ts: lists, tables and folded blocks left out), its own place name blanked
 * (similarity.ts). A page whose closest twin measures at `searchIndex.threshold` of data/site.yaml or more is a near
 * duplicate: it gets `noindex, follow`, stays linked and reachable, and leaves the sitemap. The site's other pages are
 * indexed as before; they are measured too (against each other), for the report. The build measures once and hands
 * its decision to the pages' props as data (`indexDecision`, src/pages/searchStatus.ts).
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
  /** Its distinct 5-word runs (about the words of its sentences). */
  runs: number
  /** Words of its own it would need to measure under the threshold (0: it does). */
  wanting: number
  indexed: boolean
  /** A city page's key (`searchKey`), by which its pages' props ask whether it is indexed. */
  key?: string
}

export interface SearchIndex {
  threshold: number
  pages: MeasuredPage[]
  /**
   * What the measure this one started from said of each page, by path: the last build's (restored from what it kept,
   * src/build/keptMeasure.ts), or the last measure of this process (`npm start`'s last build); empty without one.
   */
  before: ReadonlyMap<string, PublishedPage>
}

const measured = new WeakMap<Catalogue, SearchIndex>()
const decisions = new WeakMap<SearchIndex, IndexDecision>()

/** The decision the pages' props are given (src/pages/searchStatus.ts): the keys of the city pages kept out. */
export function indexDecision(index: SearchIndex): IndexDecision {
  let decision = decisions.get(index)
  if (!decision) decisions.set(index, (decision = { out: new Set(index.pages.flatMap((p) => (p.indexed || !p.key ? [] : [p.key]))) }))
  return decision
}

/**
 * A decision to render pages by while the measure is made (the build, measuring from nothing: a fresh clone, new code):
 * the city pages `published` as indexed (the last build's dist/search-index.csv, readSearchIndexCsv) in, every other
 * city page out, as most are until the staff write what is true of a place. The build renders again the pages the
 * measure then decides otherwise (src/build/build.ts), so that a wrong guess costs time, never a wrong page.
 */
export function provisionalDecision(catalogue: Catalogue, published: ReadonlyMap<string, PublishedPage>): IndexDecision {
  const out = new Set<string>()
  for (const { pages } of indexGroups(catalogue).values()) for (const { model, key } of pages) if (key && !published.get(model.path)?.indexed) out.add(key)
  return { out }
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

/** A group of pages measured together: a service's city pages in one language, the hubs of one language, the other pages of one language. */
interface IndexGroup {
  kind: MeasuredKind
  lang: Lang
  pages: { model: PageModel; city?: City; key?: string }[]
}

/**
 * Every canonical page search engines may index (not the not-found screens, nor the thank-you page), by group (by id:
 * `city-service en office-cleaning`, `city fr`, `other en`), made once per catalogue.
 */
function indexGroups(catalogue: Catalogue): Map<string, IndexGroup> {
  let groups = groupsOf.get(catalogue)
  if (groups) return groups
  groups = new Map()
  for (const model of pageModels(catalogue)) {
    if (isNoindex(model) || canonicalPath(model) !== model.path) continue
    const kind: MeasuredKind = model.kind === 'city' || model.kind === 'city-service' ? model.kind : 'other'
    const id = model.kind === 'city-service' ? `city-service ${model.lang} ${model.service.slug}` : `${kind} ${model.lang}`
    let group = groups.get(id)
    if (!group) groups.set(id, (group = { kind, lang: model.lang, pages: [] }))
    if (model.kind === 'city' || model.kind === 'city-service') {
      const service = model.kind === 'city-service' ? model.service.slug : undefined
      group.pages.push({ model, city: catalogue.cityBySlug.get(model.city.slug)!, key: searchKey(model.lang, model.city.slug, service) })
    } else group.pages.push({ model })
  }
  groupsOf.set(catalogue, groups)
  return groups
}
const groupsOf = new WeakMap<Catalogue, Map<string, IndexGroup>>()

/** The runs of a page of a group (similarity.ts), from its text (pageText.ts), its own place names blanked. */
const runsOfPage = (catalogue: Catalogue, { model, city }: IndexGroup['pages'][number], words: WordCache) =>
  pageRuns(pageTextPieces(pageContent(model, catalogue)), city ? placeNames(city) : [], words)

/**
 * Measures every canonical city page and the other pages and decides (once per catalogue). `textKey`: what each page's
 * text is made from (src/build/propsHash.ts), so that a page whose key is unchanged is not measured again.
 */
export function searchIndex(catalogue: Catalogue, textKey: TextKey = () => undefined): SearchIndex {
  return measured.get(catalogue) ?? indexFrom(catalogue, textKey)
}

/** The index of the catalogue. */
function indexFrom(catalogue: Catalogue, textKey: TextKey): SearchIndex {
  const { threshold } = catalogue.site.searchIndex
  const pages: MeasuredPage[] = []
  const before = new Map<string, PublishedPage>()
  const measure = (kind: MeasuredKind, lang: Lang, id: string, group: IndexGroup['pages']) => {
    const last = memory.groups.get(id)
    if (last)
      for (const [path, { similarity }] of last.measure.twins) before.set(path, { similarity, indexed: kind === 'other' || similarity < last.threshold })
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
      group.forEach((page, i) => {
        const { model } = page
        const key = keys[i]
        if (key !== undefined && memory.pages.get(model.path) === key && kept && measureHolds(kept, model.path)) return
        changed.set(model.path, runsOfPage(catalogue, page, words))
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
      pages.push({ path: model.path, kind, lang, ...(city ? { city } : {}), twin, similarity, runs, wanting, indexed, ...(key ? { key } : {}) })
    })
  }
  for (const [id, { kind, lang, pages: group }] of indexGroups(catalogue)) measure(kind, lang, id, group)
  const index = { threshold, pages, before }
  measured.set(catalogue, index)
  return index
}

/** The names of its own place that a page's measure blanks: the city's name and the name its pages show. */
const placeNames = (city: City) => (city.displayName === city.name ? [city.name] : [city.name, city.displayName])

const count = (n: number) => n.toLocaleString('en-US')
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`
const range = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[0] === sorted.at(-1) ? `about ${count(sorted[0]!)}` : `${count(sorted[0]!)}–${count(sorted.at(-1)!)}`
}

/**
 * What `npm run check:data` and the build print of the index: one line of what is in and out, then for the hubs and for
 * the city-service pages the most populous cities whose pages are out, each with how many words of its own in
 * sentences its pages would need (docs/staff-guide.md, "Which pages search engines index").
 */
export function indexReport(index: SearchIndex, { top = 20 }: { top?: number } = {}): string[] {
  const of = (kind: MeasuredKind) => index.pages.filter((p) => p.kind === kind)
  const hubs = of('city')
  const cityPages = of('city-service')
  const counts = indexCounts(index)
  const lines = [
    `search index (what pages say in sentences; lists, tables and folded blocks left out): ${count(counts.hubs.in)} of ${count(counts.hubs.of)} hubs, ` +
      `${count(counts.cityPages.in)} of ${count(counts.cityPages.of)} city-service pages and ${count(counts.others)} other pages in; ` +
      `a city page is out while it is ${index.threshold} or more like another city's`,
  ]
  // The cities whose English pages are out, most populous first.
  const outByCity = (pages: MeasuredPage[]) => {
    const byCity = new Map<City, MeasuredPage[]>()
    for (const page of pages) if (page.lang === 'en' && page.city && !page.indexed) byCity.set(page.city, [...(byCity.get(page.city) ?? []), page])
    return [...byCity].sort(([a], [b]) => b.population - a.population).slice(0, top)
  }
  const hubsOut = outByCity(hubs)
  if (hubsOut.length > 0) {
    lines.push(
      `  hubs out: the ${plural(hubsOut.length, 'most populous city', 'most populous cities')}, and the words of its own in sentences each hub needs to come in (written in content/cities/<city-slug>.md):`,
    )
    for (const [city, [hub]] of hubsOut)
      lines.push(`  - ${city.name}, ${city.state}: ${hub!.similarity.toFixed(2)} like ${hub!.twin}; about ${count(hub!.wanting)} words`)
  }
  const pagesOut = outByCity(cityPages)
  if (pagesOut.length > 0) {
    lines.push(
      `  city-service pages out: the ${plural(pagesOut.length, 'most populous city', 'most populous cities')}, and the words of its own in sentences each page needs (written in content/cities/<city-slug>/<service-slug>.md; the city's content/cities/<city-slug>.md counts on all 16):`,
    )
    const servicePages = new Map<City, number>()
    for (const page of cityPages) if (page.lang === 'en' && page.city) servicePages.set(page.city, (servicePages.get(page.city) ?? 0) + 1)
    for (const [city, pages] of pagesOut) {
      const closest = pages.reduce((a, b) => (a.similarity >= b.similarity ? a : b))
      lines.push(
        `  - ${city.name}, ${city.state}: ${pages.length} of ${servicePages.get(city)} out (closest: ${closest.similarity.toFixed(2)}, ${closest.twin}); ${range(pages.map((p) => p.wanting))} words per page`,
      )
    }
  }
  return lines
}

/** What a measure said of a page: whether it is indexed, and how like its closest twin. */
export interface PublishedPage {
  indexed: boolean
  similarity: number
}

/** The columns of dist/search-index.csv, each saying what it counts. */
const CSV_COLUMNS = [
  'page',
  'kind',
  'language',
  'indexed',
  'closest twin',
  'similarity to the closest twin (shared 5-word runs of all their runs)',
  'distinct 5-word runs in its sentences',
  'words of its own in sentences it needs to come in',
] as const

/**
 * dist/search-index.csv: every measured page, for a spreadsheet. What it measures is what the page says in sentences
 * (lists, tables and folded blocks left out), in 5-word runs.
 */
export function searchIndexCsv(index: SearchIndex, siteUrl = ''): string {
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
  const rows = [CSV_COLUMNS.map(quote).join(',')]
  for (const p of index.pages) {
    rows.push(
      [siteUrl + p.path, p.kind, p.lang, p.indexed ? 'yes' : 'no', p.twin ? siteUrl + p.twin : '', p.similarity.toFixed(3), String(p.runs), String(p.wanting)]
        .map(quote)
        .join(','),
    )
  }
  return `${rows.join('\n')}\n`
}

/**
 * The pages of a dist/search-index.csv, by path (without the site's URL): what the build that wrote it published.
 * Empty when there is none (no build yet), or when a version with other columns wrote it.
 */
export function readSearchIndexCsv(file: string, siteUrl = ''): Map<string, PublishedPage> {
  if (!existsSync(file)) return new Map()
  const [header, ...rows]: string[][] = parseCsv(readFileSync(file, 'utf8'), { bom: true })
  if (header?.join('\n') !== CSV_COLUMNS.join('\n')) return new Map()
  return new Map(rows.map((row) => [row[0]!.slice(siteUrl.length), { indexed: row[3] === 'yes', similarity: Number(row[5]) }]))
}

/** A page an edit brings in or takes out: its measure now, and its similarity in the build compared with (undefined: a new page). */
export interface ChangedPage {
  page: MeasuredPage
  was?: number
}

/** The pages an edit brings in and takes out of the index, against what a build published. */
export interface IndexChangeFacts {
  threshold: number
  cameIn: ChangedPage[]
  wentOut: ChangedPage[]
}

/**
 * What the index comes to against what a build published (`before`: the measure the build started from, by default,
 * or the last build's dist/search-index.csv, readSearchIndexCsv): the city pages it brings in and takes out, each with
 * its new similarity and closest twin. Undefined without a build to compare with. Rendered as text by indexChanges(),
 * as Markdown by src/build/editReport.ts.
 */
export function indexChangeFacts(index: SearchIndex, before: ReadonlyMap<string, PublishedPage> = index.before): IndexChangeFacts | undefined {
  if (before.size === 0) return undefined
  const cameIn: ChangedPage[] = []
  const wentOut: ChangedPage[] = []
  for (const page of index.pages) {
    const was = before.get(page.path)
    if (page.kind === 'other' || (was?.indexed ?? false) === page.indexed) continue
    ;(page.indexed ? cameIn : wentOut).push({ page, ...(was ? { was: was.similarity } : {}) })
  }
  return { threshold: index.threshold, cameIn, wentOut }
}

/** How many pages of each kind are in the index, of how many. */
export function indexCounts(index: SearchIndex) {
  const of = (kind: MeasuredKind) => index.pages.filter((p) => p.kind === kind)
  const tally = (pages: MeasuredPage[]) => ({ in: pages.filter((p) => p.indexed).length, of: pages.length })
  return { threshold: index.threshold, hubs: tally(of('city')), cityPages: tally(of('city-service')), others: of('other').length }
}

/**
 * indexChangeFacts() as the lines `npm run check:data` and the build print: at most `max` pages of each, then how many
 * more. Nothing without a build to compare with.
 */
export function indexChanges(
  index: SearchIndex,
  { before = index.before, max = 10 }: { before?: ReadonlyMap<string, PublishedPage>; max?: number } = {},
): string[] {
  const facts = indexChangeFacts(index, before)
  if (!facts) return []
  const { cameIn, wentOut } = facts
  if (cameIn.length + wentOut.length === 0) return ['search index: no page comes in or goes out against the last build']
  const list = (pages: ChangedPage[], label: string) =>
    pages.length === 0
      ? []
      : [
          `  ${label} (${count(pages.length)}):`,
          ...pages
            .slice(0, max)
            .map(
              ({ page: p, was }) =>
                `  - ${p.path}: ${p.similarity.toFixed(2)} like ${p.twin}${was !== undefined ? ` (was ${was.toFixed(2)})` : ' (a new page)'}`,
            ),
          ...(pages.length > max ? [`  - and ${count(pages.length - max)} more (dist/search-index.csv lists every page after a build)`] : []),
        ]
  return [
    `search index, against the last build: ${plural(cameIn.length, 'page')} come${cameIn.length === 1 ? 's' : ''} in, ${plural(wentOut.length, 'page')} go${wentOut.length === 1 ? 'es' : ''} out (threshold ${index.threshold})`,
    ...list(cameIn, 'in: indexed and in the sitemap from the next build'),
    ...list(wentOut, 'out: noindex and out of the sitemap from the next build'),
  ]
}
