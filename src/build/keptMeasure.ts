import { closeSync, openSync, readFileSync, readSync } from 'node:fs'
import path from 'node:path'
import type { Catalogue } from '../catalog/index'
import { catalogueCatchments } from '../geo/catchment'
import type { IndexDecision } from '../pages/searchStatus'
import { indexDecision, measureMemory, restoreMeasureMemory, searchIndex, type MeasureMemory, type SearchIndex } from '../seo/searchIndex'
import type { GroupMeasure } from '../seo/similarity'
import type { Remember } from './keptValues'
import { codeHash } from './codeHash'
import { pageTextKeys } from './propsHash'
import { writeWhole } from '../files/writeWhole'

/**
 * The catalogue's search index (src/seo/searchIndex.ts), each page's text keyed by the hash of what it is made from
 * (src/build/propsHash.ts): measured once per catalogue, and for a catalogue after an edit only where the edit changed
 * a page's text.
 */
export const measureSite = (catalogue: Catalogue): SearchIndex => searchIndex(catalogue, pageTextKeys(catalogue))

/**
 * Which city pages search engines are asked to index, as the pages' props take it (src/pages/searchStatus.ts): what
 * `vike dev`'s renderer and the tests hand the pages. Measured from what the last build of the project at `root` kept
 * for this code, if this process has measured nothing yet (then only what differs from that build is measured); the
 * build itself measures with `measureWithKept`, which also writes back what it measured.
 */
export function siteDecision(catalogue: Catalogue, root = process.cwd()): IndexDecision {
  if (measureMemory().pages.size === 0) restoreKeptMeasure(root, codeHash(root))
  return indexDecision(measureSite(catalogue))
}

/**
 * The catalogue's search index (src/seo/searchIndex.ts), measured from what the last build kept: its measure (by the
 * code `code` of `root`), the hubs' catchments (`remember`, by the cities' places). The build writes its measure back
 * when it changed (`keep`); `npm run check:data` does not, so that both compare an edit with the last build.
 */
export function measureWithKept(catalogue: Catalogue, root: string, code: string, remember: Remember, { keep = true }: { keep?: boolean } = {}): SearchIndex {
  const kept = keptMeasureFile(root, code)
  restoreMeasureMemory(kept.read())
  catalogueCatchments(catalogue, remember)
  const index = measureSite(catalogue)
  if (keep) kept.write()
  return index
}

/**
 * Puts back the measure the last build or check of `root` kept for this code, unless this process measured already
 * (the tests: a worker's first catalogue of the site's data then measures only what differs from it, as a build does).
 */
export function restoreKeptMeasure(root: string, code: string) {
  if (measureMemory().pages.size === 0) restoreMeasureMemory(keptMeasureFile(root, code).read())
}

/**
 * Whether the measure is kept for this code (in this process or in the kept file): then an edit's measure is quick;
 * otherwise every page is measured.
 */
export function measureKept(root: string, code: string): boolean {
  return measureMemory().pages.size > 0 || keptMeasureFile(root, code).holds()
}

/** Where the build of the project at `root` keeps the search index's measure (the tests copy and put it back). */
export const keptMeasurePath = (root: string) => path.join(root, 'node_modules', '.cache', 'kept', 'search-measure.bin')

/**
 * The search index's measure of the last build (src/seo/searchIndex.ts: each page's text key, each group's twins and
 * runs), in one file after the code hash that made it: read back by a build of the same code, written when it changed.
 */
function keptMeasureFile(root: string, code: string) {
  const file = keptMeasurePath(root)
  // The code hash, the length of a JSON outline (the pages' keys; each group's twins, and where its runs' arrays are),
  // the outline, then the arrays one after the other as 32-bit integers (from a multiple of 4): read in one piece,
  // each array a view. About 6.6 MB for the site's 8,000 measured pages.
  type Span = [at: number, length: number]
  type Outline = {
    pages: [path: string, key: string][]
    groups: [
      id: string,
      threshold: number,
      twins: [path: string, twin: string | null, similarity: number, runs: number, wanting: number][],
      base: { keys: string[]; arrays: Span[] },
      since: [path: string, runs: Span][],
    ][]
  }
  const head = Buffer.from(`${code}\n`)
  const ARRAYS = ['counts', 'hashes', 'classOf', 'classStarts', 'classPages', 'lacking'] as const
  return {
    /** Whether the file is there, after this code (its first bytes only). */
    holds(): boolean {
      try {
        const bytes = Buffer.alloc(head.length)
        const fd = openSync(file, 'r')
        try {
          readSync(fd, bytes, 0, head.length, 0)
        } finally {
          closeSync(fd)
        }
        return bytes.equals(head)
      } catch {
        return false
      }
    },
    read(): Pick<MeasureMemory, 'pages' | 'groups'> {
      try {
        const bytes = readFileSync(file)
        if (bytes.subarray(0, head.length).equals(head)) {
          const length = bytes.readUInt32LE(head.length)
          const outline = JSON.parse(bytes.toString('utf8', head.length + 4, head.length + 4 + length)) as Outline
          const from = bytes.byteOffset + aligned(head.length + 4 + length)
          const ints =
            from % 4 === 0
              ? new Int32Array(bytes.buffer, from, (bytes.length - (from - bytes.byteOffset)) / 4)
              : new Int32Array(bytes.buffer.slice(from, bytes.byteOffset + bytes.length))
          const view = ([at, n]: Span) => ints.subarray(at, at + n)
          const groups: MeasureMemory['groups'] = new Map()
          for (const [id, threshold, twins, base, since] of outline.groups) {
            const arrays = Object.fromEntries(ARRAYS.map((name, i) => [name, view(base.arrays[i]!)])) as Record<(typeof ARRAYS)[number], Int32Array>
            const measure: GroupMeasure = {
              twins: new Map(twins.map(([path, twin, similarity, runs, wanting]) => [path, { twin, similarity, runs, wanting }])),
              base: { keys: base.keys, ...arrays },
              since: new Map(since.map(([path, span]) => [path, view(span)])),
            }
            groups.set(id, { threshold, measure })
          }
          return { pages: new Map(outline.pages), groups }
        }
      } catch {
        // none kept, or unreadable: everything is measured
      }
      return { pages: new Map(), groups: new Map() }
    },
    write() {
      const memory = measureMemory()
      if (!memory.changed) return
      try {
        const arrays: Int32Array[] = []
        let at = 0
        const span = (array: Int32Array): Span => {
          arrays.push(array)
          at += array.length
          return [at - array.length, array.length]
        }
        const outline: Outline = { pages: [...memory.pages], groups: [] }
        for (const [id, { threshold, measure }] of memory.groups) {
          const { twins, base, since } = measure
          outline.groups.push([
            id,
            threshold,
            [...twins].map(([path, t]) => [path, t.twin, t.similarity, t.runs, t.wanting]),
            { keys: [...base.keys], arrays: ARRAYS.map((name) => span(base[name])) },
            [...since].map(([path, runs]) => [path, span(runs)]),
          ])
        }
        const text = Buffer.from(JSON.stringify(outline))
        const start = Buffer.alloc(4 + aligned(head.length + 4 + text.length) - (head.length + 4 + text.length))
        start.writeUInt32LE(text.length)
        const ints = Buffer.alloc(at * 4)
        const all = new Int32Array(ints.buffer, ints.byteOffset, at)
        at = 0
        for (const array of arrays) {
          all.set(array, at)
          at += array.length
        }
        writeWhole(file, Buffer.concat([head, start.subarray(0, 4), text, start.subarray(4), ints]))
        memory.changed = false
      } catch {
        // a read-only node_modules: measured again next time
      }
    },
  }
}

/** The next multiple of 4. */
const aligned = (n: number) => Math.ceil(n / 4) * 4
