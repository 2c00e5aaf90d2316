/** A city as the finder searches it: what the directory's A–Z list says of it. */
export interface FinderCity {
  name: string
  /** The state or province code (`IL`) and name as the page writes it (`Illinois`, `Québec`). */
  state: string
  stateName: string
  href: string
  /** Its place in the catalogue's order (largest first): ties are listed in this order. */
  rank: number
}

/**
 * A text as the finder compares it: accents, case and punctuation dropped, words separated by single spaces, and "Saint" and
 * "Sainte" written "st" and "ste", so "st louis" finds St. Louis, "trois rivieres" Trois-Rivières, "saint jerome" Saint-Jérôme.
 */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’ʼ.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map((word) => (word === 'saint' ? 'st' : word === 'sainte' ? 'ste' : word))
    .join(' ')
}

/** The fewest letters the finder waits for. */
export const MIN_LETTERS = 2

interface Indexed {
  city: FinderCity
  name: string
  state: string
  stateName: string
}

/** The cities prepared for `findCities`. */
export function cityIndex(cities: readonly FinderCity[]): Indexed[] {
  return cities.map((city) => ({ city, name: fold(city.name), state: city.state.toLowerCase(), stateName: fold(city.stateName) }))
}

/**
 * How well a name answers a query: 0 the whole name, 1 its start, 2 the start of one of its words, 3 its start once spaces are
 * ignored ("ofallon", "coeur d alene" for Coeur d'Alene), undefined not at all.
 */
function nameScore(name: string, query: string): number | undefined {
  if (query === '') return 4
  if (name === query) return 0
  if (name.startsWith(query)) return 1
  if (` ${name}`.includes(` ${query}`)) return 2
  if (name.replace(/ /g, '').startsWith(query.replace(/ /g, ''))) return 3
  return undefined
}

/** Whether the words after a city name name its state or province, or start to: its code ("il") or name ("illinois", "queb"). */
const stateMatches = (city: Indexed, query: string) => city.state.startsWith(query) || city.stateName.startsWith(query)

/**
 * The cities a visitor means by what they typed (at least two letters, accents and case ignored): the query is a city name, or
 * the start of one of its words, optionally followed by its state or province ("springfield il", "portland oregon"); a state or
 * province alone ("texas", 4 letters or more) lists its cities. Best matches first (the whole name, then its start), then larger cities.
 */
export function findCities(index: readonly Indexed[], typed: string): FinderCity[] {
  const words = fold(typed).split(' ').filter(Boolean)
  if (words.join('').length < MIN_LETTERS) return []
  const found = new Map<Indexed, number>()
  for (let k = words.length; k >= 0; k--) {
    const name = words.slice(0, k).join(' ')
    const state = words.slice(k).join(' ')
    if (k === 0 && state.length < 4 && !index.some((c) => c.state === state)) continue
    for (const city of index) {
      const score = nameScore(city.name, name)
      if (score === undefined || (state !== '' && !stateMatches(city, state))) continue
      found.set(city, Math.min(score, found.get(city) ?? Infinity))
    }
  }
  return [...found].sort(([a, x], [b, y]) => x - y || a.city.rank - b.city.rank).map(([c]) => c.city)
}
