// The city finder's answers to what a visitor types, over its index's parts (src/finder/format.ts), loaded as a query
// needs them by a function the caller gives: `fetch` in the browser (src/client/cityFinderIsland.ts), the files of
// dist/client or the build's own parts in the tests. No page here: the browser's finder shows what this finds.
import { partFile, partsBetween, PLACE_SCALE, readPlaces, readPostal, readZips, type FinderCode, type FinderIndexFile, type FinderPlace } from './format'
import {
  findCode,
  findPlaces,
  nearestCities,
  parseQuery,
  placeCities,
  placeKeysFor,
  readIndex,
  suggestNames,
  type FinderData,
  type Match,
  type Suggestion,
} from './search'

/** What a query finds. */
export type Found =
  /** Too short to search. */
  | { kind: 'none' }
  | { kind: 'zip-partial' }
  | { kind: 'postal-partial' }
  /** A ZIP code (`zip`) or a postal code's first three characters, with its town; `known` false when no part has it. */
  | { kind: 'code'; zip: boolean; code: string; found?: FinderCode }
  /** The cities with pages and the places a name answers to, best first. */
  | { kind: 'matches'; matches: Match[] }
  /** Nothing answers the name: the names within a few typing mistakes of it (maybe none). */
  | { kind: 'suggestions'; suggestions: Suggestion[] }

export class Finder {
  readonly data: FinderData
  private readonly texts = new Map<string, Promise<string>>()
  private readonly placeLists = new Map<string, FinderPlace[]>()
  private readonly codeLists = new Map<string, FinderCode[]>()
  private placed?: Promise<void>

  /** `load`: a part's text by its path (`/assets/finder/…`); `slugOf`: a city's slug from its name (src/slugs/assign.ts). */
  constructor(
    index: FinderIndexFile,
    private readonly load: (file: string) => Promise<string>,
    slugOf: (name: string) => string,
  ) {
    this.data = readIndex(index, slugOf)
  }

  /**
   * What `typed` finds. `early` is given, before the places' parts are loaded, what the cities with pages alone answer
   * (shown at once, so the first letters answer with no wait).
   */
  async find(typed: string, early?: (matches: Match[]) => void): Promise<Found> {
    const query = parseQuery(typed)
    const { data } = this
    switch (query.kind) {
      case 'none':
      case 'zip-partial':
      case 'postal-partial':
        return { kind: query.kind }
      case 'zip':
      case 'postal': {
        const zip = query.kind === 'zip'
        const [hash] = partsBetween(zip ? data.parts.zips : data.parts.postal, query.code, query.code)
        const [codes] = await Promise.all([hash ? this.codes(partFile(zip ? 'zips' : 'postal', hash), zip) : [], this.coordinates()])
        const found = findCode(codes, query.code)
        return found ? { kind: 'code', zip, code: query.code, found } : { kind: 'code', zip, code: query.code }
      }
      case 'name': {
        early?.(findPlaces(data, query.words, []))
        const hashes = placeKeysFor(query.words).flatMap((key) => partsBetween(data.parts.places, key, `${key}\uffff`))
        const [places] = await Promise.all([this.places(hashes.map((hash) => partFile('places', hash))), this.coordinates()])
        const matches = findPlaces(data, query.words, places)
        if (matches.length > 0) return { kind: 'matches', matches }
        // The names within a few typing mistakes, among the places of the same first letter.
        const letter = query.words[0]![0]!
        const nearby = await this.places(partsBetween(data.parts.places, letter, `${letter}\uffff`).map((hash) => partFile('places', hash)))
        return { kind: 'suggestions', suggestions: suggestNames(data, query.words, nearby) }
      }
    }
  }

  /** The `n` cities with pages nearest to a point (the cities' coordinates loaded first). */
  async nearest(at: { lat: number; lon: number }, n: number) {
    await this.coordinates()
    return nearestCities(this.data, at, n)
  }

  /**
   * The gazetteer's places by position (as codes without a code), for the town a point is in or nearest to
   * (`placeNear`). Every part is loaded, whatever the point: which files the browser asks for says nothing of where it is.
   */
  async placesByPosition(): Promise<FinderCode[]> {
    await this.coordinates()
    const texts = await Promise.all(this.data.parts.near.map((hash) => this.text(partFile('near', hash))))
    return texts.flatMap((text) => readZips(text, PLACE_SCALE))
  }

  private text(file: string): Promise<string> {
    let text = this.texts.get(file)
    if (!text) {
      text = this.load(file)
      this.texts.set(file, text)
      // A part that failed to load is asked for again next time.
      text.catch(() => this.texts.delete(file))
    }
    return text
  }

  private async places(files: readonly string[]): Promise<FinderPlace[]> {
    const lists = await Promise.all(
      [...new Set(files)].map(async (file) => {
        const text = await this.text(file)
        let places = this.placeLists.get(file)
        if (!places) this.placeLists.set(file, (places = readPlaces(text)))
        return places
      }),
    )
    return lists.flat()
  }

  private async codes(file: string, zip: boolean): Promise<FinderCode[]> {
    const text = await this.text(file)
    let codes = this.codeLists.get(file)
    if (!codes) this.codeLists.set(file, (codes = zip ? readZips(text) : readPostal(text)))
    return codes
  }

  /** Gives the cities their coordinates and other names, once (distances and the other names need them). */
  coordinates(): Promise<void> {
    this.placed ??= this.text(partFile('cities', this.data.parts.cities)).then(
      (text) => placeCities(this.data, text),
      (error: unknown) => {
        this.placed = undefined
        throw error
      },
    )
    return this.placed
  }
}
