import type { Catalogue } from '../catalog/index'
import { forEachPage } from '../pages/entries'
import { pageFingerprint } from '../pages/props'
import { sitemapPage, type SitemapPage } from '../seo/sitemap'

/** What the build keeps of every page, in the order of pageEntries(): its file, its fingerprint, and its sitemap entry. */
export interface PageSummaries {
  files: string[]
  fingerprints: string[]
  sitemap: SitemapPage[]
}

/**
 * One pass over every page, each made and dropped in turn (forEachPage): the build keeps a few strings of each, not
 * the pages' props, which would otherwise live until its end (~0.2 s of garbage collection in a build with little to do).
 */
export function pageSummaries(catalogue: Catalogue, code: string): PageSummaries {
  const summaries: PageSummaries = { files: [], fingerprints: [], sitemap: [] }
  forEachPage(catalogue, (entry) => {
    summaries.files.push(entry.file)
    summaries.fingerprints.push(pageFingerprint(entry.props, code))
    const listed = sitemapPage(entry)
    if (listed) summaries.sitemap.push(listed)
  })
  return summaries
}
