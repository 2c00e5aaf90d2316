import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { buildHead, cutAt } from '../../src/pages/head'
import { pageModel } from '../../src/pages/model'
import { jsonForScript, structuredData } from '../../src/pages/structuredData'
import { checkJsonLd } from '../helpers/schemaOrg'
import { dataDates, robotsTxt, sitemapFiles } from '../../src/seo/sitemap'
import { keptValues } from '../../src/build/keptValues'

const catalogue = loadCatalogue()

describe('buildHead', () => {
  it('gives a city page the spec title, the cut local description and a canonical to the -janitorial twin', () => {
    const head = buildHead(pageModel('/boise-strip-wax', catalogue), catalogue.site)
    expect(head).toContainEqual({ tag: 'title', text: `Strip & Wax in Boise – ${catalogue.site.company}` })
    expect(head).toContainEqual({ tag: 'link', attrs: { rel: 'canonical', href: `${catalogue.site.siteUrl}/boise-strip-wax-janitorial` } })
    expect(head).toContainEqual({ tag: 'meta', attrs: { property: 'og:type', content: 'article' } })
  })
  it('makes not-found pages noindex, naming their own URL', () => {
    for (const path of ['/not-found/city-service', '/services/404', '/fr/services/404', '/404']) {
      const head = buildHead(pageModel(path, catalogue), catalogue.site)
      expect(head).toContainEqual({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } })
      expect(head).toContainEqual({ tag: 'link', attrs: { rel: 'canonical', href: `${catalogue.site.siteUrl}${path}` } })
    }
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

describe('structuredData', () => {
  const company = (trust: Partial<typeof catalogue.site.trust>) =>
    structuredData(pageModel('/', catalogue), { ...catalogue.site, trust: { ...catalogue.site.trust, ...trust } }).find((t) => t['@type'] === 'LocalBusiness')!

  it('gives the company its founding year, as a schema.org date, where site.yaml states it', () => {
    const business = company({ founded: 2009 })
    expect(business.foundingDate).toBe('2009')
    expect(checkJsonLd(business)).toEqual([])
  })
  it('says nothing of a founding year site.yaml leaves empty', () => {
    expect(company({ founded: undefined })).not.toHaveProperty('foundingDate')
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

describe('dataDates', () => {
  it('dates a committed data file by its last commit and a file edited since by its own time', async () => {
    const repo = mkdtempSync(path.join(os.tmpdir(), 'data-dates-'))
    try {
      const dataDir = path.join(repo, 'data')
      mkdirSync(dataDir)
      const files = ['cities.csv', 'services.yaml', 'services.fr.yaml', 'site.yaml', 'regions.yaml']
      for (const file of files) writeFileSync(path.join(dataDir, file), 'a\n')
      const git = (date: string, ...args: string[]) =>
        execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo, env: { ...process.env, GIT_COMMITTER_DATE: date } })
      // The build keeps git's answers with the state of the repository (kept values): the same dates at every step.
      const remember = keptValues(path.join(repo, 'kept'), 'code')
      const both = async () => {
        const [asked, kept] = [await dataDates(dataDir), await dataDates(dataDir, remember)]
        expect(kept).toEqual(asked)
        return asked
      }
      git('', 'init', '-q')
      git('', 'add', '.')
      git('2026-03-04T05:06:07Z', 'commit', '-q', '-m', 'data')
      expect((await both()).site.toISOString()).toBe('2026-03-04T05:06:07.000Z')
      writeFileSync(path.join(dataDir, 'site.yaml'), 'b\n')
      const saved = new Date('2026-04-04T00:00:00Z')
      utimesSync(path.join(dataDir, 'site.yaml'), saved, saved)
      expect((await both()).site.toISOString()).toBe(saved.toISOString())
      git('2026-05-06T00:00:00Z', 'commit', '-q', '-am', 'site')
      expect((await both()).site.toISOString()).toBe('2026-05-06T00:00:00.000Z')
      git('2026-07-01T00:00:00Z', 'commit', '-q', '--allow-empty', '-m', 'not data')
      const edited = new Date('2026-09-09T09:09:09Z')
      writeFileSync(path.join(dataDir, 'regions.yaml'), 'edited\n')
      utimesSync(path.join(dataDir, 'regions.yaml'), edited, edited)

      const dates = await both()
      expect(dates.cities.toISOString()).toBe('2026-03-04T05:06:07.000Z')
      expect(dates.site.toISOString()).toBe('2026-05-06T00:00:00.000Z')
      expect(dates.regions.toISOString()).toBe(edited.toISOString())
      // Back as committed (git checkout): the commit's date again.
      git('', 'checkout', '-q', '--', 'data/regions.yaml')
      expect((await both()).regions.toISOString()).toBe('2026-03-04T05:06:07.000Z')
      // Outside a git checkout, every file has its own time.
      rmSync(path.join(repo, '.git'), { recursive: true })
      expect((await dataDates(dataDir)).cities.getTime()).not.toBe(new Date('2026-03-04T05:06:07Z').getTime())
      expect((await dataDates(dataDir, remember)).cities.getTime()).not.toBe(new Date('2026-03-04T05:06:07Z').getTime())
    } finally {
      rmSync(repo, { recursive: true, force: true })
    }
  })
})
