import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { fileForPath } from '../../src/urls/paths'
import { STATIC_PATHS } from '../../src/urls/routes'
import { checkJsonLd } from '../helpers/schemaOrg'
import { DIST } from './dist'

const catalogue = loadCatalogue()
const SITE = catalogue.site.siteUrl

interface BuiltPage {
  path: string
  html: string
}
let pages: BuiltPage[]
beforeAll(() => {
  pages = readdirSync(DIST, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.html'))
    .map((d) => {
      const file = path.relative(DIST, path.join(d.parentPath, d.name))
      return { path: file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`, html: readFileSync(path.join(DIST, file), 'utf8') }
    })
})

const attr = (html: string, re: RegExp) => re.exec(html)?.[1]
const canonicalOf = (html: string) => attr(html, /<link rel="canonical" href="([^"]+)"/)
const descriptionOf = (html: string) => attr(html, /<meta name="description" content="([^"]*)"/)
const isNotFound = (p: BuiltPage) =>
  ['/404', '/fr/404', '/services/404', '/fr/services/404'].includes(p.path) || p.path.startsWith('/not-found/') || p.path.startsWith('/fr/introuvable/')
const isFrench = (p: BuiltPage) => p.path === '/fr' || p.path.startsWith('/fr/')
const sitemapLocs = () => [...readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)

const SOCIAL_TAGS = ['og:title', 'og:description', 'og:type', 'og:image', 'twitter:card', 'twitter:title', 'twitter:description', 'twitter:image'].map(
  (tag) => [tag, new RegExp(`<meta (property|name)="${tag}" content="[^"]+"`)] as const,
)

describe('every built page', () => {
  it('declares one absolute canonical URL that the host serves without a redirect (not-found pages are also noindex)', () => {
    const bad: string[] = []
    const built = new Set(pages.map((q) => q.path))
    for (const p of pages) {
      const canonicals = p.html.match(/<link rel="canonical"/g)?.length ?? 0
      if (isNotFound(p) && (!p.html.includes('<meta name="robots" content="noindex"/>') || canonicalOf(p.html) !== `${SITE}${p.path}`)) {
        bad.push(`${p.path}: a not-found page is noindex and names itself`)
      }
      const canonical = canonicalOf(p.html)
      if (canonicals !== 1 || !canonical?.startsWith(SITE)) {
        bad.push(`${p.path}: ${canonicals} canonical links`)
        continue
      }
      const target = canonical.slice(SITE.length)
      if (target !== '/' && target.endsWith('/')) bad.push(`${p.path}: canonical ${canonical} has a trailing slash`)
      if (!built.has(target)) bad.push(`${p.path}: canonical ${canonical} is not a built page`)
    }
    expect(bad).toEqual([])
  })

  it('names the right canonical URL for each kind of page', () => {
    const canonical = (urlPath: string) => canonicalOf(pages.find((p) => p.path === urlPath)!.html)
    expect(canonical('/')).toBe(`${SITE}/`)
    expect(canonical('/about')).toBe(`${SITE}/about`)
    expect(canonical('/services/strip-wax')).toBe(`${SITE}/services/strip-wax`)
    expect(canonical('/services/move-in-out')).toBe(`${SITE}/services/move-in-move-out-cleaning`)
    expect(canonical('/boise-strip-wax-janitorial')).toBe(`${SITE}/boise-strip-wax-janitorial`)
    expect(canonical('/boise-strip-wax')).toBe(`${SITE}/boise-strip-wax-janitorial`)
    expect(canonical('/boise-routine-janitorial')).toBe(`${SITE}/boise-routine-janitorial-janitorial`)
  })

  it('has a meta description, unique across the site, and Open Graph and Twitter tags', () => {
    const seen = new Map<string, string>()
    const bad: string[] = []
    for (const p of pages) {
      const description = descriptionOf(p.html)
      if (!description) bad.push(`${p.path}: no description`)
      else if (seen.has(description)) bad.push(`${p.path}: same description as ${seen.get(description)}`)
      else seen.set(description, p.path)
      for (const [tag, re] of SOCIAL_TAGS) if (!re.test(p.html)) bad.push(`${p.path}: no ${tag}`)
    }
    expect(bad).toEqual([])
  })

  it('carries JSON-LD valid against the schema.org vocabulary: the company and the page everywhere, a Service and breadcrumbs on service and city pages, no self-rating', () => {
    const bad: string[] = []
    for (const p of pages) {
      const blocks = [...p.html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
      if (blocks.length !== 1) {
        bad.push(`${p.path}: ${blocks.length} JSON-LD blocks`)
        continue
      }
      const items = JSON.parse(blocks[0]!) as { '@context': string; '@type': string; provider?: { '@id': string }; areaServed?: unknown }[]
      const types = items.map((i) => i['@type'])
      if (!items.every((i) => i['@context'] === 'https://schema.org')) bad.push(`${p.path}: @context`)
      if (types[0] !== 'LocalBusiness') bad.push(`${p.path}: no company`)
      const webPage = items.find((i) => i['@type'] === 'WebPage') as { inLanguage?: string } | undefined
      if (webPage?.inLanguage !== (isFrench(p) ? 'fr-CA' : 'en')) bad.push(`${p.path}: no WebPage in its language`)
      if (/"@type":"(Review|AggregateRating|Rating)"|"(review|aggregateRating)":/.test(blocks[0]!)) bad.push(`${p.path}: rates the company itself`)
      const problems = checkJsonLd(items)
      if (problems.length > 0) bad.push(`${p.path}: ${problems.join('; ')}`)
      const isCity =
        /^\/(fr\/)?[^/]+$/.test(p.path) && ![...Object.values(STATIC_PATHS.en), ...Object.values(STATIC_PATHS.fr)].includes(p.path) && !isNotFound(p)
      if (((p.path.startsWith('/services/') && !isNotFound(p)) || isCity) && !(types.includes('Service') && types.includes('BreadcrumbList')))
        bad.push(`${p.path}: ${types.join(',')}`)
      const service = items.find((i) => i['@type'] === 'Service')
      if (service && service.provider?.['@id'] !== `${SITE}/#organization`) bad.push(`${p.path}: Service without provider`)
      if (isCity && (service?.areaServed as { '@type'?: string } | undefined)?.['@type'] !== 'City') bad.push(`${p.path}: areaServed is not the city`)
    }
    expect(bad).toEqual([])
  })
})

describe('sitemap.xml and robots.txt', () => {
  it('lists exactly the canonical URLs of the indexable pages, each with a lastmod', () => {
    // Noindex pages (not-found screens, the thank-you page after a form post, the city pages the search index keeps
    // out: "noindex, follow") stay out of the sitemap: it is exactly the pages canonical to themselves and indexed.
    const indexed = pages.filter((p) => !/<meta name="robots" content="noindex[^"]*"\/>/.test(p.html))
    const canonicals = new Set(indexed.filter((p) => canonicalOf(p.html) === `${SITE}${p.path}`).map((p) => canonicalOf(p.html)!))
    const locs = sitemapLocs()
    expect(new Set(locs).size).toBe(locs.length)
    expect(new Set(locs)).toEqual(canonicals)
    const xml = readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8')
    expect(xml.match(/<url><loc>[^<]+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>/g)).toHaveLength(locs.length)
    console.log(`sitemap.xml: ${locs.length} canonical URLs`)
  })
  it('robots.txt points to the sitemap', () => {
    expect(readFileSync(path.join(DIST, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  })
})

describe('click depth', () => {
  it('reaches every canonical page from the home page within 3 clicks', () => {
    const html = new Map(pages.map((p) => [p.path, p.html]))
    const depth = new Map<string, number>([['/', 0]])
    let frontier = ['/']
    for (let d = 1; frontier.length > 0; d++) {
      const next: string[] = []
      for (const from of frontier) {
        for (const [, href] of html.get(from)!.matchAll(/<a [^>]*href="(\/[^"#?]*)/g)) {
          if (!depth.has(href!) && html.has(href!)) {
            depth.set(href!, d)
            next.push(href!)
          }
        }
      }
      frontier = next
    }
    const problems = sitemapLocs()
      .map((loc) => loc.slice(SITE.length))
      .filter((p) => !depth.has(p) || depth.get(p)! > 3)
      .map((p) => `${p}: ${depth.has(p) ? `depth ${depth.get(p)}` : 'unreachable'}`)
    expect(problems).toEqual([])
    expect(Math.max(...sitemapLocs().map((loc) => depth.get(loc.slice(SITE.length))!))).toBeLessThanOrEqual(3)
    expect(fileForPath('/')).toBe('index.html')
  })
})
