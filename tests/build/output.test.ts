import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { redirectsFile } from '../../src/hosting/hostFiles'
import { loadCatalogue } from '../../src/catalog/index'
import { catalogueRedirectRules } from '../../src/hosting/redirects'
import { fileForPath } from '../../src/urls/paths'
import { pageModels, sitePaths } from '../../src/pages/entries'
import { DIST, page } from './dist'

const catalogue = loadCatalogue()
const paths = sitePaths(catalogue)
const allPaths = [...paths.static, ...paths.services, ...paths.hubs, ...paths.cityServices, ...paths.notFound, ...paths.root404]
const files = readdirSync(DIST, { recursive: true, withFileTypes: true })
  .filter((d) => d.isFile())
  .map((d) => path.relative(DIST, path.join(d.parentPath, d.name)))
const htmlFiles = files.filter((f) => f.endsWith('.html'))

/**
 * What a Content-Security-Policy without 'unsafe-inline' (src/hosting/headers.ts) refuses in a document: `style`
 * attributes, <style> elements, scripts in the page (JSON-LD is data: the browser does not run it) and `on…` handlers.
 */
function inlineCode(html: string): string[] {
  const found: string[] = []
  if (/<[a-zA-Z][^>]*\sstyle=/.test(html)) found.push('a style attribute')
  if (/<style[\s>]/.test(html)) found.push('a <style> element')
  if (/<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/ld\+json")[^>]*>/.test(html)) found.push('a script in the page')
  if (/<[a-zA-Z][^>]*\son[a-z]+=/.test(html)) found.push('an event handler attribute')
  return found
}

describe('the static folder', () => {
  it('has one HTML file for every URL of the site, and no other page', () => {
    const expected = new Set(allPaths.map(fileForPath))
    expect(new Set(htmlFiles)).toEqual(expected)
    expect(new Set(pageModels(catalogue).map((m) => fileForPath(m.path)))).toEqual(expected)
    expect(paths.cityServices).toHaveLength(catalogue.cities.length * 16 * 2 + catalogue.cities.filter((c) => c.french).length * 16)
    expect(paths.hubs).toHaveLength(catalogue.cities.length + catalogue.cities.filter((c) => c.french).length)
  })

  it('holds fewer than 20,000 files, with no pageContext.json and no page directories', () => {
    expect(files.length).toBeLessThan(20_000)
    expect(files.filter((f) => f.endsWith('.pageContext.json'))).toEqual([])
    expect(htmlFiles.filter((f) => f.endsWith('/index.html'))).toEqual([])
  })

  it('has nothing inline in the coverage maps either (a framed document)', () => {
    for (const file of ['coverage-map.svg', 'fr/coverage-map.svg']) expect(inlineCode(readFileSync(path.join(DIST, file), 'utf8'))).toEqual([])
  })

  it('serves the logo from the upload path', () => {
    expect(existsSync(path.join(DIST, 'uploads/logo.svg'))).toBe(true)
  })

  it("gives every page exactly one h1, alt text on every image, lang and charset, and nothing inline that the pages' CSP refuses", () => {
    const bad: string[] = []
    for (const file of htmlFiles) {
      const raw = readFileSync(path.join(DIST, file), 'utf8')
      bad.push(...inlineCode(raw).map((what) => `${file}: ${what}`))
      const html = raw.replace(/<template[\s\S]*?<\/template>/g, '')
      const h1s = html.match(/<h1[\s>]/g)?.length ?? 0
      if (h1s !== 1) bad.push(`${file}: ${h1s} h1`)
      if (/<img(?![^>]*\balt=)[^>]*>/.test(html)) bad.push(`${file}: img without alt`)
      const lang = file === 'fr.html' || file.startsWith('fr/') ? 'fr-CA' : 'en'
      if (!html.startsWith(`<!DOCTYPE html><html lang="${lang}">`) || !html.includes('<meta charSet="utf-8"/>')) bad.push(`${file}: lang/charset`)
      if (html.includes('{city}')) bad.push(`${file}: unreplaced {city}`)
    }
    expect(bad).toEqual([])
  })

  it("holds the home page's first paint until its whole first screen is parsed, the city finder's box included, in both languages", () => {
    // Below 1024 px the box shows above the lead and the photo but comes after them in the HTML: a paint of half the
    // section moved them down when it came (src/pages/HomePage.tsx).
    for (const urlPath of ['/', '/fr']) {
      const home = page(urlPath)
      const holds = home.querySelectorAll('head link[rel="expect"][blocking="render"]').map((link) => link.getAttribute('href'))
      expect(holds, urlPath).toHaveLength(1)
      const at = (needle: string) => home.html.indexOf(needle)
      const [hero, finder, target] = [at('data-home-hero'), at('data-city-finder'), at(`id="${holds[0]!.slice(1)}"`)]
      expect({ urlPath, heroFirst: hero > 0 && hero < finder, targetAfterFinder: finder < target }).toEqual({
        urlPath,
        heroFirst: true,
        targetAfterFinder: true,
      })
    }
  })

  it("shows in every page's footer the phone and street address of its JSON-LD, as in site.yaml", () => {
    const { phone, address } = catalogue.site
    const unescape = (s: string) =>
      s
        .replace(/&amp;/g, '&')
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
    const bad: string[] = []
    for (const file of htmlFiles) {
      const html = readFileSync(path.join(DIST, file), 'utf8')
      const business = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
        .flatMap(([, json]) => {
          const data = JSON.parse(json!) as Record<string, unknown>[] | Record<string, unknown>
          return Array.isArray(data) ? data : [data]
        })
        .find((node) => node.telephone) as { name: string; telephone: string; address: Record<string, string> } | undefined
      const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? ''
      const footerPhone = unescape(/data-footer-phone="">([^<]*)</.exec(footer)?.[1] ?? '')
      const footerAddress = unescape((/data-footer-address="">([\s\S]*?)<\/p>/.exec(footer)?.[1] ?? '').replace(/<[^>]+>/g, ''))
      const expected = `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`
      if (!business) bad.push(`${file}: no JSON-LD with the company's telephone`)
      else {
        const { streetAddress, addressLocality, addressRegion, postalCode } = business.address
        if (business.telephone !== phone || footerPhone !== phone) bad.push(`${file}: phone ${business.telephone} (JSON-LD) / ${footerPhone} (footer)`)
        if (`${streetAddress}, ${addressLocality}, ${addressRegion} ${postalCode}` !== expected || footerAddress !== expected) {
          bad.push(`${file}: address ${streetAddress}, ${addressLocality}, ${addressRegion} ${postalCode} (JSON-LD) / ${footerAddress} (footer)`)
        }
        if (!footer.includes(`>${catalogue.site.company.replace(/&/g, '&amp;')}<`) || business.name !== catalogue.site.company)
          bad.push(`${file}: company name`)
      }
      if (!footer.includes(`href="tel:${phone.replace(/[^\d+]/g, '')}"`)) bad.push(`${file}: no tel: link in the footer`)
    }
    expect(bad).toEqual([])
  })

  it('gives every city-service page a distinct title', () => {
    const titles = new Map<string, string>()
    const dupes: string[] = []
    for (const url of paths.cityServices.filter((u) => u.endsWith('-janitorial') && !u.endsWith('-routine-janitorial'))) {
      const title = /<title>(.*?)<\/title>/.exec(readFileSync(path.join(DIST, fileForPath(url)), 'utf8'))![1]!
      if (titles.has(title)) dupes.push(`${url} = ${titles.get(title)}`)
      titles.set(title, url)
    }
    expect(dupes).toEqual([])
  })
})

describe('JavaScript per page', () => {
  // JSON-LD blocks are data, not code.
  const scripts = (url: string) =>
    page(url)
      .querySelectorAll('script')
      .filter((s) => s.getAttribute('type') !== 'application/ld+json')
      .map((s) => s.getAttribute('src') ?? 'inline')
  it("ships none on About, and only the city finder's loader on the directory", () => {
    expect(scripts('/about')).toEqual([])
    expect(scripts('/local-services')).toEqual([expect.stringMatching(/^\/assets\/entries\/pages_local-services_client\.[\w-]+\.js$/)])
  })
  it('ships only its own small module script on a not-found page', () => {
    expect(scripts('/404')).toEqual([expect.stringMatching(/^\/assets\/.*\.js$/)])
  })
})

describe('published URLs', () => {
  it('writes the redirects of data/city-slugs.csv into _redirects', () => {
    expect(readFileSync(path.join(DIST, '_redirects'), 'utf8')).toBe(redirectsFile(catalogueRedirectRules(catalogue)))
  })

  it('leaves data/city-slugs.csv as committed: the record is reviewed with the data edit that changes it', () => {
    const changed = execFileSync('git', ['status', '--porcelain', '--', 'data/city-slugs.csv'], { encoding: 'utf8' }).trim()
    expect(changed, 'npm run build changed data/city-slugs.csv: commit it together with the data files').toBe('')
  })
})
