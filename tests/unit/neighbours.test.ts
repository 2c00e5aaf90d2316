import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadCatalogue, type City } from '../../src/catalog/index'
import { nearbyCities } from '../../src/catalog/lists'
import { greatCircleKm, KM_PER_MILE } from '../../src/geo/distance'
import type { Lang } from '../../src/i18n/lang'
import { pageEntries } from '../../src/pages/entries'
import { renderHtml } from '../../src/pages/renderHtml'
import { NONE_OUT } from '../helpers/decision'

const catalogue = loadCatalogue(path.resolve('data'))
const city = (name: string, state: string) => catalogue.cities.find((c) => c.name === name && c.state === state)!
const nearest = (c: City, lang: Lang = 'en') => nearbyCities(c, catalogue, lang).cities.map((n) => `${n.city.name}, ${n.city.state}`)

describe('a city page’s nearest cities', () => {
  it('cross state lines: Vancouver, WA ↔ Portland, OR; El Paso, TX ↔ Las Cruces, NM', () => {
    expect(nearest(city('Vancouver', 'WA'))[0]).toBe('Portland, OR')
    expect(nearest(city('Portland', 'OR'))).toContain('Vancouver, WA')
    expect(nearest(city('El Paso', 'TX'))[0]).toBe('Las Cruces, NM')
    expect(nearest(city('Las Cruces', 'NM'))[0]).toBe('El Paso, TX')
  })

  it('cross the border: Detroit ↔ Windsor, Gatineau ↔ Ottawa', () => {
    expect(nearest(city('Detroit', 'MI'))[0]).toBe('Windsor, ON')
    expect(nearest(city('Windsor', 'ON'))[0]).toBe('Detroit, MI')
    expect(nearest(city('Gatineau', 'QC'))[0]).toBe('Ottawa, ON')
    expect(nearest(city('Ottawa', 'ON'))[0]).toBe('Gatineau, QC')
  })

  it('are the nearest served cities within `nearby` of site.yaml (at most 8), nearest first, by great-circle distance', () => {
    for (const c of [city('Boise', 'ID'), city('Plano', 'TX'), city('Burlington', 'ON')]) {
      const withinKm = c.country === 'US' ? catalogue.site.nearby.mi * KM_PER_MILE : catalogue.site.nearby.km
      const { cities: list, far } = nearbyCities(c, catalogue, 'en')
      expect(far).toBe(false)
      expect(list.length).toBeGreaterThan(0)
      expect(list.length).toBeLessThanOrEqual(8)
      expect(list.map((n) => n.km)).toEqual([...list.map((n) => n.km)].sort((a, b) => a - b))
      expect(list.every((n) => n.km <= withinKm)).toBe(true)
      // None nearer left out, nor any other within the distance while the list has room.
      const limit = list.length === 8 ? list.at(-1)!.km : withinKm
      const closer = catalogue.cities.filter((o) => o !== c && o.coordinates && greatCircleKm(c.coordinates!, o.coordinates) <= limit)
      expect(closer).toHaveLength(list.length)
    }
    // New York to Los Angeles: 3,936 km along the great circle.
    expect(greatCircleKm(city('New York', 'NY').coordinates!, city('Los Angeles', 'CA').coordinates!)).toBeCloseTo(3936, -1)
  })

  it('are the three nearest, said to be far, where no served city is within `nearby` (Billings, MT)', () => {
    const { cities: list, far } = nearbyCities(city('Billings', 'MT'), catalogue, 'en')
    expect(far).toBe(true)
    expect(list).toHaveLength(3)
    expect(list[0]!.km).toBeGreaterThan(catalogue.site.nearby.mi * KM_PER_MILE)
  })

  it('on a French page, are cities with French pages only', () => {
    const list = nearest(city('Gatineau', 'QC'), 'fr')
    expect(list).not.toContain('Ottawa, ON')
    expect(list.every((name) => name.endsWith(', QC'))).toBe(true)
  })

  it('are shown with their distance, said once to be in a straight line: miles on US pages, km on Canadian and French pages', () => {
    const page = (file: string) => renderHtml(pageEntries(catalogue, NONE_OUT).find((e) => e.file === file)!.props)
    const list = (html: string) => /data-nearby-cities=""[^]*?<\/ul>/.exec(html)![0]
    const vancouver = list(page('vancouver-wa-strip-wax-janitorial.html'))
    expect(vancouver).toContain('Strip &amp; Wax Near Vancouver, WA')
    expect(vancouver).toMatch(/href="\/portland-strip-wax-janitorial"[^>]*>Strip &amp; Wax in Portland<\/a> <span[^>]*>\(\d{1,2}\u00a0mi\)<\/span>/)
    expect(list(page('windsor-strip-wax-janitorial.html'))).toMatch(/>Strip &amp; Wax in Detroit<\/a> <span[^>]*>\(\d\u00a0km\)<\/span>/)
    expect(list(page('fr/gatineau-decapage-et-cirage.html'))).toMatch(/\(\d+\u00a0km\)/)
    // Issue 39: a label under the heading, once per list (the items keep their short "(12 mi)").
    expect(vancouver).toMatch(/<h2[^>]*>Strip &amp; Wax Near Vancouver, WA<\/h2><p[^>]*>Distances in a straight line:<\/p><ul/)
    expect(list(page('windsor-strip-wax-janitorial.html'))).toContain('>Distances in a straight line:</p>')
    expect(list(page('fr/gatineau-decapage-et-cirage.html'))).toContain('>Distances à vol d’oiseau\u00a0:</p>')
  })
})
