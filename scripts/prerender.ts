// Prerenders every page into dist/client, after `vike build` made the bundles: step 3 of `npm run build`,
// or alone with `npx tsx scripts/prerender.ts` (after `npx vike build`).
//
// Vike's automatic prerender runs in one process and took about 60 s here for the 14,600 pages (README,
// "Build speed"). Here the same Vike prerender (https://vike.dev/prerender-programmatic) runs in one process per
// core. Each renders the share of the URLs that `src/prerender/shard.ts` gives it and writes its files itself,
// in place, through Vike's `onPagePrerender` option. The processes start (and load Vite, Vike and React) while
// the bundles are being built, and wait for the word to go. The parent then checks that every page of the site
// was written exactly once and removes pages the data no longer makes.
import { fork, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { getCatalogue } from '../src/catalog/index'
import { removeStalePages } from '../src/prerender/outDir'
import { currentShard, inShard, SHARD_VARIABLE } from '../src/prerender/shard'
import { writePage } from '../src/prerender/writePage'
import { fileForPath } from '../src/urls/files'
import { pagePaths } from '../src/urls/sitePaths'

const OUT_DIR = 'dist/client'
const SERVER_DIR = 'dist/server'
const PROGRESS_EVERY = 500

type ToWorker = { go: true }
type FromWorker = { ready: true } | { pastConfigLoad: true } | { progress: number } | { done: string[]; peakMb: number }

/** What Vike hands `onPagePrerender` (vike 0.4.266; the option is documented but marked experimental). */
type PrerenderedPageContext = {
  urlOriginal: string
  _prerenderResult?: { filePath: string; fileContent: string } | null
  _prerenderContext?: { output?: unknown[] }
}

/** One prerender process: loads what the prerender needs, waits for the bundles, then renders and writes its share. */
async function renderShare(): Promise<void> {
  const send = (message: FromWorker) => process.send?.(message)
  const go = process.send ? new Promise<void>((resolve) => process.once('message', (message: ToWorker) => message.go && resolve())) : Promise.resolve()
  // Loading these takes seconds: done while the bundles build, Vike and Vite's copy of vite.config.ts then find
  // them in the module cache. (The plugins of vite.config.ts, imported but not instantiated.)
  const [{ prerender }] = await Promise.all([
    import('vike/api'),
    import('vite'),
    import('vike/plugin'),
    import('@vitejs/plugin-react'),
    import('@tailwindcss/vite'),
    import('react-dom/server'),
  ])
  send({ ready: true })
  await go

  const shard = currentShard()
  const written: string[] = []
  await prerender({
    onPagePrerender(pageContext: PrerenderedPageContext) {
      const result = pageContext._prerenderResult
      if (!result || typeof result.fileContent !== 'string') {
        throw new Error(`Vike gave onPagePrerender no _prerenderResult for ${pageContext.urlOriginal}: the installed vike is not the version this script was written for (0.4.266)`)
      }
      // Vike keeps every page it rendered until the run ends; once a page is on disk we let it go.
      pageContext._prerenderResult = null
      pageContext._prerenderContext?.output?.splice(0)
      // Pages with a static route (home, about, …) and the 404 page are rendered by every process; one writes each.
      if (!inShard(pageContext.urlOriginal, shard)) return
      writePage(result.filePath, result.fileContent)
      written.push(path.relative(OUT_DIR, result.filePath))
      if (written.length % PROGRESS_EVERY === 0) send({ progress: PROGRESS_EVERY })
    },
  })
  send({ progress: written.length % PROGRESS_EVERY })
  send({ done: written, peakMb: process.resourceUsage().maxRSS / 1024 })
}

export type PrerenderResult = { pages: number; seconds: number; peakMb: number }

/**
 * Starts one prerender process per core (or PRERENDER_PROCESSES). They load their modules at once; call
 * `run()` when dist/server holds the bundles, or `stop()` when the build fails before that.
 */
export function startPrerender() {
  const count = Math.max(1, Math.min(Number(process.env.PRERENDER_PROCESSES) || os.availableParallelism(), 8))
  const script = fileURLToPath(import.meta.url)
  const workers: ChildProcess[] = Array.from({ length: count }, (_, index) =>
    fork(script, [], { env: { ...process.env, [SHARD_VARIABLE]: `${index}/${count}` }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  )
  // A process is told to go once it said it is ready (by then it listens for the word) and the one before it is
  // past Vike's config load, which two processes must not run at once (src/prerender/shard.ts says why).
  const ready = workers.map((worker) => new Promise<void>((resolve) => worker.on('message', (message: FromWorker) => 'ready' in message && resolve())))
  const pastConfigLoad = workers.map(
    (worker) =>
      new Promise<void>((resolve) => {
        worker.on('message', (message: FromWorker) => ('ready' in message ? undefined : resolve()))
        worker.on('exit', () => resolve())
      }),
  )
  const stop = () => workers.forEach((worker) => worker.kill())

  async function run(): Promise<PrerenderResult> {
    const started = performance.now()
    const expected = pagePaths(getCatalogue()).map(fileForPath)
    console.log(`prerendering ${expected.length} pages in ${count} process${count === 1 ? '' : 'es'}...`)
    let rendered = 0
    let nextReport = 2000
    const files: string[] = []
    let peakMb = process.resourceUsage().maxRSS / 1024
    const finished = workers.map(
      (worker, index) =>
        new Promise<void>((resolve, reject) => {
          let done = false
          worker.on('message', (message: FromWorker) => {
            if ('progress' in message) {
              rendered += message.progress
              if (rendered >= nextReport && rendered < expected.length) {
                console.log(`  prerendered ${rendered} of ${expected.length} pages...`)
                nextReport += 2000
              }
            } else if ('done' in message) {
              files.push(...message.done)
              peakMb += message.peakMb
              done = true
            }
          })
          worker.on('error', reject)
          worker.on('exit', (code, signal) => {
            if (code === 0 && done) resolve()
            else reject(new Error(`prerender process ${index + 1} of ${count} failed (${signal ?? `exit code ${code}`}); its error is printed above`))
          })
          const previous = index === 0 ? Promise.resolve() : Promise.race([pastConfigLoad[index - 1]!, new Promise((resolve) => setTimeout(resolve, 10_000).unref())])
          void Promise.all([ready[index], previous]).then(() => worker.connected && worker.send({ go: true } satisfies ToWorker))
        }),
    )
    try {
      await Promise.all(finished)
    } catch (error) {
      stop()
      throw error
    }

    const seen = new Set<string>()
    const twice = files.filter((file) => seen.has(file) || !seen.add(file))
    const expectedSet = new Set(expected)
    const missing = expected.filter((file) => !seen.has(file))
    const unexpected = files.filter((file) => !expectedSet.has(file))
    if (twice.length || missing.length || unexpected.length) {
      const list = (label: string, items: string[]) => (items.length ? `\n  ${label}: ${items.slice(0, 10).join(', ')}${items.length > 10 ? ` and ${items.length - 10} more` : ''}` : '')
      throw new Error(`the prerender did not write each page exactly once${list('written twice', twice)}${list('missing', missing)}${list('not a page of the site', unexpected)}`)
    }
    const stale = removeStalePages(OUT_DIR, seen)
    if (stale.length) console.log(`  removed ${stale.length} page${stale.length === 1 ? '' : 's'} the data no longer makes: ${stale.slice(0, 5).join(', ')}${stale.length > 5 ? ', …' : ''}`)
    rmSync(SERVER_DIR, { recursive: true, force: true })
    const seconds = (performance.now() - started) / 1000
    console.log(`✓ prerendered ${files.length} pages in ${seconds.toFixed(1)} s (${(files.length / seconds).toFixed(0)} pages/s, peak memory ${peakMb.toFixed(0)} MB across processes)`)
    return { pages: files.length, seconds, peakMb }
  }

  return { run, stop }
}

const main = async () => {
  await startPrerender().run()
}
if (process.env[SHARD_VARIABLE] || import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const work = process.env[SHARD_VARIABLE] ? renderShare : main
  work().catch((error: Error) => {
    console.error(error.stack ?? error.message)
    process.exit(1)
  })
}
