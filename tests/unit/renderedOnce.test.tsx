// Parts of pages rendered once and filled in for each page (src/components/renderedOnce.tsx) make the same bytes as
// React rendering them in place, page after page: for every kind of page, both languages, every service, and the
// cities whose names React escapes or French elides.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { loadCatalogue, type Catalogue } from '../../src/catalog/index'
import { escapeLikeReact, renderPartsInPlace } from '../../src/components/renderedOnce'
import { entryAt, pageCount, type PageEntry } from '../../src/pages/entries'
import { renderHtml } from '../../src/pages/renderHtml'
import { catalogueWith } from './helpers/dataCopy'
import { NONE_OUT } from '../helpers/decision'

afterEach(() => renderPartsInPlace(false))

/** The pages whose HTML differs between the two ways, with the first difference. */
function differences(catalogue: Catalogue, keep: (entry: PageEntry) => boolean) {
  const found: string[] = []
  let compared = 0
  for (let i = 0; i < pageCount(catalogue); i++) {
    const entry = entryAt(catalogue, NONE_OUT, i)
    if (!keep(entry)) continue
    renderPartsInPlace(false)
    const filled = renderHtml(entry.props)
    renderPartsInPlace(true)
    const inPlace = renderHtml(entry.props)
    compared++
    if (filled !== inPlace) {
      let at = 0
      while (filled[at] === inPlace[at]) at++
      found.push(`${entry.path} at ${at}: ${JSON.stringify(filled.slice(at - 40, at + 40))} instead of ${JSON.stringify(inPlace.slice(at - 40, at + 40))}`)
    }
  }
  return { found, compared }
}

const slugOf = (entry: PageEntry) => (entry.model.kind === 'city-service' || entry.model.kind === 'city' ? entry.model.city.slug : undefined)

describe('parts rendered once', () => {
  it('escape a text as React does, in text and in attributes', () => {
    for (const text of [`St. John's`, `A & B <c> "d"`, `&amp; already`, `plain`, `é à ’ “x”`, `'"&<>`]) {
      expect(renderToString(<p title={text}>{text}</p>)).toBe(`<p title="${escapeLikeReact(text)}">${escapeLikeReact(text)}</p>`)
    }
  })

  it('make the same pages as React in place: every page but the city-service ones, and those of every 20th city (real data)', () => {
    const catalogue = loadCatalogue(path.resolve('data'))
    // Every 20th city, those whose names React escapes, and the French pages of those French elides (« d’Ottawa »).
    const cities = new Set(catalogue.cities.filter((c, i) => i % 20 === 0 || /['’&]/.test(c.displayName)).map((c) => c.slug))
    const elided = (entry: PageEntry) =>
      entry.model.lang === 'fr' && /^[AEIOUYHÉÎ]/.test(entry.model.kind === 'city-service' ? entry.model.city.displayName : '')
    const { found, compared } = differences(catalogue, (entry) => entry.model.kind !== 'city-service' || cities.has(slugOf(entry)!) || elided(entry))
    expect(found).toEqual([])
    expect(compared).toBeGreaterThan(1200)
  })

  it('make the same pages as React in place where a city is named with &, <, > and quotes and has local details', () => {
    const [header, ...rows] = readFileSync(path.resolve('data/cities.csv'), 'utf8').trimEnd().split('\n')
    const details = (row: string) =>
      row.startsWith('Boise,')
        ? `"Boise & ""Old"" <Town>"${row.slice('Boise'.length)},"North End; Bench; ""Barber"" Valley",Garden City`
        : row.startsWith('Montréal,')
          ? `${row},Plateau; Verdun,`
          : `${row},,`
    const csv = [`${header},neighborhoods,crew_base`, ...rows.map(details)].join('\n') + '\n'
    const catalogue = catalogueWith({
      'cities.csv': csv,
      'content/cities/montreal.fr.md': 'Les hivers « rudes » & "longs", *vraiment* ; voir [nos services](/fr/services-locaux).\n',
    })
    const boise = catalogue.cities.find((c) => c.name.startsWith('Boise &'))!
    expect(boise.details.crewBase).toBe('Garden City')
    const montreal = catalogue.cities.find((c) => c.name === 'Montréal')!
    expect(catalogue.content.cities.get(montreal.slug)?.fr?.html).toContain('<em>vraiment</em>')
    const kept = new Set([boise.slug, montreal.slug])
    const { found, compared } = differences(catalogue, (entry) => kept.has(slugOf(entry) ?? ''))
    expect(found).toEqual([])
    expect(compared).toBeGreaterThan(60)
  })
})
