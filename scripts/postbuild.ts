// Runs after `vike build`: prints what was built, so a staff member sees the result of a data change.
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const dist = path.resolve('dist/client')
const files = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((d) => d.isFile())
const pages = files.filter((f) => f.name.endsWith('.html')).length
const bytes = files.reduce((sum, f) => sum + statSync(path.join(f.parentPath, f.name)).size, 0)
console.log(`built ${pages} pages, ${files.length} files, ${(bytes / 1e6).toFixed(0)} MB in dist/client`)
if (files.length >= 20_000) {
  console.error('dist/client holds 20,000 files or more: Cloudflare Pages (free plan) will refuse the upload')
  process.exit(1)
}
