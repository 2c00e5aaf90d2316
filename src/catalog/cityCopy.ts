import type { z } from 'zod'
import type { Lang } from '../i18n/lang'

/**
 * The general service page has no city: there `{city}` reads "your area" (« votre région », and `à {city}`
 * « dans votre région »; src/catalog/index.ts, withCity). So that one sentence reads well with a city's name and
 * without one, `{city}` stands only where "your area" is grammatical (docs/staff-guide.md, "Copy with {city}"):
 * - right after a preposition ("in {city}", "across {city}"; « à {city} », « de {city} »), so never after a
 *   determiner or possessive ("our {city} office" would read "our your area office");
 * - in English, followed by punctuation, the end of the text or a function word ("in {city} during winter",
 *   "crews in {city} can"), never by a noun it would qualify ("in {city} offices" would read "in your area offices").
 *   French puts the noun before the place (« les bureaux de {city} »), so only the word before counts there.
 */
export const CITY_PREPOSITIONS: Record<Lang, readonly string[]> = {
  en: ['in', 'across', 'around', 'throughout', 'near', 'for', 'to', 'from', 'of', 'serving', 'within'],
  fr: ['à', 'de', 'dans', 'pour', 'vers'],
}

/** The words that may follow `{city}` in English: prepositions, conjunctions, auxiliaries and a few adverbs. */
const WORDS_AFTER_CITY: readonly string[] = [
  ...[
    'about',
    'after',
    'around',
    'at',
    'before',
    'by',
    'during',
    'for',
    'from',
    'in',
    'into',
    'on',
    'outside',
    'over',
    'since',
    'through',
    'throughout',
    'to',
    'until',
    'with',
    'within',
    'without',
  ],
  ...['and', 'as', 'because', 'but', 'if', 'once', 'or', 'so', 'such', 'than', 'that', 'when', 'where', 'whether', 'which', 'while', 'who', 'whose'],
  ...['are', 'can', 'could', 'did', 'do', 'does', 'had', 'has', 'have', 'is', 'may', 'might', 'must', 'should', 'was', 'were', 'will', 'would'],
  ...['also', 'often', 'too', 'typically', 'usually'],
]

/** Where a text names no city (the general service page), {city} reads as this. */
export const NO_CITY: Record<Lang, string> = { en: 'your area', fr: 'votre région' }
const or = (words: readonly string[]) => `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`

/** What is wrong with each `{city}` of a text, in words the staff can act on; empty when nothing is. */
export function cityPlaceholderProblems(text: string, lang: Lang): string[] {
  const problems: string[] = []
  for (const match of text.matchAll(/\{city\}/g)) {
    const before = /(\S*)\s*$/.exec(text.slice(0, match.index))![1]!
    const rest = text.slice(match.index + match[0].length)
    const after = /^\s+([\p{L}\u2019'-]+)/u.exec(rest)?.[1] ?? ''
    const attached = /^[\p{L}\p{N}\u2019'-]/u.exec(rest)?.[0]
    const shown = `${before ? `${before} ` : ''}${NO_CITY[lang]}${attached ? rest.split(/\s/)[0] : after ? ` ${after}` : ''}`
    const reads = `reads "${shown}" on the general service page, which has no city`
    if (!CITY_PREPOSITIONS[lang].includes(before.toLowerCase())) {
      const place = before ? `after "${before}"` : 'at the start'
      const hint = lang === 'fr' ? ' (« à {city} » reads « dans votre région », « de {city} » « de votre région »)' : ''
      problems.push(`{city} ${place} ${reads}: put {city} right after a preposition: ${or(CITY_PREPOSITIONS[lang])}${hint}`)
    } else if (attached) {
      problems.push(`{city} joined to "${rest.split(/\s/)[0]}" ${reads}: follow {city} with a space or punctuation`)
    } else if (lang === 'en' && after && !WORDS_AFTER_CITY.includes(after.toLowerCase())) {
      problems.push(
        `{city} before "${after}" ${reads}: after {city} write punctuation, the end of the sentence or a word such as and, with, during, is, can (a noun goes before the place: "offices in {city}", not "in {city} offices")`,
      )
    }
  }
  return problems
}

/** Adds an issue at the path of every string of `value` (a service, a region) whose `{city}` breaks the rule. */
export function checkCityCopy(value: unknown, lang: Lang, ctx: z.RefinementCtx, path: (string | number)[] = []) {
  if (typeof value === 'string') {
    for (const message of cityPlaceholderProblems(value, lang)) ctx.addIssue({ code: 'custom', path, message })
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => checkCityCopy(item, lang, ctx, [...path, i]))
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) checkCityCopy(item, lang, ctx, [...path, key])
  }
}
