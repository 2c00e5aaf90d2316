import { cityKey as keyOf } from '../catalog/cities'
import { assignCitySlugs, slugify, type SlugCollision } from './assign'
import { cityLabel, liveSlugs, pickCityLabel, type CityLabel, type SlugRecordRow } from './record'

/** A city as the assignment sees it; `requestedSlug` is the optional `slug` column of data/cities.csv. */
export interface SlugCity extends CityLabel {
  population: number
  line: number
  requestedSlug?: string
}

/** A published slug whose URLs change with this data. */
export type UrlChange =
  | { kind: 'moved'; slug: string; city: CityLabel; to: string }
  | { kind: 'removed'; slug: string; city: CityLabel }
  /** The slug's URLs show a city again: another one than `was`, or the same one after redirecting. */
  | { kind: 'taken'; slug: string; was: CityLabel; now: CityLabel; wasRedirect: boolean; wasNowAt?: string }

/** What this data changes compared with the record (all empty when nothing changed). */
export interface SlugChanges {
  /** There was no record: every city is published for the first time and nothing can have moved. */
  firstRecord: boolean
  added: { city: CityLabel; slug: string; back: boolean }[]
  removed: { city: CityLabel; slug: string }[]
  renamed: { from: CityLabel; to: CityLabel; slug: string; because: 'same-slug-name' | 'similar-name' | 'slug-column' }[]
  urls: UrlChange[]
  /** Advice for cases the build cannot decide alone (a removed city that may have been renamed). */
  hints: string[]
}

export interface SlugAssignment {
  /** The slug of each city, in input order. */
  slugs: string[]
  /** Whether each city is new, in input order: no live city of the record (added, or added back after its removal). */
  fresh: boolean[]
  /** The record to write, sorted by slug. */
  record: SlugRecordRow[]
  changes: SlugChanges
  /** Names shared by several cities, and who holds the bare slug. */
  collisions: SlugCollision[]
  /** Problems with file and line; the catalogue fails when there are any. */
  problems: string[]
}

/** A city of the committed record, with every slug it had there. */
interface RecordedCity {
  city: CityLabel
  live?: string
  /** Old slugs: moved, and removed ones (of a city that is gone). */
  others: string[]
}

type MatchReason = 'same' | 'same-slug-name' | 'similar-name' | 'slug-column' | 'back'

/**
 * Gives every city its slug, honouring the record:
 * 1. a city of the record (same name slug, state and country) keeps its live slug;
 * 2. a city whose `slug` cell names the live slug of a city that left the data takes its place (a rename);
 * 3. a city that left the data and a new city with a similar name in the same state are one city renamed,
 *    when neither has another candidate ("Boise" → "Boise City", "Pheonix" → "Phoenix");
 * 4. a `slug` cell moves the city to that slug; its old slug redirects;
 * 5. a city added back gets one of its old slugs again;
 * 6. a new city gets its name's slug unless any city ever had it, else the slug with `-{state}`
 *    (the collision rule of assign.ts among new cities of the same name).
 * Cities must come sorted by population, largest first.
 */
export function assignPublishedSlugs(cities: readonly SlugCity[], record: readonly SlugRecordRow[] | null, citiesFile: string): SlugAssignment {
  const recordedCities = new Map<string, RecordedCity>()
  for (const row of record ?? []) {
    const key = keyOf(row)
    const known = recordedCities.get(key) ?? { city: pickCityLabel(row), others: [] }
    recordedCities.set(key, known)
    if (row.status === 'live') {
      known.live = row.slug
      known.city = pickCityLabel(row)
    } else known.others.push(row.slug)
  }
  const liveOwner = new Map([...recordedCities.values()].flatMap((known) => (known.live ? [[known.live, known] as const] : [])))

  // Which city of the record each city is.
  const match: (RecordedCity | undefined)[] = cities.map(() => undefined)
  const reason: (MatchReason | undefined)[] = []
  const claimed = new Set<RecordedCity>()
  const claim = (i: number, known: RecordedCity, why: MatchReason) => {
    match[i] = known
    reason[i] = why
    claimed.add(known)
  }
  cities.forEach((c, i) => {
    const known = recordedCities.get(keyOf(c))
    if (known) claim(i, known, !known.live ? 'back' : known.city.name === c.name ? 'same' : 'same-slug-name')
  })
  cities.forEach((c, i) => {
    const known = c.requestedSlug ? liveOwner.get(c.requestedSlug) : undefined
    if (!match[i] && known && !claimed.has(known) && known.city.state === c.state && known.city.country === c.country) claim(i, known, 'slug-column')
  })
  const gone = [...recordedCities.values()].filter((known) => known.live && !claimed.has(known))
  const fresh = cities.flatMap((c, i) => (match[i] ? [] : [i]))
  const candidates = (known: RecordedCity) =>
    fresh.filter((i) => !match[i] && sameRegion(known.city, cities[i]!) && similarNames(known.city.name, cities[i]!.name))
  const suitors = (i: number) =>
    gone.filter((known) => !claimed.has(known) && sameRegion(known.city, cities[i]!) && similarNames(known.city.name, cities[i]!.name))
  for (const known of gone) {
    const [only, ...more] = candidates(known)
    if (only !== undefined && more.length === 0 && suitors(only).length === 1) claim(only, known, 'similar-name')
  }

  // Slugs: asked for, kept, taken back, then new.
  const slugs: (string | undefined)[] = cities.map((c, i) => c.requestedSlug ?? match[i]?.live)
  const inUse = () => new Set(slugs.filter((s): s is string => s !== undefined))
  cities.forEach((c, i) => {
    const known = match[i]
    if (slugs[i] !== undefined || !known) return
    const base = slugify(c.name)
    const own = [...known.others].sort()
    const used = inUse()
    slugs[i] = [base, `${base}-${c.state.toLowerCase()}`, ...own].find((s) => own.includes(s) && !used.has(s))
  })
  const reserved = new Set([...(record ?? []).map((r) => r.slug), ...inUse()])
  const rest = cities.flatMap((c, i) => (slugs[i] === undefined ? [i] : []))
  const newSlugs = assignCitySlugs(
    rest.map((i) => cities[i]!),
    reserved,
  )
  rest.forEach((i, n) => (slugs[i] = newSlugs.slugs[n]))
  const final = slugs as string[]

  const problems = slugProblems(cities, final, citiesFile)
  for (const { slug, cities: owners } of newSlugs.conflicts) {
    // Two cities on one slug are reported above; here: one new city on a slug that an old one had.
    if (!reserved.has(slug) || slug === '' || final.filter((s) => s === slug).length > 1) continue
    for (const c of owners) {
      problems.push(
        `${citiesFile} line ${c.line}, column "name": "${cityLabel(c)}" would get the URL slug "${slug}", which another city already had; write another slug for it in the "slug" column`,
      )
    }
  }
  const newRecord = buildRecord(cities, final, match, recordedCities, claimed)
  return {
    slugs: final,
    fresh: cities.map((_, i) => !match[i] || reason[i] === 'back'),
    record: newRecord,
    changes: record === null ? noChanges(true) : describeChanges(cities, final, match, reason, record, newRecord, recordedCities, claimed),
    collisions: collisionsOf(cities, final),
    problems,
  }
}

function slugProblems(cities: readonly SlugCity[], slugs: readonly string[], file: string): string[] {
  const problems: string[] = []
  const owners = new Map<string, number[]>()
  slugs.forEach((slug, i) => owners.set(slug, [...(owners.get(slug) ?? []), i]))
  for (const [slug, members] of owners) {
    if (slug === '') {
      for (const i of members) problems.push(`${file} line ${cities[i]!.line}, column "name": "${cities[i]!.name}" has no letters or digits to make a URL from`)
      continue
    }
    if (members.length < 2) continue
    const asking = members.filter((i) => cities[i]!.requestedSlug === slug)
    if (asking.length > 0) {
      for (const i of asking) {
        const others = members.filter((j) => j !== i).map((j) => `${cityLabel(cities[j]!)} (line ${cities[j]!.line})`)
        problems.push(`${file} line ${cities[i]!.line}, column "slug": "${slug}" is already the URL slug of ${others.join(' and ')}; choose another slug`)
      }
      continue
    }
    problems.push(
      `${file} lines ${members.map((i) => cities[i]!.line).join(' and ')}, column "name": ${members.map((i) => `"${cityLabel(cities[i]!)}"`).join(' and ')} would all get the URL slug "${slug}"; rename one of them, or write another slug for it in the "slug" column`,
    )
  }
  return problems
}

function buildRecord(
  cities: readonly SlugCity[],
  slugs: readonly string[],
  match: readonly (RecordedCity | undefined)[],
  recordedCities: ReadonlyMap<string, RecordedCity>,
  claimed: ReadonlySet<RecordedCity>,
): SlugRecordRow[] {
  const live = new Set(slugs)
  const rows: SlugRecordRow[] = []
  const oldSlugs = (known: RecordedCity) => [...(known.live ? [known.live] : []), ...known.others].filter((s) => !live.has(s))
  cities.forEach((c, i) => {
    rows.push({ slug: slugs[i]!, ...pickCityLabel(c), status: 'live' })
    const known = match[i]
    if (known) for (const slug of oldSlugs(known)) rows.push({ slug, ...pickCityLabel(c), status: 'moved' })
  })
  for (const known of recordedCities.values()) {
    if (!claimed.has(known)) for (const slug of oldSlugs(known)) rows.push({ slug, ...known.city, status: 'removed' })
  }
  return rows.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
}

const noChanges = (firstRecord: boolean): SlugChanges => ({ firstRecord, added: [], removed: [], renamed: [], urls: [], hints: [] })

function describeChanges(
  cities: readonly SlugCity[],
  slugs: readonly string[],
  match: readonly (RecordedCity | undefined)[],
  reason: readonly (MatchReason | undefined)[],
  oldRecord: readonly SlugRecordRow[],
  newRecord: readonly SlugRecordRow[],
  recordedCities: ReadonlyMap<string, RecordedCity>,
  claimed: ReadonlySet<RecordedCity>,
): SlugChanges {
  const changes = noChanges(false)
  cities.forEach((c, i) => {
    const known = match[i]
    if (!known || reason[i] === 'back') changes.added.push({ city: pickCityLabel(c), slug: slugs[i]!, back: reason[i] === 'back' })
    else if (reason[i] !== 'same')
      changes.renamed.push({ from: known.city, to: pickCityLabel(c), slug: slugs[i]!, because: reason[i] as 'same-slug-name' | 'similar-name' | 'slug-column' })
  })
  const gone = [...recordedCities.values()].filter((known) => known.live && !claimed.has(known))
  for (const known of gone) changes.removed.push({ city: known.city, slug: known.live! })

  // Compare each slug of the old record with the new one.
  const cityOfLive = new Map(slugs.map((slug, i) => [slug, i]))
  const newRow = new Map(newRecord.map((r) => [r.slug, r]))
  const liveOf = liveSlugs(newRecord)
  for (const old of oldRecord) {
    const now = newRow.get(old.slug)!
    const owner = cityOfLive.get(old.slug)
    const sameCity = owner !== undefined && match[owner] === recordedCities.get(keyOf(old))
    if (now.status === 'live' && owner !== undefined && (!sameCity || old.status !== 'live')) {
      // Where the city that had the slug is now, if it is still in the data.
      const formerOwner = match.findIndex((known) => known !== undefined && known === recordedCities.get(keyOf(old)))
      const wasNowAt = formerOwner !== -1 && formerOwner !== owner ? slugs[formerOwner] : undefined
      changes.urls.push({
        kind: 'taken',
        slug: old.slug,
        was: pickCityLabel(old),
        now: pickCityLabel(cities[owner]!),
        wasRedirect: old.status !== 'live',
        ...(wasNowAt ? { wasNowAt } : {}),
      })
    } else if (old.status === 'live' && now.status === 'moved') {
      changes.urls.push({ kind: 'moved', slug: old.slug, city: pickCityLabel(now), to: liveOf.get(keyOf(now))! })
    } else if (old.status === 'live' && now.status === 'removed') {
      changes.urls.push({ kind: 'removed', slug: old.slug, city: pickCityLabel(old) })
    }
  }

  // A removed city that looks like an added one, but the build could not tell for sure.
  for (const known of gone) {
    for (const added of changes.added) {
      const i = cities.findIndex((c) => keyOf(c) === keyOf(added.city))
      if (added.back || known.city.country !== added.city.country || !similarNames(known.city.name, added.city.name)) continue
      changes.hints.push(
        `${cityLabel(known.city)} was removed and ${cityLabel(added.city)} (line ${cities[i]!.line}) added: if this is the same city renamed, write "${known.live}" in the "slug" column of its row to keep its URLs`,
      )
    }
  }
  return changes
}

function collisionsOf(cities: readonly SlugCity[], slugs: readonly string[]): SlugCollision[] {
  const groups = new Map<string, number[]>()
  cities.forEach((c, i) => groups.set(slugify(c.name), [...(groups.get(slugify(c.name)) ?? []), i]))
  const collisions: SlugCollision[] = []
  for (const [slug, members] of groups) {
    const keeper = members.find((i) => slugs[i] === slug)
    if (members.length < 2 || keeper === undefined) continue
    collisions.push({
      slug,
      kept: cityLabel(cities[keeper]!),
      renamed: members.filter((i) => i !== keeper).map((i) => ({ city: cityLabel(cities[i]!), slug: slugs[i]! })),
    })
  }
  return collisions
}

const sameRegion = (a: CityLabel, b: CityLabel) => a.state === b.state && a.country === b.country

const ABBREVIATIONS: Readonly<Record<string, string>> = { st: 'saint', ste: 'sainte', mt: 'mount', ft: 'fort', pt: 'point' }

/**
 * Whether two names are probably one city's name before and after a correction: the same words (with
 * St./Saint, Mt./Mount, Ft./Fort alike), one name the start or end of the other ("Boise" / "Boise City"),
 * or a typo (at most one edit per four letters: "Pheonix" / "Phoenix").
 */
export function similarNames(a: string, b: string): boolean {
  const words = (name: string) =>
    slugify(name)
      .split('-')
      .filter(Boolean)
      .map((w) => ABBREVIATIONS[w] ?? w)
  const wa = words(a)
  const wb = words(b)
  const [short, long] = wa.length <= wb.length ? [wa, wb] : [wb, wa]
  if (short.length === 0) return false
  if (short.every((w, i) => long[i] === w) || short.every((w, i) => long[long.length - short.length + i] === w)) return true
  const ja = wa.join('-')
  const jb = wb.join('-')
  return editDistance(ja, jb) <= Math.max(1, Math.floor(Math.min(ja.length, jb.length) / 4))
}

/** Levenshtein distance where swapping two neighbouring letters counts as one edit (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1)
    }
  }
  return d[a.length]![b.length]!
}
