// The regions file and the optional local details of data/cities.csv (docs/staff-guide.md, "Regions and local details"):
// what the staff get wrong is named with its file, line and field; what they fill in shows on the city pages.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'node-html-parser'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { loadCatalogue, type Catalogue } from '../../src/catalog/index'
import { pageEntries } from '../../src/pages/entries'
import { PageView } from '../../src/pages/PageView'
import { catalogueWith, problemsWith } from './helpers/dataCopy'
import { NONE_OUT } from '../helpers/decision'

const realData = path.resolve('data')
const catalogue = loadCatalogue(realData)
const citiesCsv = readFileSync(path.join(realData, 'cities.csv'), 'utf8')
const lineOf = (prefix: string) => citiesCsv.split('\n').findIndex((l) => l.startsWith(prefix)) + 1

/** The main text of a city page as the reader sees it. */
function pageText(c: Catalogue, urlPath: string) {
  const entry = pageEntries(c, NONE_OUT).find((e) => e.path === urlPath)
  if (!entry) throw new Error(`no page ${urlPath}`)
  return parse(renderToString(<PageView {...entry.props} />))
}

describe('data/regions.yaml', () => {
  it('puts every city in one region, by its state or province', () => {
    expect(catalogue.cityBySlug.get('miami')?.climateRegion).toBe('gulf-florida')
    expect(catalogue.cityBySlug.get('phoenix')?.climateRegion).toBe('desert-southwest')
    expect(catalogue.cityBySlug.get('montreal')?.climateRegion).toBe('great-lakes-northeast')
    expect(catalogue.cities.every((c) => catalogue.climateRegions.has(c.climateRegion))).toBe(true)
  })

  it('names a state listed in two regions, with the line', () => {
    const problems = problemsWith('regions.yaml', (t) => t.replace('states: [US-FL, US-LA]', 'states: [US-FL, US-LA, US-TX]'))
    expect(problems).toEqual([
      expect.stringMatching(
        /^data\/regions\.yaml line \d+, regions\.southern-plains\.states\[2\]: US-TX is already in region "gulf-florida": each state or province belongs to one region$/,
      ),
    ])
  })

  it('names a state no region lists, with a city of it and its line in cities.csv', () => {
    const problems = problemsWith('regions.yaml', (t) => t.replace('states: [US-HI]', 'states: [US-GU]'))
    expect(problems).toEqual([
      expect.stringMatching(/^data\/regions\.yaml line \d+, regions\.hawaiian-islands\.states\[0\]: "US-GU" is not a state or province/),
    ])
    const moved = problemsWith('regions.yaml', (t) => t.replace('states: [US-HI]', 'states: [US-AK]').replace('states: [US-AK, CA-NT', 'states: [CA-NT'))
    expect(moved).toEqual([
      `data/regions.yaml: no region lists US-HI (Honolulu, data/cities.csv line ${lineOf('Honolulu,')}); add US-HI to the states of the region whose climate it shares`,
    ])
  })

  it('names a service without advice, and a region of French pages without its French copy', () => {
    const text = readFileSync(path.join(realData, 'regions.yaml'), 'utf8')
    const withoutAdvice = problemsWith('regions.yaml', () =>
      text.replace(/(\n {2}desert-southwest:[\s\S]*?\n {6}window-cleaning:\n) {8}advice: >-\n(?: {10}.*\n)+/, '$1'),
    )
    expect(withoutAdvice).toEqual([
      expect.stringMatching(/^data\/regions\.yaml line \d+, regions\.desert-southwest\.services\.window-cleaning\.advice: is missing \(required\)$/),
    ])
    const withoutFrench = problemsWith('regions.yaml', () => text.replace(/\n {4}fr:\n(?: {6}.*\n|\n)+?(?= {2}[a-z])/, '\n'))
    expect(withoutFrench).toEqual([
      expect.stringMatching(
        /^data\/regions\.yaml, regions\.great-lakes-northeast: the French copy \(fr\) is missing; Montréal \(data\/cities\.csv line \d+\) has French pages$/,
      ),
    ])
  })
})

describe('the time zone of a city', () => {
  it("is its state's, or the one of its timezone cell (El Paso keeps Mountain Time in Central Texas)", () => {
    expect(catalogue.cityBySlug.get('dallas')?.timeZone).toBe('America/Chicago')
    expect(catalogue.cityBySlug.get('el-paso')?.timeZone).toBe('America/Denver')
    expect(catalogue.cityBySlug.get('knoxville')?.timeZone).toBe('America/New_York')
    expect(catalogue.cityBySlug.get('phoenix')?.timeZone).toBe('America/Phoenix')
  })

  it('is shown in words on the city pages, in each language', () => {
    expect(pageText(catalogue, '/el-paso-window-cleaning').querySelector('#local-heading')?.parentNode?.text).toContain(
      'Mountain Time: visits, calls and quotes for El Paso are scheduled in local time.',
    )
    expect(pageText(catalogue, '/phoenix-window-cleaning').text).toContain('Mountain Standard Time: visits, calls and quotes for Phoenix')
    expect(pageText(catalogue, '/fr/montreal-lavage-de-vitres').text).toContain(
      'Heure de l’Est\u00a0: les visites, les appels et les soumissions pour Montréal sont planifiés à l’heure locale.',
    )
  })

  it('names a cell that is not a time zone, with line and column', () => {
    expect(problemsWith('cities.csv', (t) => t.replace(/^(Boise,ID,US,\d+),/m, '$1,Mountain'))).toEqual([
      expect.stringMatching(
        new RegExp(`^data/cities\\.csv line ${lineOf('Boise,')}, column "timezone": "Mountain" is not a time zone name: write one such as America/New_York`),
      ),
    ])
  })
})

describe('the optional local details of data/cities.csv', () => {
  const header = citiesCsv.split('\n')[0]!
  const withDetails = citiesCsv
    .replace(header, `${header},neighborhoods,crew_base`)
    .replace(/^(Boise,ID,US,\d+,,,,)$/m, '$1,North End; Downtown ;  Bench;;East End,Garden City yard')
    .replace(/^(Montréal,QC,CA,\d+,,,,[^,\n]*)$/m, '$1,Plateau-Mont-Royal; Verdun,')

  it('are shown on the pages of the city when filled in, each text of content/ in its language', () => {
    const c = catalogueWith({
      'cities.csv': withDetails,
      'content/cities/boise.md': 'Our Boise crews cover the Treasure Valley, from the Capitol to the airport.\n',
      'content/cities/montreal.md': 'The English note.\n',
      'content/cities/montreal.fr.md': 'Une note en français pour Montréal.\n',
    })
    expect(c.cityBySlug.get('boise')?.details).toEqual({
      neighborhoods: ['North End', 'Downtown', 'Bench', 'East End'],
      crewBase: 'Garden City yard',
    })
    const boise = pageText(c, '/boise-deep-cleaning-janitorial')
    expect(boise.text).toContain('Our Boise crews cover the Treasure Valley, from the Capitol to the airport.')
    expect(boise.querySelectorAll('dt').map((dt) => dt.text)).toEqual(expect.arrayContaining(['Time zone', 'Crew base', 'Neighborhoods served']))
    expect(boise.querySelectorAll('dd li').map((li) => li.text)).toEqual(['North End', 'Downtown', 'Bench', 'East End'])

    const montreal = pageText(c, '/fr/montreal-grand-menage')
    expect(montreal.text).toContain('Une note en français pour Montréal.')
    expect(montreal.text).not.toContain('The English note.')
    expect(montreal.querySelectorAll('dt').map((dt) => dt.text)).toEqual(expect.arrayContaining(['Quartiers desservis']))
    expect(pageText(c, '/montreal-deep-cleaning').text).toContain('The English note.')

    // The city's hub shows them too, with its region's climate and its time zone.
    const hub = pageText(c, '/local-services/boise')
    const local = hub.querySelector('[data-hub-local]')!
    expect(local.querySelector('h2')?.text).toBe('Local conditions in Boise')
    expect(local.text).toContain(`Climate region: ${c.climateRegions.get('mountain-west')!.name}`)
    expect(hub.querySelector('[data-content]')?.text).toContain('Our Boise crews cover the Treasure Valley, from the Capitol to the airport.')
    expect(local.text).toContain('Mountain Time: visits, calls and quotes for Boise are scheduled in local time.')
    expect(local.querySelectorAll('dt').map((dt) => dt.text)).toEqual(['Time zone', 'Crew base', 'Neighborhoods served'])
    expect(local.querySelectorAll('dd li').map((li) => li.text)).toEqual(['North End', 'Downtown', 'Bench', 'East End'])
    const frenchHub = pageText(c, '/fr/services-locaux/montreal').querySelector('[data-content]')!
    expect(frenchHub.text).toContain('Une note en français pour Montréal.')
    expect(frenchHub.text).not.toContain('The English note.')
    expect(
      pageText(catalogue, '/local-services/boise')
        .querySelectorAll('[data-hub-local] dt')
        .map((dt) => dt.text),
    ).toEqual(['Time zone'])
  })

  it('leave no trace when empty: no heading, no empty list', () => {
    const boise = pageText(catalogue, '/boise-deep-cleaning-janitorial')
    expect(boise.querySelectorAll('dt').map((dt) => dt.text)).toEqual(expect.not.arrayContaining(['Crew base', 'Neighborhoods served']))
    expect(boise.querySelectorAll('dd li')).toHaveLength(0)
  })
})

describe('a city page', () => {
  it("shows its region's climate, the service's advice for it, the season notes, and the region's question last in the FAQ", () => {
    const miami = catalogue.climateRegions.get('gulf-florida')!
    const p = pageText(catalogue, '/miami-deep-cleaning')
    const text = p.text.replace(/\s+/g, ' ')
    const oneLine = (s: string) => s.replace(/\s+/g, ' ')
    expect(text).toContain(`Climate region: ${miami.name}`)
    expect(text).toContain(oneLine(miami.climate))
    expect(text).toContain(oneLine(miami.services['deep-cleaning'].advice))
    expect(text).toContain(oneLine(miami.seasons.summer))
    expect(p.querySelectorAll('h2').map((h) => h.text)).toContain('Local conditions in Miami')
    const faq = p.querySelectorAll('section').find((s) => s.querySelector('h2')?.text === 'Frequently Asked Questions')!
    const questions = faq.querySelectorAll('h3').map((q) => q.text)
    expect(questions).toHaveLength(6)
    expect(questions.at(-1)).toBe(miami.services['deep-cleaning'].faq.question)
  })
})
