// `npm run bench [-- runs]`: times `npm run build` (data check, bundles, the prerender of every page, sitemap)
// several times and prints pages written, the median wall time, pages per second, peak memory, the size of one
// city page and of the whole output, against the targets of issue 2.
//
// Two kinds of run, `runs` of each:
//  - rebuild: dist/ holds the previous build, as whenever the staff rebuild; every page is rendered and rewritten.
//  - clean: dist/ deleted just before (not timed). Deleting 14,600 files makes the next 14,600 file creations
//    on this machine's disk cost 5-10 s of kernel time, which lands in the build (README, "Build speed").
// Peak memory is the largest sum, sampled every 200 ms, of the memory of the build and all its processes.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const runs = Number(process.argv[2] ?? 3)
const PAGE_SIZE = 4096

/** Resident memory (bytes) of a process and all its descendants, from /proc. */
function treeRss(root: number): number {
  const children = new Map<number, number[]>()
  const rss = new Map<number, number>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const pid = Number(name)
      const parent = Number(fields[1])
      children.set(parent, [...(children.get(parent) ?? []), pid])
      rss.set(pid, Number(fields[21]) * PAGE_SIZE)
    } catch {
      // the process ended while we read it
    }
  }
  let total = 0
  const stack = [root]
  while (stack.length) {
    const pid = stack.pop()!
    total += rss.get(pid) ?? 0
    stack.push(...(children.get(pid) ?? []))
  }
  return total
}

type Run = { seconds: number; peakMb: number; pages: number }

function build(): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn('npm', ['run', 'build'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk))
    let peak = 0
    const sampler = setInterval(() => (peak = Math.max(peak, treeRss(child.pid!))), 200)
    child.on('error', reject)
    child.on('close', (code) => {
      clearInterval(sampler)
      const seconds = (performance.now() - started) / 1000
      if (code !== 0) return reject(new Error(`npm run build failed (exit code ${code}):\n${output}`))
      const pages = Number(/build done: (\d+) pages/.exec(output)?.[1] ?? 0)
      console.log(`    ${seconds.toFixed(1)} s, peak ${(peak / 2 ** 20).toFixed(0)} MB  (${/build done: .*\((.*)\)/.exec(output)?.[1] ?? ''})`)
      resolve({ seconds, peakMb: peak / 2 ** 20, pages })
    })
  })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const check = (ok: boolean) => (ok ? 'ok' : 'MISSED')

console.log(`build benchmark: npm run build, ${runs} rebuilds and ${runs} clean builds, ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(2)}`)
const rebuilds: Run[] = []
const cleans: Run[] = []
console.log('  rebuild (dist/ kept from the previous build):')
await build() // makes sure a previous build exists; not counted
for (let i = 0; i < runs; i++) rebuilds.push(await build())
console.log('  clean (dist/ deleted before each run):')
for (let i = 0; i < runs; i++) {
  rmSync('dist', { recursive: true, force: true })
  cleans.push(await build())
}

const files = readdirSync('dist/client', { recursive: true, withFileTypes: true }).filter((d) => d.isFile())
const pages = files.filter((f) => f.name.endsWith('.html')).length
const bytes = files.reduce((sum, f) => sum + statSync(path.join(f.parentPath, f.name)).size, 0)
const cityPage = statSync('dist/client/boise-strip-wax-janitorial.html').size
const rebuild = median(rebuilds.map((r) => r.seconds))
const clean = median(cleans.map((r) => r.seconds))
const peak = Math.max(...[...rebuilds, ...cleans].map((r) => r.peakMb))
console.log(`pages written:    ${pages}`)
console.log(`wall (median):    rebuild ${rebuild.toFixed(1)} s  (target < 30 s: ${check(rebuild < 30)});  clean ${clean.toFixed(1)} s  (${check(clean < 30)})`)
console.log(`pages per second: rebuild ${(pages / rebuild).toFixed(0)};  clean ${(pages / clean).toFixed(0)}  (whole build, including bundling)`)
console.log(`peak memory:      ${peak.toFixed(0)} MB, all processes together, largest of all runs  (target < 1,536 MB: ${check(peak < 1536)})`)
console.log(`one city page:    ${(cityPage / 1024).toFixed(1)} KB  (target < 40 KB: ${check(cityPage < 40 * 1024)})`)
console.log(`whole output:     ${(bytes / 1e6).toFixed(0)} MB in ${files.length} files  (target < 20,000 files: ${check(files.length < 20_000)})`)
