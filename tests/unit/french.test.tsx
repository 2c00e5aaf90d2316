// French copy (issue 39): elision before a vowel, and the no-break space before « ; : ! ? ». The built pages' text is
// checked in tests/build/french.test.ts; here, the rule itself and what the browser's scripts write in French.
import { parse } from 'node-html-parser'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CityFinder, type FinderMessages } from '../../src/components/CityFinder'
import { deWord, fillMessage, queWord } from '../../src/i18n/french'
import { TOASTS } from '../../src/quote/messages'
import { frenchTypographyProblems } from '../helpers/frenchTypography'

describe('deWord and queWord', () => {
  it('elide before a vowel or an h, accented or not, with the typographic apostrophe', () => {
    expect(`À propos ${deWord('Evergreen Janitorial & Cleaning')}`).toBe('À propos d’Evergreen Janitorial & Cleaning')
    expect(`Notre service ${deWord('entretien de bureaux')}`).toBe('Notre service d’entretien de bureaux')
    expect(deWord('Édimbourg')).toBe('d’Édimbourg')
    expect(deWord('Montréal')).toBe('de Montréal')
    expect(`Ce ${queWord('Evergreen')} fait`).toBe('Ce qu’Evergreen fait')
    expect(`Ce ${queWord('notre équipe')} fait`).toBe('Ce que notre équipe fait')
  })
})

describe('fillMessage', () => {
  it('fills {name}s, and in French elides « de {name} » before a vowel', () => {
    const quoteNear = 'Obtenir une soumission gratuite de nos équipes de {name}'
    expect(fillMessage(quoteNear, { name: 'Ottawa' }, 'fr')).toBe('Obtenir une soumission gratuite de nos équipes d’Ottawa')
    expect(fillMessage(quoteNear, { name: 'Montréal' }, 'fr')).toBe('Obtenir une soumission gratuite de nos équipes de Montréal')
    expect(fillMessage('De {name} à {near}', { name: 'Ottawa', near: 'Laval' }, 'fr')).toBe('D’Ottawa à Laval')
    // Not « de » but the end of another word; and English never elides.
    expect(fillMessage('Commande {n}', { n: 'A12' }, 'fr')).toBe('Commande A12')
    expect(fillMessage('Made {name}', { name: 'Ottawa' }, 'en')).toBe('Made Ottawa')
    expect(fillMessage('{n} of {m}', { n: 1 }, 'en')).toBe('1 of ')
  })
})

describe('frenchTypographyProblems', () => {
  it('finds « de », « que »… before a vowel, and « ; : ! ? » without a no-break space before them', () => {
    expect(frenchTypographyProblems('À propos de Evergreen')).toEqual(['"de Evergreen" should elide ("d’Evergreen"): «À propos de Evergreen»'])
    expect(frenchTypographyProblems('Ce que il fait. Je aime. La école, le arbre, ne est, se il')).toHaveLength(6)
    expect(frenchTypographyProblems('Lieux: GeoNames')).toEqual(['":" with no space before it instead of a no-break one: «Lieux: GeoNames»'])
    expect(frenchTypographyProblems('votre message ; la page')).toEqual([
      '";" with an ordinary space (it may break the line) before it instead of a no-break one: «votre message ; la page»',
    ])
    expect(frenchTypographyProblems('Merci! Vraiment? Oui;')).toHaveLength(3)
  })

  it('accepts what French writes so, and what is not prose', () => {
    const fine = [
      'À propos d’Evergreen; ce qu’il fait'.replace(';', '\u00a0;'),
      'Oups\u00a0! Page introuvable',
      'Vouliez-vous dire Laval\u202f?',
      'Ou parcourez de A à Z les villes', // a letter's name
      'Une vue de haut, de Hull, la Hollande', // h: the rule cannot tell a mute one
      'le onze du mois, le oui',
      'Ouvert de 9:00 à 17:30',
      'Voir https://www.geonames.org/about.html?x=1 pour les sources',
      'Quoi\u00a0?!',
      'dans l’ensemble de l’île; Saint-Jean-de-Dieu'.replace(';', '\u202f;'),
    ]
    for (const text of fine) expect(frenchTypographyProblems(text)).toEqual([])
  })
})

describe('what the French pages’ scripts write', () => {
  // The city finder fills its messages in the browser (src/client/cityFinderIsland.ts): each one, filled with places
  // that start with a vowel, as the script fills it.
  it('the city finder’s messages elide and space as French wants', () => {
    const form = parse(renderToStaticMarkup(<CityFinder lang="fr" where="directory" cityCount={456} />)).querySelector('form[data-city-finder]')!
    const messages = JSON.parse(form.getAttribute('data-copy')!) as FinderMessages
    const values = {
      n: 12,
      shown: 10,
      q: 'ottawa',
      names: 'Orléans ou Ottawa',
      code: 'K1A',
      place: 'Ottawa, Ontario',
      near: 'Orléans, ON',
      distance: '12\u00a0km',
      name: 'Ottawa',
      via: 'Outaouais',
    }
    const problems = Object.entries(messages).flatMap(([key, message]) =>
      frenchTypographyProblems(fillMessage(message, values, 'fr')).map((p) => `${key}: ${p}`),
    )
    expect(problems).toEqual([])
    expect(fillMessage(messages.quoteNear, values, 'fr')).toBe('Obtenir une soumission gratuite de nos équipes d’Ottawa')
  })

  it('the quote form’s toasts', () => {
    expect(Object.values(TOASTS.fr).flatMap(frenchTypographyProblems)).toEqual([])
  })
})
