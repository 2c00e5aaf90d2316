// Issue 30, item 5: what a professional buyer checks (insurance, bonding, licenses, certifications, the founding year,
// each review's source) comes from data/site.yaml and shows beside the quote forms, on the About page and in the footer,
// in both languages; an empty field shows nothing. Item 6: "translated" stands only under a testimonial that was.
// The pages are rendered as the build renders them (renderHtml, the real components) from a copy of data/.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'node-html-parser'
import { describe, expect, it } from 'vitest'
import { loadCatalogue, type Catalogue } from '../../src/catalog/index'
import { entryAt, pagePaths } from '../../src/pages/entries'
import { renderHtml } from '../../src/pages/renderHtml'
import { catalogueWith, loadWith } from './helpers/dataCopy'
import { sampleTrust } from '../helpers/sampleTrust'
import { fewerCitiesCsv } from '../helpers/smallerSite'
import { NONE_OUT } from '../helpers/decision'

const siteYaml = readFileSync(path.resolve('data/site.yaml'), 'utf8')

/**
 * The edited sites' cities: the 26 most populous (Montréal among them) and Idaho's (Boise), so that each edit's search
 * index (which every page's props need, the credentials being part of the pages' text) measures 1,300 pages, not 8,000.
 */
const fewerCities = fewerCitiesCsv(26, ['ID'])
const editedSite = (site: string) => catalogueWith({ 'site.yaml': site, 'cities.csv': fewerCities })

/** site.yaml with the trust block filled in, a testimonial written in French and two sources. */
const withTrust = siteYaml
  .replace(/^trust:\n(?: {2}.*\n)+/m, sampleTrust())
  .replace(
    '    rating: 5\n    lang: en\n    text: Green products',
    '    rating: 5\n    lang: fr\n    source: Google\n    sourceUrl: https://maps.example.com/review/1\n    text: Green products',
  )
  .replace('    rating: 5\n    lang: en\n    text: Their crew', '    rating: 5\n    lang: en\n    source: Google\n    text: Their crew')

/**
 * The page of a URL, made alone: making every page's props would also measure the search index of each catalogue
 * (the city pages' props need it), even for a test of the About page.
 */
function entryOf(catalogue: Catalogue, url: string) {
  const at = pagePaths(catalogue).indexOf(url)
  if (at < 0) throw new Error(`no page ${url}`)
  return entryAt(catalogue, NONE_OUT, at)
}

/** A page's visible text, by URL, no-break spaces (French typography, currency amounts) read as spaces. */
function textOf(catalogue: Catalogue, url: string): string {
  const entry = entryOf(catalogue, url)
  return parse(renderHtml(entry.props))
    .querySelector('body')!
    .textContent.replace(/[\s\u00a0\u202f]+/g, ' ')
}
const sectionsOf = (catalogue: Catalogue, url: string) => {
  const entry = entryOf(catalogue, url)
  return parse(renderHtml(entry.props))
    .querySelectorAll('[data-trust]')
    .map((el) => el.getAttribute('data-trust'))
}

const PAGES = {
  en: ['/', '/about', '/quote', '/services/strip-wax', '/boise-strip-wax'],
  fr: ['/fr', '/fr/a-propos', '/fr/soumission', '/fr/montreal-decapage-et-cirage'],
}

describe('the credentials of site.yaml', () => {
  const filled = editedSite(withTrust)
  const real = loadCatalogue()

  const SHOWN = {
    en: [
      'Our credentials',
      'In business since 2009',
      'General liability insurance: $2,000,000 per occurrence',
      'Bonded',
      'Business license No. 2009-123456 (City and County of Denver)',
      'Certified by Green Seal: GS-42 Commercial Cleaning Services, No. GS42-0001',
    ],
    fr: [
      'Nos attestations',
      'En affaires depuis 2009',
      'Assurance responsabilité civile : 2 000 000 $ US par sinistre',
      'Entreprise cautionnée',
      'Permis d’affaires nº 2009-123456 (City and County of Denver)',
      'Certification Green Seal : GS-42 Commercial Cleaning Services, nº GS42-0001',
    ],
  }

  it.each(['en', 'fr'] as const)('show beside the quote form, in the footer and on the About page (%s)', (lang) => {
    for (const url of PAGES[lang]) {
      const text = textOf(filled, url)
      for (const line of SHOWN[lang]) expect(text, url).toContain(line)
    }
    expect(sectionsOf(filled, lang === 'en' ? '/about' : '/fr/a-propos')).toEqual(['section', 'footer'])
    if (lang === 'en') expect(sectionsOf(filled, '/quote')).toEqual(['strip', 'footer'])
  })

  it('show nothing where empty: the committed data states none', () => {
    for (const url of [...PAGES.en, ...PAGES.fr]) {
      expect(sectionsOf(real, url), url).toEqual([])
      expect(textOf(real, url), url).not.toMatch(
        /Our credentials|Nos attestations|In business since|Bonded|cautionnée|liability insurance|responsabilité civile/,
      )
    }
  })

  it('show only the fields set', () => {
    const foundedOnly = editedSite(siteYaml.replace(/^ {2}founded:\n/m, '  founded: 2015\n'))
    const text = textOf(foundedOnly, '/about')
    expect(text).toContain('In business since 2015')
    expect(text).not.toMatch(/insurance|Bonded|license No\.|Certified by/)
  })

  it('are refused with the file, the line and the field when wrong', () => {
    const problems = loadWith({
      'site.yaml': siteYaml
        .replace(/^ {2}founded:\n/m, '  founded: 3009\n')
        .replace(/^ {2}certifications: \[\]\n/m, '  certifications:\n    - { name: GS-42, body: Green Seal }\n'),
    })
    const line = (key: string) => siteYaml.split('\n').findIndex((l) => l.startsWith(`  ${key}:`)) + 1
    expect(problems).toEqual([
      `data/site.yaml line ${line('founded')}, trust.founded: must not be in the future`,
      `data/site.yaml line ${line('certifications') + 1}, trust.certifications[0].number: is missing (required)`,
    ])
  })
})

describe('testimonials', () => {
  const filled = editedSite(withTrust)
  const notes = (catalogue: Catalogue, url: string) => {
    const entry = entryOf(catalogue, url)
    return parse(renderHtml(entry.props))
      .querySelectorAll('[data-testimonial]')
      .map((li) => [li.querySelector('[data-translated]')?.textContent ?? null, li.querySelector('[data-testimonial-source]')?.textContent ?? null])
  }

  it('say "translated" only under those written in the other language', () => {
    expect(notes(filled, '/').map(([t]) => t)).toEqual([null, null, null, 'Translated from French'])
    expect(notes(filled, '/fr').map(([t]) => t)).toEqual(['Traduit de l’anglais', 'Traduit de l’anglais', 'Traduit de l’anglais', null])
  })

  it('name their source where site.yaml gives one, with its link', () => {
    expect(notes(filled, '/').map(([, s]) => s)).toEqual(['Review on Google', null, null, 'Review on Google'])
    expect(notes(filled, '/fr').map(([, s]) => s)).toEqual(['Avis publié sur Google', null, null, 'Avis publié sur Google'])
    const entry = entryOf(filled, '/')
    expect(parse(renderHtml(entry.props)).querySelector('[data-testimonial-source] a')?.getAttribute('href')).toBe('https://maps.example.com/review/1')
  })
})
