// How place names are compared (and how far apart two are), by the build (the gazetteer, src/geo/gazetteer.ts) and by the browser (the city finder,
// src/finder/): pure, with no imports, so the finder's code carries only this.

/** Words written short in place names, and what they stand for once folded. */
const SHORT_WORDS: Readonly<Record<string, string>> = { st: 'saint', ste: 'sainte', ft: 'fort', mt: 'mount' }

/**
 * How place names are compared: accents, case, apostrophes and punctuation ignored, hyphens as spaces, "St."/"St"/"Saint",
 * "Ste."/"Sainte", "Ft."/"Fort", "Mt."/"Mount" alike: `Trois-Rivières` → `trois rivieres`, `St. Louis` → `saint louis`,
 * `Coeur d’Alene` → `coeur dalene`. The short words are written out, so a name typed letter by letter ("st lo", "sai")
 * starts the folded name it will end as.
 */
export function foldPlaceName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\u0027\u2018\u2019\u201B\u02BC\u2032\u00B4`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => SHORT_WORDS[word] ?? word)
    .join(' ')
}

/** Levenshtein distance, giving up (returning limit + 1) once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      best = Math.min(best, current[j]!)
    }
    if (best > limit) return limit + 1
    previous = current
  }
  return previous[b.length]!
}

/** What an official name adds to the name people write: "(balance)", "(historical)", a second name in brackets. */
const BRACKETS = /\s*\([^)]*\)/g
/** "City of Sammamish", "Village of Campton Hills" (not "Village of the Branch", whose "Village" is its name). */
const OFFICIAL_PREFIX = /^(?:City|Town|Village|Township|Borough) of (?!the\b)/i
/** Consolidated governments: "Nashville-Davidson metropolitan government", "Lexington-Fayette urban county". */
const GOVERNMENT = /\s+(?:metropolitan|metro|unified|consolidated) government$|\s+urban county$/i
/** A state's code written into the name ("New Century, KS"): the pages add the state once themselves. */
const STATE_SUFFIX = /,\s*[A-Z]{2}$/

/**
 * A place's name as people write it, from a gazetteer's official one: "City of Milford (balance)" → "Milford",
 * "Village of Oak Creek (Big Park)" → "Oak Creek", "Louisville/Jefferson County metro government (balance)" →
 * "Louisville", "Lexington-Fayette urban county" → "Lexington", "New Century, KS" → "New Century" (docs/spec.md §3:
 * official long names are never shown; the pages add the state once).
 */
export function plainPlaceName(name: string): string {
  let plain = name.replace(BRACKETS, '').replace(OFFICIAL_PREFIX, '').replace(STATE_SUFFIX, '').trim()
  if (GOVERNMENT.test(plain)) plain = plain.replace(GOVERNMENT, '').split(/[-/]/)[0]!.trim()
  return plain || name
}
