import { existsSync, readdirSync, rmSync } from 'node:fs'
import { mkdir, open } from 'node:fs/promises'
import path from 'node:path'
import { assembleCatalogue, readCatalogueInputs, type Catalogue } from '../catalog/index'
import { entryAt, pageCount, pageEntries } from '../pages/entries'
import { buildBundles, bundlesUsable } from './bundles'
import { codeHash } from './codeHash'
import { pageFingerprints } from './fingerprints'
import { publishSlugRecord } from '../slugs/report'
import { SITE_JSON, syncFunctionData } from '../quote/functionSite'
import { renderPages } from './renderPages'
import { countFiles, writeSiteFiles } from './siteFiles'
import { readState, writeState } from './state'

export interface BuildOptions {
  /** The project folder (data/ in, dist/ out). */
  root?: string
  log?: (line: string) => void
  /** Render threads; default: one per core for large jobs, this thread for small ones. */
  threads?: number
}

export interface BuildReport {
  catalogue: Catalogue
  /** Pages of the site. */
  pages: number
  /** Pages whose file was written because its bytes changed. */
  changed: string[]
  /** Pages left as they were (not rendered, or rendered to the same bytes). */
  unchanged: number
  /** Pages the data no longer makes, deleted. */
  removed: string[]
  /** Whether the bundles were built (the code changed) or reused. */
  bundled: boolean
  seconds: number
}

/**
 * Builds the site into dist/client: validates data/, makes the client bundles when the code changed, renders the
 * pages whose code or data changed (every page when the code changed), removes the pages the data no longer makes,
 * then writes the sitemap and host files. Throws a DataError (file, line, field) for bad data, a PageRenderError
 * naming the URL of a page that failed to render.
 *
 * A build that stops half-way leaves a state from which the next build redoes every page it had not finished.
 */
export async function buildSite({ root = process.cwd(), log = console.log, threads }: BuildOptions = {}): Promise<BuildReport> {
  const started = performance.now()
  const dist = path.join(root, 'dist')
  const outDir = path.join(dist, 'client')
  const dataDir = path.join(root, 'data')
  const steps: string[] = []
  const step = async <T>(name: string, work: () => Promise<T> | T): Promise<T> => {
    const at = performance.now()
    const result = await work()
    steps.push(`${name} ${((performance.now() - at) / 1000).toFixed(1)} s`)
    return result
  }

  const inputs = await step('data', () => readCatalogueInputs(dataDir))
  const catalogue = await step('catalogue', () => assembleCatalogue(inputs))
  for (const c of catalogue.collisions)
    log(`slug collision "${c.slug}": ${c.kept} keeps /${c.slug}-…; ${c.renamed.map((r) => `${r.city} → /${r.slug}-…`).join('; ')}`)
  for (const warning of catalogue.warnings) log(`warning: ${warning}`)
  // The URL slug of every city, as published (data/city-slugs.csv, committed with the data), and every URL that changed.
  for (const line of publishSlugRecord(catalogue)) log(line)
  // The function is deployed apart from the site: keep its copy of the site's data (site.yaml, cities, services) current.
  if (!syncFunctionData({ root, catalogue })) log(`${SITE_JSON} updated from data/ (redeploy the function to use it)`)

  const code = codeHash(root)
  const previous = readState(dist)
  let bundles = previous?.bundles
  const bundled = !bundlesUsable(bundles, code, outDir)
  let onDisk = new Set(existsSync(outDir) ? listPages(outDir) : [])
  if (bundled) {
    log('bundling (the code changed since the last build)...')
    // Meanwhile, the files of pages not on disk yet are created, empty: on this machine's disk, creating files
    // shortly after many were deleted (an emptied dist/) costs seconds of kernel time, which bundling then hides.
    // If either fails, the other stops too: a bundler left running would outlive the build.
    // Creating stops when the bundles are done: rendering creates the files still missing.
    const stop = new AbortController()
    const bundlesDone = new AbortController()
    const both = Promise.all([
      buildBundles(code, root, stop.signal).finally(() => bundlesDone.abort()),
      createMissingFiles(outDir, catalogue, onDisk, AbortSignal.any([stop.signal, bundlesDone.signal])),
    ])
    const [built] = await step('bundles', () =>
      both.catch((error: unknown) => {
        stop.abort()
        throw error
      }),
    )
    bundles = built
    onDisk = new Set(listPages(outDir))
  }

  const { entries, fingerprints } = await step('fingerprints', () => ({ entries: pageEntries(catalogue), fingerprints: pageFingerprints(catalogue, code) }))
  const todo = entries.flatMap((entry, i) => (previous?.pages[entry.file] === fingerprints[i] && onDisk.has(entry.file) ? [] : [i]))
  const pages = Object.fromEntries(entries.map((entry, i) => [entry.file, fingerprints[i]!]))
  // Until the pages to do are written, the state does not vouch for them: a build killed half-way redoes them.
  const pending = new Set(todo.map((i) => entries[i]!.file))
  writeState(dist, { bundles, pages: Object.fromEntries(Object.entries(pages).filter(([file]) => !pending.has(file))) })

  if (todo.length > 0) log(`rendering ${todo.length} of ${entries.length} pages...`)
  const rendered = await step('pages', () =>
    renderPages({ inputs, assetTags: bundles!.assetTags, outDir }, catalogue, todo, (done) => log(`  rendered ${done} of ${todo.length} pages...`), threads),
  )
  const removed = [...onDisk].filter((file) => !(file in pages))
  for (const file of removed) rmSync(path.join(outDir, file), { force: true })
  if (removed.length > 0)
    log(
      `removed ${removed.length} page${removed.length === 1 ? '' : 's'} the data no longer makes: ${removed.slice(0, 5).join(', ')}${removed.length > 5 ? ', …' : ''}`,
    )

  await step('site files', () => writeSiteFiles(outDir, catalogue, dataDir, log))
  const files = countFiles(outDir)
  writeState(dist, { bundles, pages })

  const seconds = (performance.now() - started) / 1000
  const unchanged = entries.length - rendered.written.length
  log(
    `build done in ${seconds.toFixed(1)} s: ${entries.length} pages, ${rendered.written.length} changed, ${unchanged} unchanged` +
      `${removed.length ? `, ${removed.length} removed` : ''}; ${files} files in dist/client (${steps.join(', ')})`,
  )
  return { catalogue, pages: entries.length, changed: rendered.written, unchanged, removed, bundled, seconds }
}

/** Creates, empty, the file of every page that has none. The pages are written over them later. */
async function createMissingFiles(outDir: string, catalogue: Catalogue, onDisk: Set<string>, signal: AbortSignal) {
  const count = pageCount(catalogue)
  const folders = new Map<string, Promise<unknown>>()
  let next = 0
  const createNext = async (): Promise<void> => {
    while (next < count && !signal.aborted) {
      const { file } = entryAt(catalogue, next++)
      if (onDisk.has(file)) continue
      const folder = path.dirname(path.join(outDir, file))
      if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }))
      await folders.get(folder)
      await (await open(path.join(outDir, file), 'a')).close()
    }
  }
  await Promise.all(Array.from({ length: 4 }, createNext))
}

/** The pages (.html files) under the build folder, as paths relative to it. */
function listPages(outDir: string): string[] {
  return readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.html'))
    .map((d) => path.relative(outDir, path.join(d.parentPath, d.name)))
}
