import path from 'node:path'
import type { Catalogue } from '../catalog/index'
import { cityLabel, writeSlugRecord, type SlugChanges, type UrlChange } from '../catalog/publishedSlugs'
import { redirectedUrls } from '../urls/cityRedirects'

/** `/springfield-…`: the 32 URLs of a city slug, as the staff read them. */
export const cityUrls = (slug: string) => `/${slug}-…`

/** One line per city: what this data changes in the published URLs, for `npm run check:data`. */
export function describeSlugChanges(changes: SlugChanges): string[] {
  const lines: string[] = []
  for (const { city, slug, back } of changes.added) lines.push(`added ${cityLabel(city)}: ${cityUrls(slug)} (32 ${back ? 'pages, its old URLs again' : 'new pages'})`)
  for (const { city, slug } of changes.removed) lines.push(`removed ${cityLabel(city)}: its 32 URLs ${cityUrls(slug)} will redirect to the service pages`)
  for (const { from, to, slug } of changes.renamed) lines.push(`renamed ${cityLabel(from)} → ${cityLabel(to)}: its URLs stay at ${cityUrls(slug)}`)
  for (const change of changes.urls) {
    if (change.kind === 'moved') lines.push(`new URLs for ${cityLabel(change.city)}: ${cityUrls(change.slug)} → ${cityUrls(change.to)}; the 32 old URLs will redirect`)
    if (change.kind === 'taken') {
      const same = cityLabel(change.now) === cityLabel(change.was)
      const instead = same ? 'again instead of redirecting' : `instead of ${change.wasRedirect ? `redirecting (it was ${cityLabel(change.was)}'s)` : cityLabel(change.was)}`
      const moved = change.wasNowAt ? `; ${cityLabel(change.was)} moves to ${cityUrls(change.wasNowAt)} (its old URLs cannot redirect there)` : ''
      lines.push(`${cityUrls(change.slug)} will show ${cityLabel(change.now)} ${instead}${moved}`)
    }
  }
  return lines
}

/** Every URL that changes, one line each: `/boise-strip-wax → /boise-city-strip-wax (301)`. */
export function changedUrlLines(changes: readonly UrlChange[], serviceSlugs: readonly string[]): string[] {
  return changes.flatMap((change) => {
    if (change.kind === 'taken') {
      const was = change.wasRedirect ? `a redirect of ${cityLabel(change.was)}` : cityLabel(change.was)
      return redirectedUrls({ from: change.slug, to: change.slug }, serviceSlugs).map(({ from }) => `${from} now shows ${cityLabel(change.now)} (was ${was})`)
    }
    const to = change.kind === 'moved' ? change.to : null
    return redirectedUrls({ from: change.slug, to }, serviceSlugs).map((url) => `${url.from} → ${url.to} (301)`)
  })
}

/**
 * Writes data/city-slugs.csv for the catalogue (the build's step after checking the data) and returns what
 * to print: nothing when the record was current, else that it changed and every URL that changed.
 */
export function publishSlugRecord(catalogue: Catalogue): string[] {
  const { file, record, changes } = catalogue.publishedSlugs
  if (!writeSlugRecord(file, record)) return []
  const name = path.relative(process.cwd(), file) || file
  if (changes.firstRecord) return [`${name} created with the URL slugs of ${catalogue.cities.length} cities: commit it with the data files`]
  const urls = changedUrlLines(changes.urls, catalogue.services.map((s) => s.slug))
  return [
    `${name} updated: commit it with the data files`,
    ...describeSlugChanges(changes).map((line) => `  ${line}`),
    ...(urls.length > 0 ? [`URLs that changed (${urls.length}):`, ...urls.map((line) => `  ${line}`)] : ['No published URL changed.']),
  ]
}
