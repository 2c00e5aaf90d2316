// The city finder in the build (issue 28): its index's files in dist/client, within their budgets, and the finder on
// every not-found screen, in its language.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { FINDER_INDEX_PATH, FINDER_NOTICE_PATH, FINDER_PARTS_DIR, partFile, readCities, setPart, type FinderIndexFile } from '../../src/finder/format'
import { DIST, byText, page, text } from './dist'

const catalogue = loadCatalogue()
const index = JSON.parse(readFileSync(path.join(DIST, FINDER_INDEX_PATH), 'utf8')) as FinderIndexFile
const partFiles = readdirSync(path.join(DIST, FINDER_PARTS_DIR))

describe("the city finder's index", () => {
  it('lists every city with pages, largest first, with their other names, and parts that are all there', () => {
    expect(index.cities.names.split('|')).toEqual(catalogue.cities.map((c) => c.name))
    expect(index.cities.states).toEqual(catalogue.cities.map((c) => c.state).join(''))
    // The cities' part: the places' parts by position, then each city's coordinates and other names, in the same order.
    const cities = readFileSync(path.join(DIST, partFile('cities', index.at)), 'utf8')
    const [near, ...lines] = cities.split('\n')
    expect(lines[catalogue.cities.findIndex((c) => c.slug === 'new-york')]).toMatch(/^40\.\d+\t-74\.\d+\tNYC;New York City;/)
    const listed = [
      ...(['places', 'zips', 'postal'] as const).flatMap((kind) => index[kind].map((_, i) => partFile(kind, setPart(index.set, i)))),
      ...readCities(cities).near.map((hash) => partFile('near', hash)),
      partFile('cities', index.at),
    ]
    expect(listed.map((file) => path.basename(file)).sort()).toEqual([...partFiles].sort())
    expect(near!.split(' ').length).toBeGreaterThan(1)
    expect(index.places).toEqual([...index.places].sort())
  })

  it('comes with the notice of its sources and their licences', () => {
    const notice = readFileSync(path.join(DIST, FINDER_NOTICE_PATH), 'utf8')
    expect(notice).toContain('Creative Commons Attribution 4.0')
    expect(notice).toContain('Copyright (c) 2007, Dav Glass')
    // Issue 56: in the footer of every page that shows the finder, never in the first screen beside it.
    for (const url of ['/', '/fr', '/local-services', '/fr/services-locaux', '/404', '/fr/404', '/not-found/city-service']) {
      const p = page(url)
      expect(p.querySelector('[data-city-finder]'), url).not.toBeNull()
      const credit = p.querySelector('footer [data-city-finder-credit]')
      expect(
        credit?.querySelectorAll('a').map((a) => a.getAttribute('href')),
        url,
      ).toEqual(['https://www.geonames.org/', 'https://creativecommons.org/licenses/by/4.0/', FINDER_NOTICE_PATH])
      expect(p.querySelectorAll('[data-city-finder-credit]'), url).toHaveLength(1)
    }
    const home = page('/')
    expect(home.querySelector('main > section')!.textContent).not.toMatch(/GeoNames|zipcodes|CC BY|BSD/)
    // Pages without the finder credit none of it.
    for (const url of ['/about', '/local-services/boise', '/boise-strip-wax-janitorial'])
      expect(page(url).querySelector('[data-city-finder-credit]'), url).toBeNull()
  })

  it('keeps each part within 15 KB gzipped, and the whole index within 400 files', () => {
    const sizes = partFiles.map((file) => gzipSync(readFileSync(path.join(DIST, FINDER_PARTS_DIR, file)), { level: 9 }).length)
    expect(Math.max(...sizes)).toBeLessThanOrEqual(15 * 1024)
    expect(partFiles.length + 1).toBeLessThanOrEqual(400)
  })
})

describe('the city finder on the not-found screens', () => {
  it.each([
    ['/404', 'Looking for cleaning near you?', '/local-services#cities-a-z'],
    ['/services/404', 'Looking for cleaning near you?', '/local-services#cities-a-z'],
    ['/not-found/city-service', 'Looking for cleaning near you?', '/local-services#cities-a-z'],
    ['/fr/404', 'Vous cherchez un service d’entretien près de chez vous\u00a0?', '/fr/services-locaux#cities-a-z'],
    ['/fr/services/404', 'Vous cherchez un service d’entretien près de chez vous\u00a0?', '/fr/services-locaux#cities-a-z'],
  ])('%s has the finder, in its language, falling back to the directory A–Z', (url, heading, action) => {
    const p = page(url)
    const section = p.querySelector('[data-not-found-view] [data-city-finder-section]')!
    expect(text(section.querySelector('h2'))).toBe(heading.replace(/\s+/g, ' '))
    expect(section.querySelector('form')?.getAttribute('action')).toBe(action)
    expect(section.querySelector('form')?.getAttribute('data-index')).toBe(FINDER_INDEX_PATH)
    const quote = url.startsWith('/fr')
      ? byText(section, 'a', 'Obtenir une soumission gratuite pour votre municipalité')
      : byText(section, 'a', 'Get a free quote for your town')
    expect(quote?.getAttribute('href')).toBe(url.startsWith('/fr') ? '/fr/soumission' : '/quote')
  })

  it('is in every screen of the root 404 page, which its script shows by the path', () => {
    const templates = page('/404').querySelectorAll('template[data-screen]')
    expect(templates.length).toBeGreaterThan(0)
    for (const template of templates) expect(template.querySelector('[data-city-finder]'), template.getAttribute('data-screen')).not.toBeNull()
  })
})
