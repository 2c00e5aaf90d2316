import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { cityIndex, findCities, fold } from '../../src/client/cityMatch'
import { cityHubPath } from '../../src/urls/paths'

// The finder's matching over the real city list, as the directory's A–Z list hands it over.
const catalogue = loadCatalogue()
const index = cityIndex(catalogue.cities.map((c, rank) => ({ name: c.name, state: c.state, stateName: c.stateName, href: cityHubPath(c.slug), rank })))
const find = (typed: string) => findCities(index, typed).map((c) => `${c.name}, ${c.state}`)

describe('the city finder', () => {
  it('ignores accents, case and punctuation, and reads "Saint" as "St."', () => {
    for (const typed of ['st louis', 'St. Louis', 'ST LOUIS', 'saint louis', 'st-louis']) expect(find(typed)[0], typed).toBe('St. Louis, MO')
    for (const typed of ['trois rivieres', 'Trois-Rivières', 'TROIS RIVIERES', 'trois-riv']) expect(find(typed), typed).toEqual(['Trois-Rivières, QC'])
    expect(find('montreal')).toEqual(['Montréal, QC'])
    expect(find('st johns')).toEqual(["St. John's, NL"])
    expect(find('ofallon')).toEqual(["O'Fallon, MO"])
    expect(find('o fallon')).toEqual(["O'Fallon, MO"])
    expect(fold('Saint-Jérôme')).toBe('st jerome')
  })

  it('narrows by state or province, as its code or its name', () => {
    expect(find('springfield')).toEqual(['Springfield, MO', 'Springfield, MA', 'Springfield, IL'])
    expect(find('springfield il')).toEqual(['Springfield, IL'])
    expect(find('Springfield, IL')).toEqual(['Springfield, IL'])
    expect(find('springfield illinois')).toEqual(['Springfield, IL'])
    expect(find('springfield mass')).toEqual(['Springfield, MA'])
    expect(find('portland or')).toEqual(['Portland, OR'])
    expect(find('portland oregon')).toEqual(['Portland, OR'])
    expect(find('portland tx')).toEqual([])
  })

  it('lists the whole name first, then names that start so, then words that start so, larger cities first', () => {
    // "kansas": the two cities whose names start so, then the state's cities, largest first.
    expect(find('kansas').slice(0, 3)).toEqual(['Kansas City, MO', 'Kansas City, KS', 'Wichita, KS'])
    expect(find('new')[0]).toBe('New York, NY')
    expect(find('louis')).toContain('St. Louis, MO')
    expect(find('san')).toEqual(
      find('san')
        .filter((c) => c.startsWith('San'))
        .concat(find('san').filter((c) => !c.startsWith('San'))),
    )
  })

  it('lists a state or province alone, written out', () => {
    const texas = find('texas')
    expect(texas.length).toBe(catalogue.cities.filter((c) => c.state === 'TX').length)
    expect(texas[0]).toBe('Houston, TX')
    // Québec City's name is the query itself: it comes first, then the province's other cities.
    const quebec = catalogue.cities.filter((c) => c.state === 'QC').map((c) => `${c.name}, QC`)
    expect(find('quebec')).toEqual(['Québec, QC', ...quebec.filter((c) => c !== 'Québec, QC')])
  })

  it('waits for two letters and finds nothing in nonsense', () => {
    expect(find('s')).toEqual([])
    expect(find(' . ')).toEqual([])
    expect(find('xq')).toEqual([])
    expect(find('sprinfield')).toEqual([])
  })
})
