/**
 * British spellings the US-facing English copy must not use: forms that are British only (a US dictionary marks them
 * "chiefly British" or does not list them). Left out on purpose: "cancelled", "cancelling" and "catalogue" (common in the
 * US too), "towards", "ageing", "spelt" (also a grain), and the noun "practice" and verb "license", which are US spellings.
 */
const FORMS = [
  '(special|organ|recogn|item|priorit|minim|maxim|custom|sanit|author|standard|optim|util|summar|apolog|emphas|categor|character|final|real)is(e|ed|es|ing|ation|ations)',
  // Not "analyses": the plural of "analysis".
  'analys(e|ed|ing)',
  'paralys(e|ed|ing)',
  '(col|fav|behavi|neighb|lab|hon|od|vap|hum|harb|rum|flav|sav|endeav|arm|splend|rig|clam|tum|parl)our(s|ed|ing|ful|ite|ites|able|hood|hoods|less)?',
  'mould(s|ed|y|ing)?',
  'centre(s|d)?',
  '(kilo|centi|milli)?metre(s)?',
  '(milli)?litre(s)?',
  '(fibre|lustre|theatre|calibre|spectre|sombre|meagre|sabre)(s)?',
  'licence(s)?',
  'programme(s)?',
  'cheque(s)?',
  'aluminium',
  'grey(s|ed|ing|ish)?',
  '(trave|mode|labe|fue|signa)ll(ed|ing|er|ers)',
  'storey(s)?',
  'kerb(s)?',
  'tyre(s)?',
  'practis(e|ed|es|ing)',
  'enrol(s|ment)?',
  'fulfil(s|ment)?',
  'judgement(s)?',
  'cosy',
  'whilst',
  'learnt',
  'draught(s|y)?',
  'manoeuvre(s|d)?',
  '(paed|orthopaed|anaesth|haem|oesoph)\\w*',
  'jewellery',
  'plough(s|ed|ing)?',
  'sceptic(s|al)?',
  '(defen|offen|preten)ce(s)?',
  'sulphur',
  'tonne(s)?',
  'aeroplane(s)?',
]

/** Matches a British spelling as a whole word (case-insensitive). */
const EN_GB = new RegExp(`(?<![\\p{L}\\p{N}])(${FORMS.join('|')})(?![\\p{L}\\p{N}])`, 'giu')

/** The British spellings of a text, each with a few words around it. */
export function enGbSpellings(text: string): string[] {
  return [...text.matchAll(EN_GB)].map((m) => `"${m[0]}" in "…${text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40)}…"`)
}
