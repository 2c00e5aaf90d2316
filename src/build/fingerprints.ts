import type { Catalogue } from '../catalog/index'
import { cityGroups, entryAt, pageCount, pageModels, type CityGroup, type PageEntry } from '../pages/entries'
import { sourceBits, sourcesOfBits } from '../pages/dataFiles'
import type { IndexDecision } from '../pages/searchStatus'
import { cityPagesKey, pageFingerprint } from './propsHash'
import { sitemapPage, type SitemapPage } from '../seo/sitemap'
import { fileForPath } from '../urls/paths'

/** What the build keeps of every page, in the order of pageEntries(): its file, its fingerprint, and its sitemap entry. */
export interface PageSummaries {
  files: string[]
  fingerprints: string[]
  sitemap: SitemapPage[]
  /** What the build keeps of each city's group of city-service pages (`${lang} ${slug}`), to skip it next time. */
  groups: Record<string, GroupSummary>
  /**
   * The pages made by this pass that the last build did not leave as they are (another fingerprint, or no file), by
   * position: the pages the build then renders, not made a second time. Only after a last build, and only while
   * there are few of them (KEEP_MAX): with the code changed every page is rendered, each made from its position.
   */
  toRender: Map<number, PageEntry>
}

/** At most this many pages to render are kept from the pass (a one-row edit makes a few hundred; a page's props are a few KB). */
const KEEP_MAX = 2000

/** A city's group of pages as the last build left it: its key (cityPagesKey), and each page's sitemap sources as bits (-1: not listed). */
export interface GroupSummary {
  key: string
  sitemap: number[]
}

/** What the last build left: each page's fingerprint by file, each city group's summary, the files on disk. */
export interface LastBuild {
  pages: ReadonlyMap<string, string>
  groups?: Record<string, GroupSummary>
  onDisk: Set<string>
}

/**
 * One pass over every page, each made and dropped in turn: the build keeps a few strings of each, not the pages'
 * props, which would otherwise live until its end (~0.2 s of garbage collection in a build with little to do).
 *
 * A city whose city-service pages are made from the same parts as in the last build (the same `cityPagesKey`), all of
 * them on disk with the fingerprint they had, is not made again: its pages keep their fingerprints and sitemap entries
 * (a one-row edit of cities.csv makes again the pages of the city and of its neighbours, not the 15,000). Each page's
 * path is still made and checked to route back to its page.
 */
export function pageSummaries(catalogue: Catalogue, decision: IndexDecision, code: string, last?: LastBuild): PageSummaries {
  const summaries: PageSummaries = { files: [], fingerprints: [], sitemap: [], groups: {}, toRender: new Map() }
  let keep = last !== undefined
  const visit = (index: number) => {
    const entry = entryAt(catalogue, decision, index)
    const fingerprint = pageFingerprint(entry.props, code)
    summaries.files.push(entry.file)
    summaries.fingerprints.push(fingerprint)
    if (keep && (last!.pages.get(entry.file) !== fingerprint || !last!.onDisk.has(entry.file))) {
      summaries.toRender.set(index, entry)
      if (summaries.toRender.size > KEEP_MAX) {
        keep = false
        summaries.toRender.clear()
      }
    }
    const listed = sitemapPage(entry)
    if (listed) summaries.sitemap.push(listed)
    return listed
  }
  const groups = cityGroups(catalogue)
  let index = 0
  for (const group of groups) {
    for (; index < group.start; index++) visit(index)
    index += summarizeGroup(catalogue, decision, code, group, summaries, visit, last)
  }
  for (const count = pageCount(catalogue); index < count; index++) visit(index)
  return summaries
}

/** Adds a city group's pages to `summaries`, from the last build when its key and files are unchanged; returns how many. */
function summarizeGroup(
  catalogue: Catalogue,
  decision: IndexDecision,
  code: string,
  group: CityGroup,
  summaries: PageSummaries,
  visit: (index: number) => SitemapPage | undefined,
  last: LastBuild | undefined,
): number {
  const { city, lang, start, schemes } = group
  const id = `${lang} ${city.slug}`
  const key = cityPagesKey(catalogue, city, lang, code, decision)
  const count = catalogue.services.length * schemes.length
  const kept = last?.groups?.[id]
  if (kept?.key === key && kept.sitemap.length === count) {
    const paths = pageModels(catalogue)
      .slice(start, start + count)
      .map((m) => m.path)
    const files = paths.map(fileForPath)
    if (files.every((file) => last!.pages.has(file) && last!.onDisk.has(file))) {
      files.forEach((file, i) => {
        summaries.files.push(file)
        summaries.fingerprints.push(last!.pages.get(file)!)
        if (kept.sitemap[i]! >= 0) summaries.sitemap.push({ path: paths[i]!, sources: sourcesOfBits(kept.sitemap[i]!) })
      })
      summaries.groups[id] = kept
      return count
    }
  }
  const sitemap: number[] = []
  for (let i = 0; i < count; i++) {
    const listed = visit(start + i)
    sitemap.push(listed ? sourceBits(listed.sources) : -1)
  }
  summaries.groups[id] = { key, sitemap }
  return count
}
