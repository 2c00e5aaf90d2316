// `npm run bench [-- runs]`: times `vike build` (the prerender of every page) several times and
// prints pages written, the median wall time, pages per second, peak memory, the size of one city
// page and of the whole output, against this issue's targets. Each run deletes dist/ first.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const runs = Number(process.argv[2] ?? 3)
const gnuTime = existsSync('/usr/bin/time')
const results: { seconds: number; peakMb: number | null }[] = []

console.log(`build benchmark: ${runs} runs on ${os.cpus().length} cores, Node ${process.version}${gnuTime ? '' : ' (no /usr/bin/time: peak memory not measured)'}`)
for (let i = 1; i <= runs; i++) {
  rmSync('dist', { recursive: true, force: true })
  const started = performance.now()
  const command = gnuTime ? ['/usr/bin/time', '-f', 'PEAK_KB=%M', 'npx', 'vike', 'build'] : ['npx', 'vike', 'build']
  const child = spawnSync(command[0]!, command.slice(1), { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const seconds = (performance.now() - started) / 1000
  if (child.status !== 0) {
    console.error(child.stdout, child.stderr)
    process.exit(1)
  }
  const peakKb = /PEAK_KB=(\d+)/.exec(child.stderr)?.[1]
  results.push({ seconds, peakMb: peakKb ? Number(peakKb) / 1024 : null })
  console.log(`  run ${i}: ${seconds.toFixed(1)} s${peakKb ? `, peak ${(Number(peakKb) / 1024).toFixed(0)} MB` : ''}`)
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const peaks = results.flatMap((r) => (r.peakMb === null ? [] : [r.peakMb]))
const files = readdirSync('dist/client', { recursive: true, withFileTypes: true }).filter((d) => d.isFile())
const pages = files.filter((f) => f.name.endsWith('.html')).length
const bytes = files.reduce((sum, f) => sum + statSync(path.join(f.parentPath, f.name)).size, 0)
const cityPage = statSync('dist/client/boise-strip-wax-janitorial.html').size
const seconds = median(results.map((r) => r.seconds))
const check = (ok: boolean) => (ok ? 'ok' : 'MISSED')
console.log(`pages written:   ${pages}`)
console.log(`wall (median):   ${seconds.toFixed(1)} s  (target < 30 s: ${check(seconds < 30)})`)
console.log(`pages per second: ${(pages / seconds).toFixed(0)}`)
if (peaks.length) console.log(`peak memory:     ${median(peaks).toFixed(0)} MB  (target < 1,536 MB: ${check(median(peaks) < 1536)})`)
console.log(`one city page:   ${(cityPage / 1024).toFixed(1)} KB  (target < 40 KB: ${check(cityPage < 40 * 1024)})`)
console.log(`whole output:    ${(bytes / 1e6).toFixed(0)} MB in ${files.length} files  (target < 20,000 files: ${check(files.length < 20_000)})`)
