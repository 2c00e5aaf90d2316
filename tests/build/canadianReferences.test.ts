// Issue 30, item 6: the pages for Québec cite Québec's and Canada's rules and bodies (the CNESST, Health Canada) where
// the English copy cites OSHA or the EPA, and the English pages of every Canadian city cite Health Canada.
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { langOfPath } from '../../src/i18n/lang'
import { pageModels } from '../../src/pages/entries'
import { page, text } from './dist'

const catalogue = loadCatalogue()
const models = pageModels(catalogue)
/** The services whose copy cites US rules or bodies. */
const CITING = new Set(['medical-cleaning', 'green-cleaning', 'disinfecting'])

const cityPages = (where: (country: string, state: string) => boolean, lang: 'en' | 'fr') =>
  models.flatMap((m) => (m.kind === 'city-service' && m.lang === lang && CITING.has(m.service.slug) && where(m.city.country, m.city.state) ? [m.path] : []))
const bodyText = (path: string) => text(page(path).querySelector('main'))
/** The sentences of a text that cite OSHA or the EPA. */
const citingUs = (t: string) => t.split(/(?<=[.!?])\s+/).filter((s) => /\b(OSHA|EPA)\b|l’EPA/.test(s))

describe('pages for Québec and Canada', () => {
  it('the French pages (Québec) cite the CNESST and Health Canada, never OSHA or the EPA', () => {
    const french = [
      ...cityPages(() => true, 'fr'),
      ...models.filter((m) => m.kind !== 'city-service' && langOfPath(m.path) === 'fr' && m.kind !== 'not-found').map((m) => m.path),
    ]
    expect(french.length).toBeGreaterThan(50)
    expect(french.flatMap((p) => citingUs(bodyText(p)).map((s) => `${p}: ${s}`))).toEqual([])
    expect(bodyText('/fr/montreal-entretien-etablissements-de-sante')).toMatch(/exigences de la CNESST.*DIN de Santé Canada/)
    expect(bodyText('/fr/services/desinfection')).toContain('désinfectants portant un DIN de Santé Canada')
    expect(bodyText('/fr/a-propos')).toContain('de la CNESST')
  })

  it('the English pages of Québec cities cite the CNESST and Health Canada, those of other provinces Health Canada and provincial rules', () => {
    const quebec = cityPages((country, state) => state === 'QC', 'en')
    const canada = cityPages((country, state) => country === 'CA' && state !== 'QC', 'en')
    expect(quebec.length).toBeGreaterThan(10)
    expect(canada.length).toBeGreaterThan(10)
    // A sentence may name the EPA only beside Health Canada (a region's advice for both sides of the border).
    const problems = [...quebec, ...canada].flatMap((p) =>
      citingUs(bodyText(p))
        .filter((s) => !s.includes('Health Canada'))
        .map((s) => `${p}: ${s}`),
    )
    expect(problems).toEqual([])
    const montreal = bodyText('/montreal-medical-cleaning')
    expect(montreal).toContain("crews complete training on the CNESST's rules on biological hazards")
    expect(montreal).toContain("products on Health Canada's list of disinfectants proven against COVID-19")
    const toronto = bodyText('/toronto-medical-cleaning-janitorial')
    expect(toronto).toContain("their province's workplace safety rules on bloodborne pathogens")
    expect(toronto).not.toContain('CNESST')
    expect(bodyText('/toronto-disinfecting')).toContain('We record products, Health Canada DINs, areas and times')
  })

  it('US pages keep OSHA and the EPA', () => {
    expect(bodyText('/boise-medical-cleaning')).toContain('OSHA Bloodborne Pathogens Standard')
    expect(bodyText('/services/disinfecting')).toContain('EPA-registered disinfectants')
  })
})
