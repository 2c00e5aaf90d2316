import path from 'node:path'
import type { Catalogue } from '../catalog/index'
import { SERVICE_SLUGS } from '../catalog/services'
import type { SlugCollision } from './assign'
import type { SlugChanges, UrlChange } from './changes'
import { cityLabel, writeSlugRecord, type CityLabel } from './record'
import { redirectedHub, redirectedUrls } from './redirects'

/** `/springfield-…`: the 32 URLs of a city slug, as the staff read them. */
const cityUrls = (slug: string) => `/${slug}-…`

/**
 * What `npm run check:data` and the build say of the cities whose names gave the same slug: one line with their count,
 * or with `--verbose` one line each (who keeps the slug, and the slug each other one gets). Nothing when there are none.
 */
export function collisionLines(collisions: readonly SlugCollision[], verbose = false): string[] {
  if (collisions.length === 0) return []
  if (!verbose) return [`${collisions.length} slug ${collisions.length === 1 ? 'collision' : 'collisions'} resolved: see --verbose`]
  return collisions.map(
    (c) => `slug collision "${c.slug}": ${c.kept} keeps ${cityUrls(c.slug)}; ${c.renamed.map((r) => `${r.city} → ${cityUrls(r.slug)}`).join('; ')}`,
  )
}

/** A city's pages: each service in both URL schemes, and each service in French for the cities of a French province (not redirected when the slug changes). */
const ENGLISH_PAGES = SERVICE_SLUGS.length * 2
const FRENCH_PAGES = SERVICE_SLUGS.length

/**
 * One line per city: what this data changes in the published URLs, for `npm run check:data`. `french` says
 * which cities have French pages (site.yaml's french.provinces).
 */
export function describeSlugChanges(changes: SlugChanges, french: (city: CityLabel) => boolean = () => false): string[] {
  const lines: string[] = []
  const frenchUrls = (slug: string) => `/fr${cityUrls(slug)}`
  for (const { city, slug, back } of changes.added) {
    const pages = french(city)
      ? `${ENGLISH_PAGES + FRENCH_PAGES} ${back ? 'pages' : 'new pages'}, ${FRENCH_PAGES} of them in French`
      : `${ENGLISH_PAGES} ${back ? 'pages' : 'new pages'}`
    lines.push(`added ${cityLabel(city)}: ${cityUrls(slug)}${french(city) ? ` and ${frenchUrls(slug)}` : ''} (${pages}${back ? ', its old URLs again' : ''})`)
  }
  for (const { city, slug } of changes.removed) {
    const lost = french(city) ? `; its ${FRENCH_PAGES} French URLs ${frenchUrls(slug)} will not redirect (not found)` : ''
    lines.push(`removed ${cityLabel(city)}: its ${ENGLISH_PAGES} URLs ${cityUrls(slug)} will redirect to the service pages${lost}`)
  }
  // A city renamed with a new slug is one line: its rename and its move.
  const moves = changes.urls.filter((c): c is Extract<UrlChange, { kind: 'moved' }> => c.kind === 'moved')
  const movedOnRename = new Set<UrlChange>()
  const moveText = (change: Extract<UrlChange, { kind: 'moved' }>) => {
    const lost = french(change.city)
      ? `; its ${FRENCH_PAGES} French pages move to ${frenchUrls(change.to)} and their old URLs ${frenchUrls(change.slug)} will not redirect (not found)`
      : ''
    return `${cityUrls(change.slug)} → ${cityUrls(change.to)}; the ${ENGLISH_PAGES} old URLs will redirect${lost}`
  }
  for (const { from, to, slug } of changes.renamed) {
    const move = moves.find((m) => m.to === slug && cityLabel(m.city) === cityLabel(to))
    if (move) movedOnRename.add(move)
    lines.push(`renamed ${cityLabel(from)} → ${cityLabel(to)}${move ? `, with new URLs: ${moveText(move)}` : `: its URLs stay at ${cityUrls(slug)}`}`)
  }
  for (const change of changes.urls) {
    if (change.kind === 'moved' && !movedOnRename.has(change)) lines.push(`new URLs for ${cityLabel(change.city)}: ${moveText(change)}`)
    if (change.kind === 'taken') {
      const same = cityLabel(change.now) === cityLabel(change.was)
      const instead = same
        ? 'again instead of redirecting'
        : `instead of ${change.wasRedirect ? `redirecting (it was ${cityLabel(change.was)}'s)` : cityLabel(change.was)}`
      const moved = change.wasNowAt ? `; ${cityLabel(change.was)} moves to ${cityUrls(change.wasNowAt)} (its old URLs cannot redirect there)` : ''
      lines.push(`${cityUrls(change.slug)} will show ${cityLabel(change.now)} ${instead}${moved}`)
    }
  }
  return lines
}

/** Every URL that changes, one line each: `/boise-strip-wax → /boise-city-strip-wax (301)`, the city's hub last. */
export function changedUrlLines(changes: readonly UrlChange[], serviceSlugs: readonly string[]): string[] {
  return changes.flatMap((change) => {
    if (change.kind === 'taken') {
      const was = change.wasRedirect ? `a redirect of ${cityLabel(change.was)}` : cityLabel(change.was)
      const same = { from: change.slug, to: change.slug }
      return [...redirectedUrls(same, serviceSlugs), redirectedHub(same)].map(({ from }) => `${from} now shows ${cityLabel(change.now)} (was ${was})`)
    }
    const redirect = { from: change.slug, to: change.kind === 'moved' ? change.to : null }
    return [...redirectedUrls(redirect, serviceSlugs), redirectedHub(redirect)].map((url) => `${url.from} → ${url.to} (301)`)
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
  const urls = changedUrlLines(
    changes.urls,
    catalogue.services.map((s) => s.slug),
  )
  return [
    `${name} updated: commit it with the data files`,
    ...describeSlugChanges(changes, frenchPagesOf(catalogue)).map((line) => `  ${line}`),
    ...(urls.length > 0 ? [`URLs that changed (${urls.length}):`, ...urls.map((line) => `  ${line}`)] : ['No published URL changed.']),
  ]
}

/** Whether a city of the slug changes has French pages: it is in one of site.yaml's french.provinces. */
export const frenchPagesOf = (catalogue: Catalogue) => (city: CityLabel) =>
  city.country === 'CA' && (catalogue.site.french.provinces as readonly string[]).includes(city.state)
