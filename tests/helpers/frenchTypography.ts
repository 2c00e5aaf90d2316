/**
 * What French copy must not do (issue 39): leave out an elision (« de Evergreen » for « d’Evergreen ») or the space
 * before « ; : ! ? », which French typography wants, and which the French pages write as a no-break space (U+00A0, or the
 * narrow U+202F) so that the mark never starts a line. One text in, one line per problem out, with what surrounds it.
 *
 * The elision rule is kept simple: de, que, le, la, ne, se or je (capitalised or not), a space, then a word that starts
 * with a vowel. Not flagged: a word starting with h (mute or aspirated, « de haut », « la Hollande »: the rule cannot
 * tell), a capital letter alone (a letter's name: « de A à Z »), and the words French does not elide before (« le onze »,
 * « le oui »). Not checked for the marks: URLs (https://…), times and ratios (9:00), and a mark right after another
 * (« ?! »).
 */
export function frenchTypographyProblems(text: string): string[] {
  const problems: string[] = []
  const around = (at: number, length: number) => `«${text.slice(Math.max(0, at - 30), at + length + 10).replace(/\s+/g, ' ')}»`
  for (const m of text.matchAll(ELISION)) {
    const word = m[2]!
    if (/^\p{Lu}$/u.test(word) || NOT_ELIDED.test(word)) continue
    problems.push(`"${m[1]} ${word}" should elide ("${m[1]!.slice(0, -1)}’${word}"): ${around(m.index, m[0].length)}`)
  }
  const checked = text.replace(URL, (url) => ' '.repeat(url.length))
  for (const m of checked.matchAll(/[;:!?]/g)) {
    const before = checked[m.index - 1] ?? ''
    if (before === '\u00a0' || before === '\u202f' || /[;:!?]/.test(before)) continue
    if (m[0] === ':' && /\d/.test(before) && /\d/.test(checked[m.index + 1] ?? '')) continue
    const space = before === ' ' ? 'an ordinary space (it may break the line)' : 'no space'
    problems.push(`"${m[0]}" with ${space} before it instead of a no-break one: ${around(m.index, 1)}`)
  }
  return problems
}

const ELISION = /(?<![\p{L}\p{N}’'-])([Dd]e|[Qq]ue|[Ll]e|[Ll]a|[Nn]e|[Ss]e|[Jj]e) ([aeiouàâäéèêëîïôöùûüœæAEIOUÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ][\p{L}\p{N}]*)/gu
/** Words French does not elide before, though they start with a vowel. */
const NOT_ELIDED = /^(?:onze|onzième|oui|ouistiti|ouate)$/i
const URL = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi
