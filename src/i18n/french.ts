import type { Lang } from './lang'

/**
 * French elision: « de », « que » and the like lose their vowel before a word that starts with a vowel or an h, accented
 * or not (decomposed, « É » is « E » and its accent), and take the typographic apostrophe the French pages use:
 * « À propos d’Evergreen », « Ce qu’Evergreen fait », « Notre service d’entretien de bureaux ».
 */
const elides = (word: string) => /^[aeiouyh]/i.test(word.normalize('NFD'))

/** « de » before `word`: « d’Evergreen », « de Montréal ». */
export const deWord = (word: string) => (elides(word) ? `d’${word}` : `de ${word}`)

/** « que » before `word`: « qu’Evergreen », « que Montréal ». */
export const queWord = (word: string) => (elides(word) ? `qu’${word}` : `que ${word}`)

/**
 * A message with its `{name}`s filled in, as the browser's scripts fill theirs; in French, « de {name} » elides before
 * a value that starts with a vowel (« de nos équipes de {name} » with Ottawa: « de nos équipes d’Ottawa »).
 */
export function fillMessage(template: string, values: Record<string, string | number>, lang: Lang = 'en'): string {
  return template.replace(/(?:(?<!\p{L})([Dd])e )?\{(\w+)\}/gu, (_, d: string | undefined, name: string) => {
    const value = String(values[name] ?? '')
    if (!d) return value
    return lang === 'fr' && elides(value) ? `${d}’${value}` : `${d}e ${value}`
  })
}
