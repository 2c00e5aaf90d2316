import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadCatalogue, type City } from '../../src/catalog/index'
import { nearbyCities } from '../../src/catalog/lists'
import { greatCircleKm } from '../../src/geo/distance'
import type { Lang } from '../../src/i18n/lang'
import { pageEntries } from '../../src/pages/entries'
import { renderHtml } from '../../src/pages/renderHtml'
import { NONE_OUT } from '../helpers/decision'

const catalogue = loadCatalogue(path.resolve('data'))
const city = (name: string, state: string) => catalogue.cities.find((c) => c.name === name && c.state === state)!
const nearest = (c: City, lang: Lang = 'en') => nearbyCities(c, catalogue, lang).map((n) => `${n.city.name}, ${n.city.state}`)

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

  it('are the 8 nearest, nearest first, by great-circle distance', () => {
    const boise = city('Boise', 'ID')
    const list = nearbyCities(boise, catalogue, 'en')
    expect(list).toHaveLength(8)
    expect(list.map((n) => n.km)).toEqual([...list.map((n) => n.km)].sort((a, b) => a - b))
    const farthest = list.at(-1)!.km
    const closer = catalogue.cities.filter((c) => c !== boise && c.coordinates && greatCircleKm(boise.coordinates!, c.coordinates) < farthest)
    expect(closer).toHaveLength(7)
    // New York to Los Angeles: 3,936 km along the great circle.
    expect(greatCircleKm(city('New York', 'NY').coordinates!, city('Los Angeles', 'CA').coordinates!)).toBeCloseTo(3936, -1)
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
