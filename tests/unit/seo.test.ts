import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { buildHead, cutAt } from '../../src/pages/head'
import { pageModel } from '../../src/pages/model'
import { jsonForScript } from '../../src/pages/structuredData'
import { robotsTxt, sitemapFiles } from '../../src/seo/sitemap'

const catalogue = loadCatalogue()

describe('buildHead', () => {
  it('gives a city page the spec title, the cut local description and a canonical to the -janitorial twin', () => {
    const head = buildHead(pageModel('/boise-strip-wax', catalogue), catalogue.site)
    expect(head).toContainEqual({ tag: 'title', text: `Strip & Wax in Boise – ${catalogue.site.company}` })
    expect(head).toContainEqual({ tag: 'link', attrs: { rel: 'canonical', href: `${catalogue.site.siteUrl}/boise-strip-wax-janitorial` } })
    expect(head).toContainEqual({ tag: 'meta', attrs: { property: 'og:type', content: 'article' } })
  })
  it('makes not-found pages noindex, naming their own URL', () => {
    const head = buildHead(pageModel('/not-found/service', catalogue), catalogue.site)
    expect(head).toContainEqual({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } })
    expect(head).toContainEqual({ tag: 'link', attrs: { rel: 'canonical', href: `${catalogue.site.siteUrl}/not-found/service` } })
  })
})

describe('cutAt', () => {
  it('keeps short texts and cuts long ones at a word boundary within 160 characters', () => {
    expect(cutAt('short')).toBe('short')
    const long = 'word '.repeat(50).trim()
    expect(cutAt(long).length).toBeLessThanOrEqual(160)
    expect(cutAt(long)).toMatch(/word…$/)
  })
})

describe('jsonForScript', () => {
  it('never lets data close the script element', () => {
    const out = jsonForScript({ name: '</script><script>alert(1)</script><!--', amp: 'a&b', ls: '\u2028' })
    expect(out).not.toMatch(/[<>&\u2028]/)
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script><!--', amp: 'a&b', ls: '\u2028' })
  })
})

describe('sitemapFiles', () => {
  const entries = Array.from({ length: 5 }, (_, i) => ({ path: `/p${i}`, lastmod: new Date(Date.UTC(2026, 0, i + 1)) }))
  it('writes one file while it fits', () => {
    const files = sitemapFiles(entries, 'https://x.test')
    expect(files.map((f) => f.file)).toEqual(['sitemap.xml'])
    expect(files[0]!.xml).toContain('<url><loc>https://x.test/p4</loc><lastmod>2026-01-05</lastmod></url>')
  })
  it('switches to a sitemap index with child sitemaps past the URL limit', () => {
    const files = sitemapFiles(entries, 'https://x.test', 2)
    expect(files.map((f) => f.file)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml'])
    expect(files[0]!.xml).toContain('<sitemapindex')
    expect(files[0]!.xml).toContain('<loc>https://x.test/sitemap-3.xml</loc><lastmod>2026-01-05</lastmod>')
  })
  it('robots.txt names the sitemap', () => {
    expect(robotsTxt('https://x.test')).toContain('Sitemap: https://x.test/sitemap.xml')
  })
})
