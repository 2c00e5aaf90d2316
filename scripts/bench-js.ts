// `npm run bench:js`: the JavaScript each kind of page ships, gzip-compressed: what loads with the
// page, and everything it can load later (the quote form island). Target: under 90 KB in all.
import path from 'node:path'
import { gzipBytes, pageScripts } from './lib/scriptSizes'

const dist = path.resolve(process.argv[2] ?? 'dist/client')
const PAGES = ['/', '/about', '/contact', '/quote', '/services/strip-wax', '/boise-strip-wax-janitorial', '/local-services', '/local-services/boise', '/404']
const BUDGET_KB = 90

let over = false
console.log(`page${' '.repeat(32)}with page   later    total (KB gzip)`)
for (const page of PAGES) {
  const { initial, later } = pageScripts(dist, page)
  const kb = (files: string[]) => files.reduce((sum, f) => sum + gzipBytes(dist, f), 0) / 1024
  const total = kb(initial) + kb(later)
  over ||= total > BUDGET_KB
  console.log(`${page.padEnd(36)}${kb(initial).toFixed(1).padStart(9)}${kb(later).toFixed(1).padStart(8)}${total.toFixed(1).padStart(9)}`)
}
console.log(`budget: ${BUDGET_KB} KB gzip per page, everything included: ${over ? 'OVER' : 'ok'}`)
process.exit(over ? 1 : 0)
