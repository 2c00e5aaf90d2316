// Issue 16, item 1, and issue 30, item 6: the general service page has no city and leaves {city} out with its
// preposition, so it says general sentences, never "your area" (« votre région »); a {city} the rule of check:data
// would let through reads "your area" there, and must read naturally ("Many your area clients" does not). The English
// copy is in US spelling.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { langOfPath } from '../../src/i18n/lang'
import { pageModels } from '../../src/pages/entries'
import { fileForPath } from '../../src/urls/paths'
import { enGbSpellings } from '../helpers/enGbSpellings'
import { DIST } from './dist'

const catalogue = loadCatalogue()
const models = pageModels(catalogue)

/** What a reader sees of a page: its title, its meta description and the text of its body, scripts left out. */
function visibleText(html: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? ''
  const body = html
    .slice(html.indexOf('<body'))
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
  return decode(`${title} \n ${description} \n ${body}`).replace(/\s+/g, ' ')
}

function decode(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, code: string) =>
    code[0] === '#' ? String.fromCodePoint(code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1))) : (named[code] ?? entity),
  )
}

/** A few words either side of a match, to find it in the copy. */
const around = (text: string, index: number, length: number) => `…${text.slice(Math.max(0, index - 40), index + length + 40)}…`

// Words that may follow "your area" in an English sentence: punctuation does, and these; anything else (a noun:
// "your area offices", a verb of another clause: "your area book") reads wrongly.
const AFTER_YOUR_AREA = new Set(
  'about after around at before by during for from in into on outside over since through throughout to until with within without and as because but if once or so such than that when where whether which while who whose are can could did do does had has have is may might must should was were will would also often too typically usually'.split(
    ' ',
  ),
)
const DETERMINERS_EN = /\b(a|an|the|our|your|their|its|his|her|my|many|most|every|each|this|that|these|those|some|any|all|no)\s+your area\b/gi
const DETERMINERS_FR =
  /(?:\b(?:le|la|les|un|une|des|du|au|aux|notre|nos|votre|vos|leur|leurs|ce|cet|cette|ces|chaque|son|sa|ses|mon|ma|mes|plusieurs)\s+|\bl[’'])votre région\b/gi
// French puts the noun before the place (« les bureaux de votre région »); an English calque would put these after it.
const NOUNS_FR =
  /votre région\s+(bureaux?|clients?|clientèle|entreprises?|commerces?|hôtels?|immeubles?|maisons?|logements?|propriétés?|cliniques?|chantiers?|équipes?|préposés?|gestionnaires?|propriétaires?|locataires?|établissements?|écoles?|entrepôts?|garderies?|restaurants?|tapis|planchers?|vitres|bâtiments?|locaux|résidences?|familles?|entrepreneurs?)\b/gi

/** The problems of one page's text with {city} read as "your area" / « votre région ». */
function noCityProblems(html: string, lang: 'en' | 'fr'): string[] {
  const text = visibleText(html)
  const problems: string[] = []
  if (html.includes('{city}')) problems.push(`{city} left in the page: ${around(html, html.indexOf('{city}'), 6)}`)
  if (lang === 'en') {
    for (const m of text.matchAll(DETERMINERS_EN)) problems.push(`a determiner before "your area": ${around(text, m.index, m[0].length)}`)
    for (const m of text.matchAll(/\byour area\s+([A-Za-z][\w’'-]*)/g)) {
      if (!AFTER_YOUR_AREA.has(m[1]!.toLowerCase())) problems.push(`"your area" before "${m[1]}": ${around(text, m.index, m[0].length)}`)
    }
  } else {
    for (const m of text.matchAll(DETERMINERS_FR)) problems.push(`a determiner before « votre région »: ${around(text, m.index, m[0].length)}`)
    for (const m of text.matchAll(NOUNS_FR)) problems.push(`« votre région » before a noun: ${around(text, m.index, m[0].length)}`)
  }
  return problems
}

const read = (urlPath: string) => readFileSync(path.join(DIST, fileForPath(urlPath)), 'utf8')
const servicePages = models.filter((m) => m.kind === 'service').map((m) => m.path)
// Every city-service page of the city of each climate region with the most people, and every French city page of
// Montréal: all their region copy and every service, in 0.2 s (all 14,750 city pages take over 10 s).
const firstOfRegion = new Set([...new Map([...catalogue.cities].reverse().map((c) => [c.climateRegion, c.slug] as const)).values()])
const cityPages = models
  .filter((m) => m.kind === 'city-service' && (firstOfRegion.has(m.city.slug) || (m.city.slug === 'montreal' && m.lang === 'fr')))
  .map((m) => m.path)

describe('copy with no city', () => {
  it('the service pages, English and French, read naturally where {city} becomes "your area" / « votre région »', () => {
    expect(servicePages.length).toBe(36)
    const problems = servicePages.flatMap((p) => noCityProblems(read(p), langOfPath(p)).map((x) => `${p}: ${x}`))
    expect(problems).toEqual([])
  })

  // "Can you clean offices in your area…? Yes. In your area, many offices…" reads as a template; the general pages say
  // the general sentence instead ("Can you clean offices while staff are working?": docs/decisions/0013).
  it('the general service pages, English and French, have general sentences: no "your area", no « votre région », no {city}', () => {
    const template = servicePages.flatMap((p) =>
      [...visibleText(read(p)).matchAll(/your area|votre région|\{city\}/gi)].map((m) => `${p}: ${around(visibleText(read(p)), m.index, m[0].length)}`),
    )
    expect(template).toEqual([])
    const office = visibleText(read('/services/office-cleaning'))
    expect(office).toContain('Can you clean offices while staff are working? Yes. Many offices choose daytime cleaning')
    expect(visibleText(read('/fr/services/entretien-de-bureaux'))).toContain('Pouvez-vous entretenir des bureaux pendant que le personnel travaille')
  })

  it('city pages leave no {city} and never say "your area" wrongly (every page of a city of each region)', () => {
    expect(firstOfRegion.size).toBe(catalogue.climateRegions.size)
    expect(cityPages.length).toBe(catalogue.climateRegions.size * 32 + 16)
    const problems = cityPages.flatMap((p) => noCityProblems(read(p), langOfPath(p)).map((x) => `${p}: ${x}`))
    expect(problems).toEqual([])
  })
})

describe('US spelling', () => {
  it('the English pages use no British spelling (specialised, colour, centre…)', () => {
    const english = [...models.filter((m) => m.kind !== 'city-service').map((m) => m.path), ...cityPages].filter((p) => langOfPath(p) === 'en')
    // A hub's list of towns, and its map, hold their names as they are ("Bal Harbour", "Weedon Centre"): not the site's spelling.
    const withoutTowns = (html: string) => html.replace(/<section[^>]*data-hub-(towns|map)=""[\s\S]*?<\/section>/g, '')
    const problems = english.flatMap((p) => enGbSpellings(visibleText(withoutTowns(read(p)))).map((x) => `${p}: ${x}`))
    expect(problems).toEqual([])
  })
})

describe('the checks of this file', () => {
  it('find British forms, "your area" after a determiner or before a noun, and the French equivalents', () => {
    expect(enGbSpellings(visibleText('<body><p>Sixteen <b>specialised</b> services for the city centre</p></body>'))).toHaveLength(2)
    // "Many your area clients" twice: a determiner before "your area", a noun after it.
    expect(noCityProblems('<body><p>Many your area clients</p><p>tile in your area offices?</p><p>crews in your area can</p></body>', 'en')).toHaveLength(3)
    expect(noCityProblems('<body><p>notre votre région</p><p>de votre région bureaux</p><p>de votre région ?</p></body>', 'fr')).toHaveLength(2)
  })
})
