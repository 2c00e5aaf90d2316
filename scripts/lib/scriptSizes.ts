// The JavaScript a built page loads, gzip-compressed: with the page, and later (its dynamic imports). Used by
// `npm run bench:js` and by the city finder's benchmark (scripts/lib/finderBench.ts).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileForPath } from '../../src/urls/paths'

export const gzipBytes = (dist: string, file: string) => gzipSync(readFileSync(path.join(dist, file))).length

function importsOf(dist: string, file: string) {
  const code = readFileSync(path.join(dist, file), 'utf8')
  const dir = path.posix.dirname(file)
  const stat = [...code.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => path.posix.join(dir, m[1]!))
  const lazy = [...code.matchAll(/import\(\s*[`"'](\.{1,2}\/[^`"']+\.js)[`"']\s*\)/g)].map((m) => path.posix.join(dir, m[1]!))
  return { stat, lazy }
}

/** Every script file a page reaches (relative to dist), split into loaded-with-the-page and loaded-later. */
export function pageScripts(dist: string, page: string): { initial: string[]; later: string[] } {
  const html = readFileSync(path.join(dist, fileForPath(page)), 'utf8')
  const entries = [...html.matchAll(/<script[^>]*src="\/([^"]+\.js)"/g)].map((m) => m[1]!)
  const initial = new Set<string>()
  const later = new Set<string>()
  const visit = (file: string, lazy: boolean) => {
    if (initial.has(file) || (lazy && later.has(file))) return
    ;(lazy ? later : initial).add(file)
    const { stat, lazy: dynamic } = importsOf(dist, file)
    for (const f of stat) visit(f, lazy)
    for (const f of dynamic) visit(f, true)
  }
  for (const e of entries) visit(e, false)
  for (const f of initial) later.delete(f)
  return { initial: [...initial], later: [...later] }
}
