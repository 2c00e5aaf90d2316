// Issue 16, item 1: {city} stands only where "your area" (« votre région ») is grammatical, since the general service
// page has no city (docs/staff-guide.md, "Copy with {city}"). check:data refuses any other sentence with its file, line and field.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cityPlaceholderProblems } from '../../src/catalog/cityCopy'
import { withCity } from '../../src/catalog/index'
import { problemsWith } from './helpers/dataCopy'

/** The line of data/`file` that holds `text` (1-based). */
const lineOf = (file: string, text: string) =>
  readFileSync(`data/${file}`, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(text)) + 1

describe('the {city} rule', () => {
  it('accepts sentences that read well with a city and with "your area"', () => {
    const good = [
      'Can you clean offices in {city} while staff are working?',
      'Yes. In {city}, many offices choose daytime cleaning.',
      'We look after buildings across {city} with one point of contact.',
      'Crews in {city} can often be on site the same day.',
      'High-traffic facilities in {city} such as gyms benefit from weekly disinfecting.',
      'We check the stormwater requirements for {city} before each job.',
      'Many families relocating to {city}, we find, book early.',
      'Serving {city}',
      'Apartment communities throughout {city}.',
      'Exterior work in {city} is rescheduled if ice makes it unsafe.',
    ]
    for (const sentence of good) expect([sentence, cityPlaceholderProblems(sentence, 'en')]).toEqual([sentence, []])
    for (const sentence of [
      'Les clients de {city} doivent-ils être sur place\u00a0?',
      'Après une visite de vos lieux à {city}, nous vous le disons.',
      'Partout à {city}.',
      'Beaucoup de familles qui déménagent vers {city} réservent tôt.',
    ]) {
      expect([sentence, cityPlaceholderProblems(sentence, 'fr')]).toEqual([sentence, []])
    }
  })

  it('refuses {city} after a determiner, a possessive or a verb, saying how the page without a city reads it', () => {
    expect(cityPlaceholderProblems('Can you clean our {city} office?', 'en')).toEqual([
      '{city} after "our" reads "our your area office" on the general service page, which has no city: put {city} right after a preposition: in, across, around, throughout, near, for, to, from, of, serving or within',
    ])
    expect(cityPlaceholderProblems('No. Many {city} clients leave a key.', 'en')[0]).toMatch(/^\{city\} after "Many" reads "Many your area clients"/)
    expect(cityPlaceholderProblems('How often should a {city} business schedule it?', 'en')[0]).toMatch(/^\{city\} after "a" reads "a your area business"/)
    expect(cityPlaceholderProblems('Can you pressure wash {city} properties?', 'en')[0]).toMatch(/^\{city\} after "wash" reads "wash your area properties"/)
    expect(cityPlaceholderProblems('{city} offices are clean.', 'en')[0]).toMatch(/^\{city\} at the start reads "your area offices"/)
    expect(cityPlaceholderProblems('Pouvez-vous entretenir notre {city}\u00a0?', 'fr')[0]).toMatch(
      /^\{city\} after "notre" reads "notre votre région" .*: put \{city\} right after a preposition: à, de, dans, pour or vers/,
    )
    expect(cityPlaceholderProblems('les périodes humides que connaît {city}.', 'fr')[0]).toMatch(/^\{city\} after "connaît" reads "connaît votre région"/)
  })

  it('refuses a noun or another clause’s verb right after {city} in English, and {city} joined to a word', () => {
    expect(cityPlaceholderProblems('Do you clean carpets in {city} hotels?', 'en')).toEqual([
      '{city} before "hotels" reads "in your area hotels" on the general service page, which has no city: after {city} write punctuation, the end of the sentence or a word such as and, with, during, is, can (a noun goes before the place: "offices in {city}", not "in {city} offices")',
    ])
    expect(cityPlaceholderProblems('Carpet tile in {city} offices is cleaned.', 'en')).toHaveLength(1)
    expect(cityPlaceholderProblems('Many families relocating to {city} book a cleaning.', 'en')[0]).toMatch(/^\{city\} before "book" reads "to your area book"/)
    expect(cityPlaceholderProblems('Crews based in {city}-area offices.', 'en')[0]).toMatch(/^\{city\} joined to "-area" reads "in your area-area"/)
    expect(cityPlaceholderProblems('Clients in {city}’s suburbs.', 'en')).toHaveLength(1)
    expect(cityPlaceholderProblems('Les bureaux de {city} sont propres.', 'fr')).toEqual([])
  })

  it('the sentences it accepts become general sentences on the general service page: the place and its preposition go', () => {
    expect(withCity('Can you clean offices in {city} while staff are working?', null)).toBe('Can you clean offices while staff are working?')
    expect(withCity('Yes. In {city}, many offices choose daytime cleaning.', null)).toBe('Yes. Many offices choose daytime cleaning.')
    expect(withCity('We serve property portfolios throughout {city}.', null)).toBe('We serve property portfolios.')
    expect(withCity('Après une visite de vos lieux à {city}, nous vous le disons.', null, 'fr')).toBe('Après une visite de vos lieux, nous vous le disons.')
    expect(withCity('Les clients de {city} sont servis.', null, 'fr')).toBe('Les clients sont servis.')
    expect(withCity('Oui. Dans l’ensemble de {city}, nous nettoyons les bureaux.', null, 'fr')).toBe('Oui. Nous nettoyons les bureaux.')
    expect(withCity('Oui. À {city}, la plupart des visites ont lieu le soir.', null, 'fr')).toBe('Oui. La plupart des visites ont lieu le soir.')
    expect(withCity('Les clients de {city} sont servis.', { displayName: 'Alma' }, 'fr')).toBe('Les clients d’Alma sont servis.')
  })
})

describe('npm run check:data and the build', () => {
  it('refuse a sentence of services.yaml that breaks the rule, with the file, the line and the field', () => {
    const good = 'Can you clean offices in {city} while staff are working?'
    const problems = problemsWith('services.yaml', (text) => text.replace(good, 'Can you clean our {city} office while staff are working?'))
    expect(problems).toEqual([
      `data/services.yaml line ${lineOf('services.yaml', good)}, services.office-cleaning.faqs[2].question: {city} after "our" reads "our your area office" on the general service page, which has no city: put {city} right after a preposition: in, across, around, throughout, near, for, to, from, of, serving or within`,
    ])
  })

  it('refuse such a sentence in services.fr.yaml, and in the English and French copy of regions.yaml', () => {
    const fr = 'Pouvez-vous faire passer un bureau de {city} à l’entretien écologique'
    expect(problemsWith('services.fr.yaml', (text) => text.replace(fr, 'Pouvez-vous faire passer notre {city} à l’entretien écologique'))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^data/services\\.fr\\.yaml line ${lineOf('services.fr.yaml', fr)}, services\\.green-cleaning\\.faqs\\[3\\]\\.question: \\{city\\} after "notre" reads "notre votre région à"`,
        ),
      ),
    ])
    const regions = readFileSync('data/regions.yaml', 'utf8')
    const advice = /^ {8}advice: >-?\n {10}(\S[^\n]*)$/m.exec(regions)![1]!
    const problems = problemsWith('regions.yaml', (text) => text.replace(advice, `Many {city} offices: ${advice}`))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(
      new RegExp(
        `^data/regions\\.yaml line ${lineOf('regions.yaml', advice) - 1}, regions\\.[a-z-]+\\.services\\.[a-z-]+\\.advice: \\{city\\} after "Many" reads "Many your area offices"`,
      ),
    )
    const frenchAdvice = /^ {4}fr:[\s\S]*?^ {10}advice: >-?\n {12}(\S[^\n]*)$/m.exec(regions)![1]!
    const frenchProblems = problemsWith('regions.yaml', (text) => text.replace(frenchAdvice, `Les {city} bureaux\u00a0: ${frenchAdvice}`))
    expect(frenchProblems).toEqual([
      expect.stringMatching(
        new RegExp(
          `^data/regions\\.yaml line ${lineOf('regions.yaml', frenchAdvice) - 1}, regions\\.[a-z-]+\\.fr\\.services\\.[a-z-]+\\.advice: \\{city\\} after "Les" reads "Les votre région bureaux"`,
        ),
      ),
    ])
  })
})
