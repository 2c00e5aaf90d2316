import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { parse } from 'node-html-parser'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { frenchCities } from '../../src/catalog/lists'
import { coverageFrameData, coverageMapSvg, dotPosition } from '../../src/geo/coverageMap'
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

  it('frames every dot, its stroke included, and the outlines of Canada and the states (only the far Aleutians are cut)', () => {
    const [, , width, height] = parse(english).querySelector('svg')!.getAttribute('viewBox')!.split(' ').map(Number)
    for (const a of links(english)) {
      const circle = a.querySelector('circle')!
      const [x, y, r] = ['cx', 'cy', 'r'].map((name) => Number(circle.getAttribute(name)))
      const name = a.getAttribute('aria-label')
      // The stroke (1 px) is half outside the circle.
      expect(x! - r! - 0.5, name).toBeGreaterThanOrEqual(0)
      expect(x! + r! + 0.5, name).toBeLessThanOrEqual(width!)
      expect(y! - r! - 0.5, name).toBeGreaterThanOrEqual(0)
      expect(y! + r! + 0.5, name).toBeLessThanOrEqual(height!)
    }
    // The outlines as drawn (clipped to the frame): a point on the frame's edge is where an outline was cut.
    const { paths } = coverageFrameData()
    const bounds = (d: string) => {
      const points = [...d.matchAll(/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g)].map((m) => [Number(m[1]), Number(m[2])] as const)
      const xs = points.map((p) => p[0])
      const ys = points.map((p) => p[1])
      return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) }
    }
    const canada = bounds(paths.canada)
    expect(canada.left).toBeGreaterThan(0)
    expect(canada.right, 'Newfoundland').toBeLessThan(width!)
    expect(canada.top, 'Ellesmere Island').toBeGreaterThan(0)
    const states = bounds(paths.states)
    expect(states.right, 'Maine').toBeLessThan(width!)
    expect(states.bottom, 'the Keys and South Texas').toBeLessThan(height!)
    expect(states.top).toBeGreaterThan(0)
    // The dots of the far east and the far south, where the map was cut before.
    for (const slug of ['st-johns', 'brownsville', 'miami']) {
      const at = dotPosition(catalogue.cityBySlug.get(slug)!)!
      expect(at.x, slug).toBeLessThan(100 - (5 / width!) * 100)
      expect(at.y, slug).toBeLessThan(100 - (5 / height!) * 100)
    }
  })

  it('draws the borders between Canada’s provinces and territories, clipped to its coast (issue 39)', () => {
    const svg = parse(english)
    const [, , width, height] = svg.querySelector('svg')!.getAttribute('viewBox')!.split(' ').map(Number)
    const { paths } = coverageFrameData()
    const borders = svg.querySelector('path[clip-path]')!
    expect(borders.getAttribute('d')).toBe(paths.provinces)
    expect(borders.getAttribute('fill')).toBe('none')
    expect(borders.getAttribute('clip-path')).toBe('url(#canada-land)')
    expect(svg.querySelector('#canada-land use')?.getAttribute('href')).toBe('#canada')
    expect(svg.querySelector('path#canada')?.getAttribute('d')).toBe(paths.canada)
    // Its lines, in pixels: each border's points (no point repeated, no line of one point).
    const lines = paths.provinces
      .split('M')
      .slice(1)
      .map((line) => line.split('L').map((point) => point.split(',').map(Number) as [number, number]))
    expect(lines.every((line) => line.length >= 2 && line.every(([x, y], i) => i === 0 || x !== line[i - 1]![0] || y !== line[i - 1]![1]))).toBe(true)
    /** How far a point (percentages of the map, as dotPosition gives it) is from the nearest border, in pixels. */
    const fromBorders = (at: { x: number; y: number }) => {
      const [px, py] = [(at.x / 100) * width!, (at.y / 100) * height!]
      let best = Infinity
      for (const line of lines)
        for (let i = 1; i < line.length; i++) {
          const [[ax, ay], [bx, by]] = [line[i - 1]!, line[i]!]
          const t = Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
          best = Math.min(best, Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay))))
        }
      return best
    }
    const place = (lat: number, lon: number) => dotPosition({ coordinates: { lat, lon }, country: 'CA', state: '' })!
    // On the borders: Alberta–Saskatchewan (110° W), Manitoba–Saskatchewan (~101.5° W), the 60th parallel, Ontario–Quebec.
    for (const [lat, lon] of [
      [55, -110],
      [55, -101.9],
      [60, -120],
      [47.5, -79.52],
    ] as const)
      expect(fromBorders(place(lat, lon)), `${lat}, ${lon}`).toBeLessThan(2)
    // Not a border: inside Alberta, and the US border (the 49th parallel) is the states' outline, not a province's.
    expect(fromBorders(place(53.5, -114))).toBeGreaterThan(10)
    expect(fromBorders(place(49, -105))).toBeGreaterThan(10)
  })
})
