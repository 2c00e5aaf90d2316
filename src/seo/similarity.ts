/**
 * Near duplicates, measured as crawlers measure them: a page's main text (src/seo/pageText.ts) as words, its own place
 * name blanked, cut into 5-word runs (w-shingling), and each page compared with every other page of its group by the
 * Jaccard index of their sets of runs (shared runs / runs of either). Exact, not estimated (MinHash would be off by a few
 * hundredths at the sizes here); fast because pages of one group share most of their runs:
 *
 * - each text piece is cut into words once (a service's copy is the same string on 456 pages);
 * - each run is a 31-bit hash of its 5 words' numbers (a collision merges two runs of ~100,000: no visible change);
 * - the shared runs of every pair are counted from the runs' lists of pages, each run costing the square of the pages
 *   that have it, or of those that lack it when most pages have it (`lack`): a run on all 456 pages of a service costs
 *   nothing, where a plain pair-by-pair count would cost 456² × 1,000.
 */

/** Words: lower case, runs of letters and digits (accents kept; an apostrophe splits "d’Alma" into "d" and "alma"). */
const WORD = /[\p{L}\p{N}]+/gu

/**
 * Each word as a number: a 32-bit hash of its letters (the same in every process, so that runs kept by one build mean
 * the same in the next; two of ~50,000 words sharing a number is as rare as it is harmless here).
 */
function wordNumber(word: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193)
  return h | 0
}

/** Each text piece as word numbers, kept: most pieces recur on hundreds of pages. */
const pieceWords = new Map<string, Int32Array>()
const NO_WORDS = new Int32Array(0)

function wordsOf(piece: string): Int32Array {
  let ids = pieceWords.get(piece)
  if (ids) return ids
  const words = piece.toLowerCase().match(WORD)
  if (!words) ids = NO_WORDS
  else {
    ids = new Int32Array(words.length)
    for (let i = 0; i < words.length; i++) ids[i] = wordNumber(words[i]!)
  }
  // Pieces made for one page only (a city's own line) would pile up in a long-lived process: kept up to a bound.
  if (pieceWords.size < 200_000) pieceWords.set(piece, ids)
  return ids
}

/**
 * A page's text as word numbers, each of `places` (its own place names) blanked: one word that is no word of any text.
 * Blanked in the pieces, before they are cut into words, so that a piece that differs from city to city only by the
 * city's name is the same string on every page (and cut into words once).
 */
export function pageWordIds(pieces: readonly string[], places: readonly string[]): Int32Array {
  const names = placePattern(places)
  // Most pieces hold no place name: a plain search first (the pattern's look-arounds are slow).
  const mentions = (piece: string) => places.some((place) => piece.includes(place))
  let length = 0
  const parts = pieces.map((piece) => {
    const ids = wordsOf(names && mentions(piece) ? piece.replace(names, PLACE_WORD) : piece)
    length += ids.length
    return ids
  })
  const all = new Int32Array(length)
  let at = 0
  for (const ids of parts) {
    all.set(ids, at)
    at += ids.length
  }
  return all
}

/** What stands for a blanked place: a letter no English or French word is made of (so a word of its own). */
const PLACE_WORD = '\u01c2'

const patterns = new Map<string, RegExp>()

/** The place names as whole words, longest first, in any case. */
function placePattern(places: readonly string[]): RegExp | undefined {
  if (places.length === 0) return undefined
  const key = places.join('\n')
  let pattern = patterns.get(key)
  if (!pattern) {
    const names = [...places].sort((a, b) => b.length - a.length).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    patterns.set(key, (pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.join('|')})(?![\\p{L}\\p{N}])`, 'giu')))
  }
  pattern.lastIndex = 0
  return pattern
}

const RUN = 5

/** The page's 5-word runs, each as a 31-bit hash, duplicates left in. A text shorter than a run is one run. */
export function runHashes(ids: Int32Array): Int32Array {
  const count = ids.length >= RUN ? ids.length - RUN + 1 : ids.length > 0 ? 1 : 0
  const hashes = new Int32Array(count)
  for (let i = 0; i < count; i++) {
    let h = 0x811c9dc5
    for (let k = 0; k < RUN && i + k < ids.length; k++) {
      h = Math.imul(h ^ ids[i + k]!, 0x01000193)
      h ^= h >>> 15
    }
    h = Math.imul(h ^ (h >>> 13), 0x5bd1e995)
    hashes[i] = (h ^ (h >>> 16)) & 0x7fffffff
  }
  return hashes
}

/** A page's runs as a set: its run hashes sorted, each once. */
export function runSet(hashes: Int32Array): Int32Array {
  const sorted = Int32Array.from(hashes).sort()
  let n = 0
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i]!
  return sorted.slice(0, n)
}

/** The runs two sets share (sorted sets: one merge). */
function sharedRuns(a: Int32Array, b: Int32Array): number {
  let i = 0
  let j = 0
  let both = 0
  while (i < a.length && j < b.length) {
    const x = a[i]!
    const y = b[j]!
    if (x === y) {
      both++
      i++
      j++
    } else if (x < y) i++
    else j++
  }
  return both
}

/** What the measure says of a page of a group: its closest twin, their similarity, and how many runs it has. */
export interface Twin {
  /** The page of the group most like this one (its key), null for a page alone in its group; ties go to the first key. */
  twin: string | null
  /** Jaccard index of the two pages' runs, 0–1. */
  similarity: number
  /** The page's distinct runs (about its words). */
  runs: number
  /**
   * How many runs of its own (about as many words of its own, in sentences) the page would need to measure under
   * `threshold` against its closest twin: 0 when it does already. (Against every other page of its group, a few more
   * at most: the next closest measure a little lower.)
   */
  wanting: number
}

/** A group's pages: each one's key (its path) and its runs (`runSet()`). */
export interface GroupPages {
  keys: readonly string[]
  sets: readonly Int32Array[]
}

/**
 * Each page's closest twin in its group, exact Jaccard index of their sets of runs. With `last` (the twins of the same
 * group before some pages changed: `changed`, by key), only what those pages change is measured again: a page whose
 * twin was a changed page is measured against all; the others against the changed pages only. The result does not depend on the pages' order, so the two ways give the same. `threshold` only sets `wanting`.
 */
export function closestTwins(
  group: GroupPages,
  threshold: number,
  last?: { twins: ReadonlyMap<string, Twin>; changed: ReadonlySet<string> },
): Map<string, Twin> {
  const { keys, sets } = group
  const n = keys.length
  const twins = new Map<string, Twin>()
  const consider = (twin: Twin, key: string, both: number, union: number) => {
    const j = union === 0 ? 1 : both / union
    if (twin.twin === null || j > twin.similarity || (j === twin.similarity && key < twin.twin)) {
      twin.similarity = j
      twin.twin = key
      // Runs of its own that bring both / (union + w) under the threshold.
      twin.wanting = Math.max(0, Math.floor(both / threshold - union) + 1)
    }
  }
  const fresh = (a: number): Twin => ({ twin: null, similarity: 0, runs: sets[a]!.length, wanting: 0 })
  const wholeRow = (a: number) => {
    const twin = fresh(a)
    for (let b = 0; b < n; b++) {
      if (b === a) continue
      const both = sharedRuns(sets[a]!, sets[b]!)
      consider(twin, keys[b]!, both, sets[a]!.length + sets[b]!.length - both)
    }
    return twin
  }
  // Only for an edit of a city or two: each changed page costs a whole row of merges, where the whole group at once
  // costs about as much as a few rows.
  if (last && keys.every((key) => last.twins.has(key) || last.changed.has(key)) && last.changed.size <= 2 && last.changed.size * 8 < n) {
    const changed = keys.flatMap((key, i) => (last.changed.has(key) ? [i] : []))
    const present = new Set(keys)
    const gone = (key: string | null) => key !== null && (last.changed.has(key) || !present.has(key))
    for (const c of changed) twins.set(keys[c]!, wholeRow(c))
    for (let a = 0; a < n; a++) {
      const key = keys[a]!
      if (last.changed.has(key)) continue
      const before = last.twins.get(key)!
      if (before.runs !== sets[a]!.length || gone(before.twin) || (n > 1 && before.twin === null)) {
        twins.set(key, wholeRow(a))
        continue
      }
      const twin = { ...before }
      for (const c of changed) {
        const both = sharedRuns(sets[a]!, sets[c]!)
        consider(twin, keys[c]!, both, sets[a]!.length + sets[c]!.length - both)
      }
      twins.set(key, twin)
    }
    return twins
  }

  // Every pair: the runs both pages have, counted from the runs' lists of pages. Each distinct run gets a number (an
  // open-addressing table of the hashes, kept small: pages of a group share most of their runs).
  let slots = 1 << 14
  let table = new Int32Array(slots).fill(-1)
  let numbers = new Int32Array(slots)
  const grow = () => {
    const [oldTable, oldNumbers] = [table, numbers]
    slots *= 2
    table = new Int32Array(slots).fill(-1)
    numbers = new Int32Array(slots)
    for (let i = 0; i < oldTable.length; i++) {
      if (oldTable[i] === -1) continue
      let slot = oldTable[i]! & (slots - 1)
      while (table[slot] !== -1) slot = (slot + 1) & (slots - 1)
      table[slot] = oldTable[i]!
      numbers[slot] = oldNumbers[i]!
    }
  }
  let size = 0
  const counts: number[] = []
  const runsOf: Int32Array[] = []
  for (let p = 0; p < n; p++) {
    const set = sets[p]!
    const mine = new Int32Array(set.length)
    for (let i = 0; i < set.length; i++) {
      const hash = set[i]!
      let slot = hash & (slots - 1)
      while (table[slot] !== -1 && table[slot] !== hash) slot = (slot + 1) & (slots - 1)
      let id: number
      if (table[slot] === -1) {
        table[slot] = hash
        id = numbers[slot] = size++
        counts.push(0)
        if (size * 2 > slots) grow()
      } else id = numbers[slot]!
      counts[id]!++
      mine[i] = id
    }
    runsOf.push(mine)
  }
  // The pages of each run, as one list cut at `starts`.
  const starts = new Int32Array(size + 1)
  for (let id = 0; id < size; id++) starts[id + 1] = starts[id]! + counts[id]!
  const onPages = new Int32Array(starts[size]!)
  const filled = starts.slice(0, size)
  for (let p = 0; p < n; p++) for (const id of runsOf[p]!) onPages[filled[id]!++] = p

  // shared[a * n + b] (a < b): runs both pages have. A run on most pages is counted from the pages that lack it: for
  // two pages, the runs of that kind both have = all of them − those a lacks − those b lacks + those both lack. Runs on
  // the same pages (a region's sentences are on the pages of its cities) are counted together, once per set of pages.
  const shared = new Int32Array(n * n)
  let common = 0
  const lacking = new Int32Array(n)
  const pageSets = new Map<number, { pages: Int32Array; times: number }[]>()
  const add = (pages: Int32Array) => {
    if (pages.length <= 16) {
      for (let i = 0; i < pages.length; i++) {
        const row = pages[i]! * n
        for (let j = i + 1; j < pages.length; j++) shared[row + pages[j]!]!++
      }
      return
    }
    let h = 0x811c9dc5
    for (let i = 0; i < pages.length; i++) h = Math.imul(h ^ pages[i]!, 0x01000193)
    const same = pageSets.get(h)
    const known = same?.find((set) => set.pages.length === pages.length && set.pages.every((p, i) => p === pages[i]))
    if (known) known.times++
    else if (same) same.push({ pages: pages.slice(), times: 1 })
    else pageSets.set(h, [{ pages: pages.slice(), times: 1 }])
  }
  const lack = new Int32Array(n)
  for (let id = 0; id < size; id++) {
    const from = starts[id]!
    const to = starts[id + 1]!
    if ((to - from) * 2 <= n) {
      if (to - from > 1) add(onPages.subarray(from, to))
      continue
    }
    common++
    if (to - from === n) continue
    let lacks = 0
    let k = from
    for (let p = 0; p < n; p++) {
      if (k < to && onPages[k] === p) k++
      else {
        lack[lacks++] = p
        lacking[p]!++
      }
    }
    if (lacks > 1) add(lack.subarray(0, lacks))
  }
  for (const same of pageSets.values())
    for (const { pages: set, times } of same)
      for (let i = 0; i < set.length; i++) {
        const row = set[i]! * n
        for (let j = i + 1; j < set.length; j++) shared[row + set[j]!]! += times
      }

  for (let a = 0; a < n; a++) {
    const twin = fresh(a)
    for (let b = 0; b < n; b++) {
      if (b === a) continue
      const both = shared[a < b ? a * n + b : b * n + a]! + common - lacking[a]! - lacking[b]!
      consider(twin, keys[b]!, both, sets[a]!.length + sets[b]!.length - both)
    }
    twins.set(keys[a]!, twin)
  }
  return twins
}
