import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { parse } from 'node-html-parser'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { frenchCities } from '../../src/catalog/lists'
import { coverageMapSvg, dotPosition } from '../../src/geo/coverageMap'
import { cityHubPath } from '../../src/urls/paths'

const catalogue = loadCatalogue(path.resolve('data'))
const english = coverageMapSvg(catalogue, 'en')
const links = (svg: string) => parse(svg).querySelectorAll('a')

describe('the coverage map', () => {
  it('links every served city’s hub page, once, with its name and state', () => {
    const hrefs = links(english).map((a) => a.getAttribute('href'))
    expect(hrefs.sort()).toEqual(catalogue.cities.map((c) => cityHubPath(c.slug)).sort())
    const miami = links(english).find((a) => a.getAttribute('href') === '/local-services/miami')!
    expect(miami.getAttribute('aria-label')).toBe('Miami, Florida')
    expect(miami.querySelector('title')!.text).toBe('Miami, Florida')
    expect(miami.getAttribute('target')).toBe('_top')
    expect(
      links(english)
        .find((a) => a.getAttribute('href') === '/local-services/springfield-il')!
        .getAttribute('aria-label'),
    ).toBe('Springfield, Illinois')
  })

  it('in French, links the cities with French pages to their French hub pages', () => {
    const french = coverageMapSvg(catalogue, 'fr')
    expect(links(french).map((a) => a.getAttribute('href'))).toEqual(frenchCities(catalogue).map((c) => cityHubPath(c.slug, 'fr')))
    expect(
      links(french)
        .find((a) => a.getAttribute('href') === '/fr/services-locaux/trois-rivieres')!
        .getAttribute('aria-label'),
    ).toBe('Trois-Rivières, Québec')
  })

  it('stays under 80 KB gzipped with every city', () => {
    expect(gzipSync(english, { level: 9 }).length).toBeLessThan(80_000)
  })

  it('gives each city’s dot as percentages of the map, where its circle is drawn', () => {
    const [, , width, height] = parse(english).querySelector('svg')!.getAttribute('viewBox')!.split(' ').map(Number)
    const circles = new Map(links(english).map((a) => [a.getAttribute('href'), a.querySelector('circle')!]))
    for (const city of catalogue.cities) {
      const at = dotPosition(city)!
      const circle = circles.get(cityHubPath(city.slug))!
      expect(Math.abs((Number(circle.getAttribute('cx')) / width!) * 100 - at.x)).toBeLessThan(0.01)
      expect(Math.abs((Number(circle.getAttribute('cy')) / height!) * 100 - at.y)).toBeLessThan(0.01)
      expect(at.x).toBeGreaterThan(0)
      expect(at.x).toBeLessThan(100)
      expect(at.y).toBeGreaterThan(0)
      expect(at.y).toBeLessThan(100)
    }
    // West is left, north is up: Seattle is left of and above Miami.
    const [seattle, miami] = ['seattle', 'miami'].map((slug) => dotPosition(catalogue.cityBySlug.get(slug)!)!)
    expect(seattle!.x).toBeLessThan(miami!.x)
    expect(seattle!.y).toBeLessThan(miami!.y)
  })
})
