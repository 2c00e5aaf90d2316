import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeHostFiles } from '../../src/hosting/hostFiles'
import { createStaticHandler } from '../../server/static'
import { loadCatalogue, type Catalogue } from '../../src/catalog/index'
import { dataSummary } from '../../src/build/dataSummary'
import { sitemapEntries, sitemapFiles } from '../../src/seo/sitemap'
import { fileForPath } from '../../src/urls/paths'
import { catalogueRedirectRules } from '../../src/hosting/redirects'
import { matchRoute } from '../../src/urls/routes'
import { pagePaths } from '../../src/pages/entries'
import { publishSlugRecord } from '../../src/slugs/report'
import { realCityRows, utf8Csv, type Rows } from '../unit/helpers/spreadsheetExports'
import { keepCitiesOfStates } from '../helpers/smallerSite'
import { NONE_OUT } from '../helpers/decision'
import { localFetch } from '../../scripts/lib/localFetch'
// Its catalogues are the site's data and edits of it: measured from what the build kept (else 8–10 s more).

/**
 * The URL scenarios of an edit to data/cities.csv, each published the way `npm run build` publishes it:
 * the record data/city-slugs.csv (committed with the data) is updated and the changed URLs printed,
 * the pages the catalogue makes are written (a stand-in file per page, titled with what the page shows),
 * `_redirects` and the sitemap are written, and the local server's static handler answers requests.
 */
interface Published {
  catalogue: Catalogue
  /** What `npm run check:data` prints about the edit. */
  summary: string[]
  /** What `npm run build` prints after writing the record. */
  printed: string[]
  record: string
  /** The 301 rules of `_redirects`, as [from, to]. */
  redirects: string[][]
  /** The sitemap's URLs, as paths. */
  sitemap: string[]
  get(urlPath: string): Promise<{ status: number; location?: string; title?: string }>
  /** Loads the data again with the record this build wrote: what the next build sees. */
  nextBuild(): Catalogue
}

const dirs: string[] = []
const servers: http.Server[] = []
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))))
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** The cities whose pages each scenario looks at; the stand-in build writes only their pages. */
const WATCHED = /^(springfield|boise)/
/**
 * The states of the cities the scenarios edit, whose cities (and their published URLs) are the data edited: 38 cities
 * instead of 456, which nearly halves the file's CPU time.
 */
const STATES = ['ID', 'MO', 'MA', 'IL', 'OH']

async function publish(edit: (rows: Rows) => Rows): Promise<Published> {
  const dir = mkdtempSync(path.join(tmpdir(), 'url-changes-'))
  dirs.push(dir)
  const dataDir = path.join(dir, 'data')
  cpSync(path.resolve('data'), dataDir, { recursive: true })
  keepCitiesOfStates(dir, STATES)
  const cities = path.join(dataDir, 'cities.csv')
  writeFileSync(cities, utf8Csv(edit(realCityRows(cities))))

  const catalogue = loadCatalogue(dataDir)
  const summary = dataSummary(catalogue)
  const printed = publishSlugRecord(catalogue)

  const root = path.join(dir, 'dist', 'client')
  const put = (urlPath: string, title: string) => {
    const file = path.join(root, fileForPath(urlPath))
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, `<!doctype html><title>${title}</title>`)
  }
  for (const urlPath of pagePaths(catalogue)) {
    const match = matchRoute(urlPath, catalogue.routeContext)
    if (match.kind !== 'city-service') put(urlPath, urlPath)
    else if (WATCHED.test(match.citySlug)) {
      put(urlPath, `${catalogue.serviceBySlug.get(match.serviceSlug)!.title} in ${catalogue.cityBySlug.get(match.citySlug)!.displayName}`)
    }
  }
  const rules = catalogueRedirectRules(catalogue)
  writeHostFiles(root, { redirects: rules })
  const redirects = readFileSync(path.join(root, '_redirects'), 'utf8')
    .split('\n')
    .filter((line) => line.endsWith(' 301'))
    .map((line) => line.split(/\s+/).slice(0, 2))
  const day = new Date(Date.UTC(2026, 0, 1))
  // Every page as if indexed: what these tests check is which URLs the sitemap names after an edit, not which pages the
  // search index keeps in (tests/build/searchIndex.test.ts).
  const [sitemapFile] = sitemapFiles(
    sitemapEntries(catalogue, NONE_OUT, { cities: day, services: day, servicesFr: day, site: day, regions: day }),
    catalogue.site.siteUrl,
  )
  const sitemap = [...sitemapFile!.xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.slice(catalogue.site.siteUrl.length))

  const server = http.createServer(createStaticHandler({ root, routeContext: catalogue.routeContext, redirects: rules }))
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const get = async (urlPath: string) => {
    const response = await localFetch(`http://127.0.0.1:${port}${urlPath}`, { redirect: 'manual' })
    const body = await response.text()
    return { status: response.status, location: response.headers.get('location') ?? undefined, title: /<title>(.*)<\/title>/.exec(body)?.[1] }
  }
  return {
    catalogue,
    summary,
    printed,
    record: readFileSync(path.join(dataDir, 'city-slugs.csv'), 'utf8'),
    redirects,
    sitemap,
    get,
    nextBuild: () => loadCatalogue(dataDir),
  }
}

const SERVICES = ['strip-wax', 'routine-janitorial', 'carpet-restoration']
/** Both URLs of each of three services (the first and last of the catalogue, and the one ending in -janitorial). */
const urlsOf = (slug: string) => SERVICES.flatMap((s) => [`/${slug}-${s}`, `/${slug}-${s}-janitorial`])
const noChangeNextTime = (published: Published) => {
  const next = published.nextBuild()
  expect(next.publishedSlugs.changes).toEqual({ firstRecord: false, added: [], removed: [], renamed: [], urls: [], hints: [] })
  expect(next.publishedSlugs.record).toEqual(published.catalogue.publishedSlugs.record)
  expect(publishSlugRecord(next)).toEqual([])
}

describe('a richer namesake is added (Springfield, OH above Springfield, MO)', () => {
  let published: Published
  beforeAll(async () => {
    published = await publish((rows) => [...rows, ['Springfield', 'OH', 'US', '2000000']])
  })

  it('leaves every Springfield URL on its city, and gives the new one its own', async () => {
    expect(await published.get('/springfield-strip-wax')).toEqual({ status: 200, title: 'Strip & Wax in Springfield, MO' })
    expect(await published.get('/springfield-ma-strip-wax-janitorial')).toEqual({ status: 200, title: 'Strip & Wax in Springfield, MA' })
    expect(await published.get('/springfield-oh-strip-wax')).toEqual({ status: 200, title: 'Strip & Wax in Springfield, OH' })
    expect(await published.get('/springfield-oh-routine-janitorial-janitorial')).toEqual({ status: 200, title: 'Routine Janitorial in Springfield, OH' })
  })

  it('writes no redirect, and adds the new pages to the sitemap', () => {
    expect(published.redirects).toEqual([])
    expect(published.sitemap).toEqual(expect.arrayContaining(['/local-services/springfield', '/local-services/springfield-oh']))
  })

  it('says so before publishing and when building, and records the new slug', () => {
    expect(published.summary).toContain('  - added Springfield, OH: /springfield-oh-… (32 new pages)')
    expect(published.printed[0]).toMatch(/city-slugs\.csv updated: commit it with the data files$/)
    expect(published.printed.slice(1)).toEqual(['  added Springfield, OH: /springfield-oh-… (32 new pages)', 'No published URL changed.'])
    expect(published.record).toContain(
      '\nspringfield,Springfield,MO,US,live,\nspringfield-il,Springfield,IL,US,live,\nspringfield-ma,Springfield,MA,US,live,\nspringfield-oh,Springfield,OH,US,live,\n',
    )
    noChangeNextTime(published)
  })
})

describe('a city is renamed (Boise → Boise City)', () => {
  let published: Published
  beforeAll(async () => {
    published = await publish((rows) => rows.map((r) => (r[0] === 'Boise' ? ['Boise City', ...r.slice(1)] : r)))
  })

  it('keeps its URLs, which now show the new name', async () => {
    for (const url of urlsOf('boise')) expect((await published.get(url)).title).toMatch(/ in Boise City$/)
    expect((await published.get('/boise-city-strip-wax')).status).toBe(404)
  })

  it('writes no redirect and keeps the sitemap', () => {
    expect(published.redirects).toEqual([])
    expect(published.sitemap).toContain('/local-services/boise')
    expect(published.sitemap.filter((p) => p.startsWith('/boise-city') || p.startsWith('/local-services/boise-city'))).toEqual([])
  })

  it('says so, and records the new name against the slug', () => {
    expect(published.summary).toContain('  - renamed Boise, ID → Boise City, ID: its URLs stay at /boise-…')
    expect(published.printed.slice(1)).toEqual(['  renamed Boise, ID → Boise City, ID: its URLs stay at /boise-…', 'No published URL changed.'])
    expect(published.record).toContain('\nboise,Boise City,ID,US,live,\n')
    noChangeNextTime(published)
  })
})

describe('a city is removed (Boise)', () => {
  let published: Published
  beforeAll(async () => {
    published = await publish((rows) => rows.filter((r) => r[0] !== 'Boise'))
  })

  it('answers each old URL with a permanent redirect to the service page', async () => {
    for (const url of urlsOf('boise')) {
      const service = SERVICES.find((s) => url === `/boise-${s}` || url === `/boise-${s}-janitorial`)!
      expect(await published.get(url)).toEqual({ status: 301, location: `/services/${service}`, title: undefined })
    }
    expect(await published.get('/services/strip-wax')).toEqual({ status: 200, title: '/services/strip-wax' })
  })

  it('writes the 33 redirects (32 pages and the hub) into _redirects and takes the pages out of the sitemap', () => {
    expect(published.redirects).toHaveLength(33)
    expect(published.redirects).toContainEqual(['/local-services/boise', '/local-services'])
    expect(published.redirects).toContainEqual(['/boise-routine-janitorial', '/services/routine-janitorial'])
    expect(published.redirects).toContainEqual(['/boise-routine-janitorial-janitorial', '/services/routine-janitorial'])
    expect(published.sitemap.filter((p) => p.startsWith('/boise-') || p === '/local-services/boise')).toEqual([])
    expect(published.sitemap).toContain('/services/strip-wax')
  })

  it('says so, prints every URL that changed, and keeps the redirects in the record for the next builds', () => {
    expect(published.summary).toContain('  - removed Boise, ID: its 32 URLs /boise-… will redirect to the service pages')
    expect(published.printed).toContain('URLs that changed (33):')
    expect(published.printed).toContain('  /local-services/boise → /local-services (301)')
    expect(published.printed).toContain('  /boise-strip-wax-janitorial → /services/strip-wax (301)')
    expect(published.record).toContain('\nboise,Boise,ID,US,removed,/services/{service}\n')
    expect(catalogueRedirectRules(published.nextBuild())).toEqual(catalogueRedirectRules(published.catalogue))
    noChangeNextTime(published)
  })
})

describe('the staff ask for a new slug (Springfield, MO → springfield-mo)', () => {
  let published: Published
  beforeAll(async () => {
    published = await publish((rows) =>
      rows.map((r, i) => (i === 0 ? [...r, 'slug'] : [...r, r[0] === 'Springfield' && r[1] === 'MO' ? 'springfield-mo' : ''])),
    )
  })

  it('serves the city at its new URLs and redirects each old one there', async () => {
    for (const url of urlsOf('springfield')) {
      expect(await published.get(url)).toEqual({ status: 301, location: url.replace('/springfield-', '/springfield-mo-'), title: undefined })
      expect((await published.get(url.replace('/springfield-', '/springfield-mo-'))).title).toMatch(/ in Springfield, MO$/)
    }
    expect((await published.get('/springfield-ma-strip-wax')).title).toBe('Strip & Wax in Springfield, MA')
  })

  it('writes the 33 redirects (32 pages and the hub) and replaces the URLs in the sitemap', () => {
    expect(published.redirects).toHaveLength(33)
    expect(published.redirects).toContainEqual(['/local-services/springfield', '/local-services/springfield-mo'])
    expect(published.redirects).toContainEqual(['/springfield-carpet-restoration-janitorial', '/springfield-mo-carpet-restoration-janitorial'])
    expect(published.sitemap).toContain('/local-services/springfield-mo')
    expect(published.sitemap).not.toContain('/local-services/springfield')
  })

  it('says so, prints every URL that changed, and records the old slug as moved', () => {
    expect(published.summary).toContain('  - new URLs for Springfield, MO: /springfield-… → /springfield-mo-…; the 32 old URLs will redirect')
    expect(published.summary).toContainEqual(
      expect.stringMatching(
        /^redirects: the old URLs of 1 slug answer with a permanent redirect; _redirects holds 34 of 2,000 static and 3 of 100 dynamic rules/,
      ),
    )
    expect(published.printed).toContain('  /springfield-routine-janitorial → /springfield-mo-routine-janitorial (301)')
    expect(published.printed.filter((line) => line.endsWith('(301)'))).toHaveLength(33)
    expect(published.record).toContain('\nspringfield,Springfield,MO,US,moved,/springfield-mo-{service}\n')
    noChangeNextTime(published)
  })
})

describe('a city is renamed and given the slug of its new name (Boise → Boise City, boise-city)', () => {
  let published: Published
  beforeAll(async () => {
    published = await publish((rows) =>
      rows.map((r, i) => (i === 0 ? [...r, 'slug'] : r[0] === 'Boise' ? ['Boise City', ...r.slice(1), 'boise-city'] : [...r, ''])),
    )
  })

  it('redirects the old URLs to the city’s new ones, not to the service pages', async () => {
    expect(await published.get('/boise-strip-wax')).toEqual({ status: 301, location: '/boise-city-strip-wax', title: undefined })
    expect(await published.get('/boise-city-strip-wax')).toEqual({ status: 200, title: 'Strip & Wax in Boise City' })
    expect(await published.get('/local-services/boise')).toEqual({ status: 301, location: '/local-services/boise-city', title: undefined })
    expect(await published.get('/local-services/boise-city')).toEqual({ status: 200, title: '/local-services/boise-city' })
    expect(published.redirects).toContainEqual(['/boise-strip-wax-janitorial', '/boise-city-strip-wax-janitorial'])
    expect(published.sitemap).toContain('/local-services/boise-city')
    expect(published.sitemap).not.toContain('/local-services/boise')
    noChangeNextTime(published)
  })
})
