import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Catalogue } from '../catalog/index'
import { catalogueCatchments, measuredIndex } from '../pages/props'
import { measureMemory, restoreMeasureMemory, type MeasureMemory, type SearchIndex } from '../seo/searchIndex'
import type { Twin } from '../seo/similarity'
import type { Remember } from './keptValues'
import { writeWhole } from './writePage'

/**
 * The catalogue's search index (src/seo/searchIndex.ts), measured from what the last build or check kept: its measure
 * (by the code `code` of `root`), the hubs' catchments (`remember`, by the cities' places); written back when it changed.
 * The build and `npm run check:data` both measure this way.
 */
export function measureWithKept(catalogue: Catalogue, root: string, code: string, remember: Remember): SearchIndex {
  const kept = keptMeasureFile(root, code)
  restoreMeasureMemory(kept.read())
  catalogueCatchments(catalogue, remember)
  const index = measuredIndex(catalogue)
  kept.write()
  return index
}

/**
 * The search index's measure of the last build (src/seo/searchIndex.ts: each page's runs and each group's twins), in
 * one file after the code hash that made it: read back by a build of the same code, written when it changed.
 */
function keptMeasureFile(root: string, code: string) {
  const file = path.join(root, 'node_modules', '.cache', 'kept', 'search-measure.bin')
  // The code hash, the length of a JSON outline (each page's path, key and where its runs are; the groups), the
  // outline, then every page's runs one after the other as 32-bit integers: read in one piece, each page's runs a view.
  type Outline = { pages: [path: string, key: string, at: number, length: number][]; groups: [string, { threshold: number; twins: [string, Twin][] }][] }
  const head = Buffer.from(`${code}\n`)
  return {
    read(): Pick<MeasureMemory, 'pages' | 'groups'> {
      try {
        const bytes = readFileSync(file)
        if (bytes.subarray(0, head.length).equals(head)) {
          const length = bytes.readUInt32LE(head.length)
          const outline = JSON.parse(bytes.toString('utf8', head.length + 4, head.length + 4 + length)) as Outline
          // The runs start on a multiple of 4 (a view of the file's bytes as integers).
          const from = head.length + 4 + length
          const runs = new Int32Array(bytes.buffer.slice(bytes.byteOffset + from, bytes.byteOffset + bytes.length))
          return {
            pages: new Map(outline.pages.map(([path, key, at, n]) => [path, { key, set: runs.subarray(at, at + n) }])),
            groups: new Map(outline.groups.map(([id, { threshold, twins }]) => [id, { threshold, twins: new Map(twins) }])),
          }
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
        let at = 0
        const outline: Outline = { pages: [], groups: [] }
        for (const [path, { key, set }] of memory.pages) {
          outline.pages.push([path, key, at, set.length])
          at += set.length
        }
        for (const [id, { threshold, twins }] of memory.groups) outline.groups.push([id, { threshold, twins: [...twins] }])
        const runs = new Int32Array(at)
        at = 0
        for (const { set } of memory.pages.values()) {
          runs.set(set, at)
          at += set.length
        }
        const text = Buffer.from(JSON.stringify(outline))
        const length = Buffer.alloc(4)
        length.writeUInt32LE(text.length)
        writeWhole(file, Buffer.concat([head, length, text, Buffer.from(runs.buffer, runs.byteOffset, runs.byteLength)]))
        memory.changed = false
      } catch {
        // a read-only node_modules: measured again next time
      }
    },
  }
}
