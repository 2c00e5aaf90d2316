import path from 'node:path'
import type { Catalogue } from '../catalog/index'
import { catalogueRedirectRules, CLOUDFLARE_LIMITS } from '../hosting/redirects'
import { collisionLines, describeSlugChanges, frenchPagesOf } from '../slugs/report'

/**
 * What `npm run check:data` prints before "data OK": the warnings first, then how each file was read, the
 * cities sharing a name (one line; each one with `verbose`), and what the edit does to the published URLs
 * (cities added, removed and renamed, URLs that change or redirect) with the redirect rules it needs.
 * Throws a DataError past Cloudflare's limits.
 */
export function dataSummary(catalogue: Catalogue, { verbose = false }: { verbose?: boolean } = {}): string[] {
  const lines = catalogue.warnings.map((w) => `warning: ${w}`)
  for (const [file, format] of catalogue.fileFormats) lines.push(`${file}: ${format}`)
  lines.push(...collisionLines(catalogue.collisions, verbose))

  const detailed = catalogue.cities.filter((c) => c.details.neighborhoods || c.details.crewBase).length
  const ownZone = catalogue.cities.filter((c) => c.details.timeZone).length
  lines.push(
    `regions: ${catalogue.climateRegions.size} climate regions; ${detailed} ${detailed === 1 ? 'city has' : 'cities have'} local details, ${ownZone} ${ownZone === 1 ? 'city has its own time zone' : 'cities have their own time zone'} (the others: their state's)`,
  )

  const { cities, pages, jobsByPage } = catalogue.content
  const count = (texts: ReadonlyMap<string, object>) => [...texts.values()].reduce((n, t) => n + Object.keys(t).length, 0)
  const jobs = [...jobsByPage.values()].reduce((n, list) => n + list.length, 0)
  lines.push(`content: ${count(cities)} city texts, ${count(pages)} texts of city-service pages, ${jobs} job ${jobs === 1 ? 'story' : 'stories'} (content/)`)

  const { source, fromGazetteer, fromColumns, unplaced } = catalogue.inputs.placement
  lines.push(
    `coordinates: ${fromGazetteer} cities placed by the gazetteer (${source}, GeoNames), ${fromColumns} by their "latitude" and "longitude" columns` +
      `${unplaced > 0 ? `, ${unplaced} not placed (see the warnings above)` : ''}`,
  )

  if (catalogue.photos.size > 0) {
    const kinds = [...catalogue.photos.keys()]
    const count = (kind: string) => kinds.filter((on) => on === kind || on.startsWith(`${kind}:`)).length
    lines.push(
      `photos: ${kinds.length} in ${catalogue.inputs.fileNames.photos} (home ${count('home')}, about ${count('about')}, services ${count('service')}, cities ${count('city')})`,
    )
  }
  const { changes, redirects, file } = catalogue.publishedSlugs
  const record = path.relative(process.cwd(), file) || file
  if (changes.firstRecord) {
    lines.push(`${record} does not exist yet: npm run build will create it with the URL slugs of the ${catalogue.cities.length} cities`)
  } else {
    const described = describeSlugChanges(changes, frenchPagesOf(catalogue))
    if (described.length === 0) lines.push(`published URLs: no change (every city keeps its URLs of ${record})`)
    else {
      lines.push(
        `published URLs: this edit changes ${described.length === 1 ? 'one thing' : `${described.length} things`} (npm run build updates ${record}; commit it with your edit):`,
      )
      lines.push(...described.map((line) => `  - ${line}`), ...changes.hints.map((hint) => `  hint: ${hint}`))
    }
  }
  const rules = catalogueRedirectRules(catalogue)
  if (redirects.length > 0) {
    lines.push(
      `redirects: the old URLs of ${redirects.length} slug${redirects.length === 1 ? '' : 's'} answer with a permanent redirect; _redirects holds ` +
        `${rules.static.length} of ${CLOUDFLARE_LIMITS.static.toLocaleString('en')} static and ${rules.dynamic.length} of ${CLOUDFLARE_LIMITS.dynamic} dynamic rules (Cloudflare's limits)`,
    )
  }
  return lines
}
