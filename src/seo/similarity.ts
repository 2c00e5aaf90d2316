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

/**
 * Each text piece's word numbers, by the piece: most pieces recur on hundreds of pages. The caller keeps one per group
 * of pages (a service's copy recurs in its own group only), so that the pieces of one page alone (a city's own lines)
 * do not pile up. The numbers are in one growing array, not in a typed array per piece (tens of thousands of small
 * allocations outside V8's heap).
 */
export class WordCache {
  /** Each piece: where its words start in `words` + their number × 2²⁶. */
  private readonly pieces = new Map<string, number>()
  private words = new Int32Array(1 << 12)
  private used = 0

  /** Appends the piece's word numbers to `out` at `at`; returns where they end. */
  appendTo(piece: string, out: Scratch, at: number): number {
    let entry = this.pieces.get(piece)
    if (entry === undefined) {
      const found = piece.toLowerCase().match(WORD) ?? []
      if (this.used + found.length > this.words.length) {
        const grown = new Int32Array(Math.max(this.words.length * 2, this.used + found.length))
        grown.set(this.words.subarray(0, this.used))
        this.words = grown
      }
      for (let i = 0; i < found.length; i++) this.words[this.used + i] = wordNumber(found[i]!)
      entry = this.used + found.length * 2 ** 26
      this.used += found.length
      this.pieces.set(piece, entry)
    }
    const start = entry % 2 ** 26
    const length = Math.floor(entry / 2 ** 26)
    out.ensure(at + length)
    out.array.set(this.words.subarray(start, start + length), at)
    return at + length
  }
}

/** A growing array reused from page to page. */
class Scratch {
  array = new Int32Array(1 << 12)
  ensure(length: number) {
    if (length > this.array.length) {
      const grown = new Int32Array(Math.max(length, this.array.length * 2))
      grown.set(this.array)
      this.array = grown
    }
  }
}

const pageWords = new Scratch()
const pageHashes = new Scratch()

/**
 * A page's runs (`runSet()` of `runHashes()` of its words), each of `places` (its own place names) blanked: one word
 * that is no word of any text. Blanked in the pieces, before they are cut into words, so that a piece that differs from
 * city to city only by the city's name is the same string on every page (and cut into words once). One allocation,
 * the set itself: the words and run hashes are made in arrays reused from page to page.
 */
export function pageRuns(pieces: readonly string[], places: readonly string[], cache: WordCache = new WordCache()): Int32Array {
  const names = placePattern(places)
  // Most pieces hold no place name: a plain search first (the pattern's look-arounds are slow).
  const mentions = (piece: string) => places.some((place) => piece.includes(place))
  let length = 0
  for (const piece of pieces) length = cache.appendTo(names && mentions(piece) ? piece.replace(names, PLACE_WORD) : piece, pageWords, length)
  const count = runHashes(pageWords.array.subarray(0, length), pageHashes)
  return runSet(pageHashes.array.subarray(0, count))
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

/** The words' 5-word runs, each as a 31-bit hash, duplicates left in, into `out`; returns their number. A text shorter than a run is one run. */
function runHashes(ids: Int32Array, out: Scratch): number {
  const count = ids.length >= RUN ? ids.length - RUN + 1 : ids.length > 0 ? 1 : 0
  out.ensure(count)
  const hashes = out.array
  for (let i = 0; i < count; i++) {
    let h = 0x811c9dc5
    for (let k = 0; k < RUN && i + k < ids.length; k++) {
      h = Math.imul(h ^ ids[i + k]!, 0x01000193)
      h ^= h >>> 15
    }
    h = Math.imul(h ^ (h >>> 13), 0x5bd1e995)
    hashes[i] = (h ^ (h >>> 16)) & 0x7fffffff
  }
  return count
}

/** Run hashes as a set: sorted (in place), each once, copied out. */
function runSet(hashes: Int32Array): Int32Array {
  hashes.sort()
  let n = 0
  for (let i = 0; i < hashes.length; i++) if (i === 0 || hashes[i] !== hashes[i - 1]) hashes[n++] = hashes[i]!
  return hashes.slice(0, n)
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
interface Twin {
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

/**
 * A group's runs, compact: its distinct runs in classes, a class being the runs on the same pages. The runs of a
 * class on more than half the pages are kept as the pages that lack them. City pages of one service share most of
 * their runs (the service's copy on all, a region's on its cities' pages), so this is about a tenth of every page's
 * runs one after the other, and the runs two pages share are counted class by class.
 */
interface GroupRuns {
  /** The pages, numbered by their place in this list. */
  keys: readonly string[]
  /** Each page's number of runs. */
  counts: Int32Array
  /** The group's distinct runs, sorted, and each one's class. */
  hashes: Int32Array
  classOf: Int32Array
  /** Class c's pages: `classPages[classStarts[c]]` up to `classPages[classStarts[c + 1]]`, sorted. */
  classStarts: Int32Array
  classPages: Int32Array
  /** 1: class c's pages are those that lack its runs; 0: those that have them. */
  lacking: Int32Array
}

/**
 * A group measured: each page's closest twin, the group's runs as its last whole measure made them (`base`), and the
 * runs of the pages that changed since (`since`, by key: they replace the base's).
 */
export interface GroupMeasure {
  twins: Map<string, Twin>
  base: GroupRuns
  since: ReadonlyMap<string, Int32Array>
}

/** Whether a measure holds the runs of the page `key` (it can measure it again without its text). */
export const measureHolds = (measure: GroupMeasure, key: string) => measure.since.has(key) || baseIndex(measure.base).has(key)

const baseIndexes = new WeakMap<GroupRuns, Map<string, number>>()

function baseIndex(base: GroupRuns): Map<string, number> {
  let index = baseIndexes.get(base)
  if (!index) baseIndexes.set(base, (index = new Map(base.keys.map((key, i) => [key, i]))))
  return index
}

/**
 * Each page's closest twin in its group, exact Jaccard index of their sets of runs. `changed`: the runs (`runSet()`)
 * of the pages measured again, by key; every other page of `keys` must be held by `last` (`measureHolds`), the
 * group's previous measure at the same threshold. With `last` and a few pages changed, only what they change is
 * measured: a page whose twin changed is measured against all, the others against the changed pages only. Otherwise
 * every pair is. The result does not depend on the pages' order, nor on the way (a unit test compares them).
 * `threshold` only sets `wanting`.
 */
export function measureGroup(keys: readonly string[], changed: ReadonlyMap<string, Int32Array>, threshold: number, last?: GroupMeasure): GroupMeasure {
  if (last && changed.size === 0 && keys.length === last.twins.size && keys.every((key) => last.twins.has(key))) return last
  const since = new Map<string, Int32Array>()
  if (last) {
    const present = new Set(keys)
    for (const [key, set] of last.since) if (present.has(key) && !changed.has(key)) since.set(key, set)
  }
  for (const [key, set] of changed) since.set(key, set)
  // A changed page costs a row (one pass over the group's distinct runs, about a tenth of a whole measure's work per
  // page): up to a quarter of the group changed since the last whole measure, rows are cheaper.
  if (last && since.size * 4 <= keys.length) return { twins: twinsAgain(keys, changed, since, threshold, last), base: last.base, since }
  const sets = keys.map((key) => changed.get(key) ?? runsOf(last!, key))
  const { base, twins } = wholeMeasure(keys, sets, threshold)
  return { twins, base, since: new Map() }
}

/** Considers `key` (their shared runs `both`, union `union`) as a page's closest twin. */
function consider(twin: Twin, threshold: number, key: string, both: number, union: number) {
  const j = union === 0 ? 1 : both / union
  if (twin.twin === null || j > twin.similarity || (j === twin.similarity && key < twin.twin)) {
    twin.similarity = j
    twin.twin = key
    // Runs of its own that bring both / (union + w) under the threshold.
    twin.wanting = Math.max(0, Math.floor(both / threshold - union) + 1)
  }
}

/** The runs of a page the measure holds. */
function runsOf(measure: GroupMeasure, key: string): Int32Array {
  const set = measure.since.get(key)
  if (set) return set
  const page = baseIndex(measure.base).get(key)
  if (page === undefined) throw new Error(`the measure holds no runs of ${key}`)
  return baseRuns(measure.base, page)
}

/** A page's runs from the classes: those of each class it is in (or, for a lacking class, not in). */
function baseRuns(base: GroupRuns, page: number): Int32Array {
  const classes = base.lacking.length
  const has = new Uint8Array(classes)
  for (let c = 0; c < classes; c++) {
    let lo = base.classStarts[c]!
    let hi = base.classStarts[c + 1]!
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (base.classPages[mid]! < page) lo = mid + 1
      else hi = mid
    }
    const listed = lo < base.classStarts[c + 1]! && base.classPages[lo] === page
    has[c] = listed !== (base.lacking[c] === 1) ? 1 : 0
  }
  const runs = new Int32Array(base.counts[page]!)
  let n = 0
  for (let i = 0; i < base.hashes.length; i++) if (has[base.classOf[i]!]) runs[n++] = base.hashes[i]!
  return runs
}

/**
 * The runs a set shares with each page of `keys`: with the base's pages class by class (one merge of the set with
 * the group's distinct runs), with the pages changed since by a merge each.
 */
function sharedRow(set: Int32Array, keys: readonly string[], since: ReadonlyMap<string, Int32Array>, base: GroupRuns): Int32Array {
  const classes = base.lacking.length
  const inClass = new Int32Array(classes)
  const { hashes, classOf } = base
  let i = 0
  let j = 0
  while (i < set.length && j < hashes.length) {
    const x = set[i]!
    const y = hashes[j]!
    if (x === y) {
      inClass[classOf[j]!]!++
      i++
      j++
    } else if (x < y) i++
    else j++
  }
  // A page's shared runs: those of the lacking classes (all but the ones it is listed in) and of the classes it is in.
  let common = 0
  const pages = new Int32Array(base.counts.length)
  for (let c = 0; c < classes; c++) {
    const m = inClass[c]!
    if (m === 0) continue
    const lacking = base.lacking[c] === 1
    if (lacking) common += m
    for (let k = base.classStarts[c]!; k < base.classStarts[c + 1]!; k++) pages[base.classPages[k]!]! += lacking ? -m : m
  }
  const index = baseIndex(base)
  return Int32Array.from(keys, (key) => {
    const other = since.get(key)
    return other ? sharedRuns(set, other) : pages[index.get(key)!]! + common
  })
}

/** The twins after some pages changed, from the last measure's (see measureGroup). */
function twinsAgain(
  keys: readonly string[],
  changed: ReadonlyMap<string, Int32Array>,
  since: ReadonlyMap<string, Int32Array>,
  threshold: number,
  last: GroupMeasure,
): Map<string, Twin> {
  const present = new Set(keys)
  const index = baseIndex(last.base)
  const count = (key: string) => since.get(key)?.length ?? last.base.counts[index.get(key)!]!
  const counts = keys.map(count)
  const row = (a: number, set: Int32Array) => {
    const shared = sharedRow(set, keys, since, last.base)
    const twin: Twin = { twin: null, similarity: 0, runs: counts[a]!, wanting: 0 }
    for (let b = 0; b < keys.length; b++) if (b !== a) consider(twin, threshold, keys[b]!, shared[b]!, counts[a]! + counts[b]! - shared[b]!)
    return { twin, shared }
  }
  const twins = new Map<string, Twin>()
  const rows: { at: number; shared: Int32Array }[] = []
  keys.forEach((key, a) => {
    const set = changed.get(key)
    if (!set) return
    const { twin, shared } = row(a, set)
    twins.set(key, twin)
    rows.push({ at: a, shared })
  })
  const gone = (key: string | null) => key !== null && (changed.has(key) || !present.has(key))
  keys.forEach((key, a) => {
    if (changed.has(key)) return
    const before = last.twins.get(key)
    if (!before || before.runs !== counts[a] || gone(before.twin) || (keys.length > 1 && before.twin === null)) {
      twins.set(key, row(a, runsOf({ ...last, since }, key)).twin)
      return
    }
    const twin = { ...before }
    for (const { at, shared } of rows) consider(twin, threshold, keys[at]!, shared[a]!, counts[a] + counts[at]! - shared[a]!)
    twins.set(key, twin)
  })
  return twins
}

/**
 * Every pair of a group at once: the runs both pages have, counted class by class (the runs on the same pages
 * together). Each distinct run gets a number (an open-addressing table of the hashes), and its list of pages.
 */
function wholeMeasure(keys: readonly string[], sets: readonly Int32Array[], threshold: number): { base: GroupRuns; twins: Map<string, Twin> } {
  const n = keys.length
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
  const hashOf: number[] = []
  // Each page's run numbers, one page after the other (one array: see WordCache).
  const pageStarts = new Int32Array(n + 1)
  for (let p = 0; p < n; p++) pageStarts[p + 1] = pageStarts[p]! + sets[p]!.length
  const runNumbers = new Int32Array(pageStarts[n]!)
  for (let p = 0; p < n; p++) {
    const set = sets[p]!
    const mine = runNumbers.subarray(pageStarts[p], pageStarts[p + 1])
    for (let i = 0; i < set.length; i++) {
      const hash = set[i]!
      let slot = hash & (slots - 1)
      while (table[slot] !== -1 && table[slot] !== hash) slot = (slot + 1) & (slots - 1)
      let id: number
      if (table[slot] === -1) {
        table[slot] = hash
        id = numbers[slot] = size++
        counts.push(0)
        hashOf.push(hash)
        if (size * 2 > slots) grow()
      } else id = numbers[slot]!
      counts[id]!++
      mine[i] = id
    }
  }
  // The pages of each run, as one list cut at `starts`.
  const starts = new Int32Array(size + 1)
  for (let id = 0; id < size; id++) starts[id + 1] = starts[id]! + counts[id]!
  const onPages = new Int32Array(starts[size]!)
  const filled = starts.slice(0, size)
  for (let p = 0; p < n; p++) for (let i = pageStarts[p]!; i < pageStarts[p + 1]!; i++) onPages[filled[runNumbers[i]!]!++] = p

  // Each run's class: its list of pages, or of the pages that lack it when most pages have it.
  const classOfRun = new Int32Array(size)
  const classLists: Int32Array[] = []
  const classLacking: number[] = []
  const weights: number[] = []
  const byList = new Map<number, number[]>()
  const lack = new Int32Array(n)
  for (let id = 0; id < size; id++) {
    const from = starts[id]!
    const to = starts[id + 1]!
    let list: Int32Array
    let lacking = 0
    if ((to - from) * 2 <= n) list = onPages.subarray(from, to)
    else {
      lacking = 1
      let lacks = 0
      let k = from
      for (let p = 0; p < n; p++) {
        if (k < to && onPages[k] === p) k++
        else lack[lacks++] = p
      }
      list = lack.subarray(0, lacks)
    }
    let h = Math.imul(0x811c9dc5 ^ lacking, 0x01000193)
    for (let i = 0; i < list.length; i++) h = Math.imul(h ^ list[i]!, 0x01000193)
    const same = byList.get(h)
    let c = same?.find((k) => classLacking[k] === lacking && classLists[k]!.length === list.length && classLists[k]!.every((p, i) => p === list[i]))
    if (c === undefined) {
      c = classLists.length
      classLists.push(list.slice())
      classLacking.push(lacking)
      weights.push(0)
      if (same) same.push(c)
      else byList.set(h, [c])
    }
    weights[c]!++
    classOfRun[id] = c
  }

  // shared[a * n + b] (a < b): runs both pages have. For a lacking class, the runs both have = all of them − those a
  // lacks − those b lacks + those both lack.
  const shared = new Int32Array(n * n)
  let common = 0
  const lackingRuns = new Int32Array(n)
  classLists.forEach((pages, c) => {
    const w = weights[c]!
    if (classLacking[c]) {
      common += w
      for (let i = 0; i < pages.length; i++) lackingRuns[pages[i]!]! += w
    }
    for (let i = 0; i < pages.length; i++) {
      const row = pages[i]! * n
      for (let j = i + 1; j < pages.length; j++) shared[row + pages[j]!]! += w
    }
  })
  const twins = new Map<string, Twin>()
  for (let a = 0; a < n; a++) {
    const twin: Twin = { twin: null, similarity: 0, runs: sets[a]!.length, wanting: 0 }
    for (let b = 0; b < n; b++) {
      if (b === a) continue
      const both = shared[a < b ? a * n + b : b * n + a]! + common - lackingRuns[a]! - lackingRuns[b]!
      consider(twin, threshold, keys[b]!, both, sets[a]!.length + sets[b]!.length - both)
    }
    twins.set(keys[a]!, twin)
  }

  // The classes as the measure keeps them: the distinct runs sorted, each with its class.
  const order = Int32Array.from({ length: size }, (_, id) => id).sort((x, y) => hashOf[x]! - hashOf[y]!)
  const classStarts = new Int32Array(classLists.length + 1)
  classLists.forEach((pages, c) => (classStarts[c + 1] = classStarts[c]! + pages.length))
  const classPages = new Int32Array(classStarts[classLists.length]!)
  classLists.forEach((pages, c) => classPages.set(pages, classStarts[c]))
  const base: GroupRuns = {
    keys: [...keys],
    counts: Int32Array.from(sets, (set) => set.length),
    hashes: Int32Array.from(order, (id) => hashOf[id]!),
    classOf: Int32Array.from(order, (id) => classOfRun[id]!),
    classStarts,
    classPages,
    lacking: Int32Array.from(classLacking),
  }
  return { base, twins }
}
