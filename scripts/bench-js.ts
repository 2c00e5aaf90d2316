// `npm run bench:js`: the JavaScript each kind of page ships, gzip-compressed: what loads with the
// page, and everything it can load later (the quote form island). Target: under 90 KB in all.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileForPath } from '../src/urls/paths'

const dist = path.resolve(process.argv[2] ?? 'dist/client')
const PAGES = ['/', '/about', '/contact', '/quote', '/services/strip-wax', '/boise-strip-wax-janitorial', '/local-services', '/local-services/boise', '/404']
const BUDGET_KB = 90

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length
const importsOf = (file: string) => {
  const code = readFileSync(path.join(dist, file), 'utf8')
  const dir = path.posix.dirname(file)
  const stat = [...code.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => path.posix.join(dir, m[1]!))
  const lazy = [...code.matchAll(/import\(\s*[`"'](\.{1,2}\/[^`"']+\.js)[`"']\s*\)/g)].map((m) => path.posix.join(dir, m[1]!))
  return { stat, lazy }
}

/** Every file reachable from the entries, split into loaded-with-the-page and loaded-later. */
function closure(entries: string[]) {
  const initial = new Set<string>()
  const later = new Set<string>()
  const visit = (file: string, lazy: boolean) => {
    if (initial.has(file) || (lazy && later.has(file))) return
    ;(lazy ? later : initial).add(file)
    const { stat, lazy: dynamic } = importsOf(file)
    for (const f of stat) visit(f, lazy)
    for (const f of dynamic) visit(f, true)
  }
  for (const e of entries) visit(e, false)
  for (const f of initial) later.delete(f)
  return { initial: [...initial], later: [...later] }
}

let over = false
console.log(`page${' '.repeat(32)}with page   later    total (KB gzip)`)
for (const page of PAGES) {
  const html = readFileSync(path.join(dist, fileForPath(page)), 'utf8')
  const entries = [...html.matchAll(/<script[^>]*src="\/([^"]+\.js)"/g)].map((m) => m[1]!)
  const { initial, later } = closure(entries)
  const kb = (files: string[]) => files.reduce((sum, f) => sum + gz(f), 0) / 1024
  const total = kb(initial) + kb(later)
  over ||= total > BUDGET_KB
  console.log(`${page.padEnd(36)}${kb(initial).toFixed(1).padStart(9)}${kb(later).toFixed(1).padStart(8)}${total.toFixed(1).padStart(9)}`)
}
console.log(`budget: ${BUDGET_KB} KB gzip per page, everything included: ${over ? 'OVER' : 'ok'}`)
process.exit(over ? 1 : 0)
