// `npm run bench [-- runs]`: times `vike build` (the prerender of every page) several times and
// prints each run and the median wall time and peak memory. Each run deletes dist/ first.
import { spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import os from 'node:os'

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
console.log(`median: ${median(results.map((r) => r.seconds)).toFixed(1)} s wall${peaks.length ? `, ${median(peaks).toFixed(0)} MB peak` : ''}`)
