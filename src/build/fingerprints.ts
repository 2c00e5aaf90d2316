import { hash } from 'node:crypto'
import type { Catalogue } from '../catalog/index'
import { forEachPage, type PageEntry } from '../pages/entries'
import { pagePropsHash } from '../pages/props'
import { sitemapPage, type SitemapPage } from '../seo/sitemap'

/** A page's fingerprint: a hash of the code and of everything the page is given (its props). */
const fingerprintOf = (entry: PageEntry, code: string) => hash('sha1', `${code} ${pagePropsHash(entry.props)}`, 'base64url').slice(0, 16)

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
    summaries.fingerprints.push(fingerprintOf(entry, code))
    const listed = sitemapPage(entry)
    if (listed) summaries.sitemap.push(listed)
  })
  return summaries
}
