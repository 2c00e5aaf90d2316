import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs'
import { setImmediate } from 'node:timers/promises'
import path from 'node:path'
import { assembleCatalogue, readCatalogueInputs, type Catalogue } from '../catalog/index'
import { pageCount, pagePaths, pagesDecidedOtherwise } from '../pages/entries'
import { fileForPath, pathForFile } from '../urls/paths'
import { buildBundles, bundlesUsable, keepBundles, removeStaleFiles, restoreKeptBundles } from './bundles'
import { codeHash } from './codeHash'
import { keptValues } from './keptValues'
import { coverageFrameData, setCoverageFrame } from '../geo/coverageMap'
import { catalogueCatchments } from '../geo/catchment'
import { pageSummaries } from './fingerprints'
import { collisionLines, publishSlugRecord } from '../slugs/report'
import { SITE_JSON, syncFunctionData } from '../quote/functionSite'
import { renderPages, type RenderJob } from './renderPages'
import { countFiles, writeSiteFiles } from './siteFiles'
import { dataDates } from '../seo/sitemap'
import { fingerprintsByFile, markRewriting, readState, sameState, writeState, type PageList } from './state'
import { makePhotos, publishPhotos, type PhotoRun } from '../photos/render'
import { jobPhotoSources } from '../photos/jobPhotos'
import { indexChanges, indexDecision, indexReport, provisionalDecision, readSearchIndexCsv, searchIndexCsv, type SearchIndex } from '../seo/searchIndex'
import type { IndexDecision } from '../pages/searchStatus'
import { measureKept, measureWithKept } from './keptMeasure'
import { writePage } from './writePage'
import { filesIn } from '../files/filesIn'

/** The measure of every page (src/seo/searchIndex.ts), under dist/ beside the site: for the staff, never deployed. */
const SEARCH_INDEX_CSV = 'search-index.csv'

export interface BuildOptions {
  /** The project folder (data/ in, dist/ out). */
  root?: string
  log?: (line: string) => void
  /** Render threads; default: one per core for large jobs, this thread for small ones. */
  threads?: number
  /** Where the photos' files are kept between builds (default: node_modules/.cache/photos/ of `root`). */
  photoCache?: string
  /** Every slug collision on a line of its own (`npm run build -- --verbose`), instead of their count. */
  verbose?: boolean
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
  /** Whether the bundles were put in place (the code changed since the last build, or dist/ was emptied) or reused. */
  bundled: boolean
  /** Where the bundles came from: the bundler, the copy kept for this code (bundles.ts), or the last build's dist/. */
  bundlesFrom: 'bundler' | 'kept' | 'dist'
  /** Photos of data/photos.yaml encoded by this build, and those its cache had. */
  photos: { made: number; cached: number }
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
export async function buildSite({
  root = process.cwd(),
  log = console.log,
  threads,
  photoCache = path.join(root, 'node_modules', '.cache', 'photos'),
  verbose = false,
}: BuildOptions = {}): Promise<BuildReport> {
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

  // The bundles are made from the code alone: when it changed, the bundler starts first, and the data is read and
  // checked while it runs. It only adds files: a build that stops before the bundles are done (bad data) leaves the
  // last one as it was.
  const code = codeHash(root)
  // What the build computes from a few inputs alone, kept between builds (src/build/keptValues.ts).
  const keptDir = path.join(root, 'node_modules', '.cache', 'kept')
  const remember = keptValues(keptDir, code)
  // When each data file last changed (two git commands, for the sitemap's dates, unless kept), meanwhile.
  const dates = dataDates(dataDir, remember)
  void dates.catch(() => undefined) // awaited by writeSiteFiles()
  // The coverage map's outlines, as projected (the same for every build of this code).
  setCoverageFrame(remember('coverage-map', [], coverageFrameData))
  const previous = readState(dist)
  // New bundles when the code changed since the last build: those kept for this code (bundles.ts), else the bundler's.
  const bundler = bundlesUsable(previous?.bundles, code, outDir) ? undefined : startBundler(code, root, outDir)
  if (bundler) log(bundler.kept ? 'bundles: those kept for this code (node_modules/.cache/bundles)' : 'bundling (the code changed since the last build)...')
  // Each page's fingerprint (its code and props), against what the last build left.
  const lastPages = previous && fingerprintsByFile(previous.pages)
  const fingerprints = (catalogue: Catalogue, decision: IndexDecision, onDisk: Set<string>) =>
    step('fingerprints', () => pageSummaries(catalogue, decision, code, previous && { pages: lastPages!, groups: previous.groups, onDisk }))
  // Whether the bundler has finished (then nothing waits for it).
  let bundled = false
  void bundler?.run.then(
    () => (bundled = true),
    () => undefined,
  )
  const { inputs, catalogue, measured, decision, onDisk, bundles, photos, early } = await prepare().catch((error: unknown) => {
    bundler?.stop()
    throw error
  })
  // The photos' files, after the bundler's clean-up of the files it did not make.
  publishPhotos(outDir, photos)
  // What the build says of the measure, and the measure of every page, for a spreadsheet: beside the site, not in it
  // (dist/client is what is deployed).
  function publishIndex(index: SearchIndex, siteUrl: string) {
    for (const line of indexReport(index)) log(line)
    // Which pages this build brings in or takes out, against the last build's measure.
    for (const line of indexChanges(index)) log(line)
    writePage(path.join(dist, SEARCH_INDEX_CSV), searchIndexCsv(index, siteUrl))
  }
  async function prepare() {
    const data = await step('data', () => readCatalogueInputs(dataDir, remember))
    // Each photo's files, from the cache when made before (src/photos/render.ts); their names go into the props of the
    // pages that show them, so a changed photo re-renders those pages only.
    // The job stories' photos (content/jobs/) with them: one run, whose files are all that assets/photos/ keeps.
    const sources = [...data.photos, ...jobPhotoSources(data.content)]
    const photos = sources.length > 0 ? await step('photos', () => makePhotos(sources, dataDir, data.fileNames, photoCache)) : NO_PHOTOS
    if (photos.made > 0) log(`photos: ${photos.made} made, ${photos.cached} from the cache`)
    const inputs = sources.length > 0 ? { ...data, photoImages: photos.images } : data
    const catalogue = await step('catalogue', () => assembleCatalogue(inputs))
    // Which city pages search engines are asked to index, by measure (src/seo/searchIndex.ts): their <head> and the
    // sitemap follow it. What the last build measured is kept: only the pages of the cities an edit changed are measured
    // again, here, before the pages are made. Measured from nothing (a fresh clone, new code), the measure takes seconds
    // of this thread: it is then made once the bundles are done (beside the bundler, it only delayed the bundles, and
    // the two together passed 350 MB), while a render thread renders the pages by a provisional decision; the pages it
    // decides otherwise are rendered again after. Meanwhile this thread makes the cities' catchments, which the measure
    // needs first, in little memory (not the hub maps nor the finder's parts: those would add to the bundler's peak).
    const measured = bundler && !measureKept(root, code) ? undefined : await step('search index', () => measureWithKept(catalogue, root, code, remember))
    if (!measured && !bundled) await step('catchments while the bundler works', () => catalogueCatchments(catalogue, remember))
    // As check:data says them: the warnings first, the slug collisions in one line (src/slugs/report.ts).
    for (const warning of catalogue.warnings) log(`warning: ${warning}`)
    for (const line of collisionLines(catalogue.collisions, verbose)) log(line)
    // The URL slug of every city, as published (data/city-slugs.csv, committed with the data), and every URL that changed.
    for (const line of publishSlugRecord(catalogue)) log(line)
    if (measured) publishIndex(measured, catalogue.site.siteUrl)
    // The function is deployed apart from the site: keep its copy of the site's data (site.yaml, cities, services) current.
    if (!syncFunctionData({ root, catalogue })) log(`${SITE_JSON} updated from data/ (redeploy the function to use it)`)

    // Without the measure yet: the last build's, as it published it, or every city page out (provisionalDecision).
    const decision = measured
      ? indexDecision(measured)
      : provisionalDecision(catalogue, readSearchIndexCsv(path.join(dist, SEARCH_INDEX_CSV), catalogue.site.siteUrl))
    const { pages: onDisk, others } = listFiles(outDir)
    if (!bundler) return { inputs, catalogue, measured, decision, onDisk, bundles: previous!.bundles!, photos, early: undefined }
    // New bundles redo every page, and the fingerprints are then needed only for the next build: made now if the
    // bundler is still at work (this thread would otherwise wait) and the decision is made, else while the render threads work.
    const early = bundled || !measured ? undefined : await fingerprints(catalogue, decision, onDisk)
    // Until the bundles are done, the files of pages not on disk yet are created, empty: on this machine's disk,
    // creating files shortly after many were deleted (an emptied dist/) costs seconds of kernel time, which bundling
    // then hides. Rendering creates the files still missing.
    const bundlesDone = new AbortController()
    const ready = performance.now()
    const files = pagePaths(catalogue).map(fileForPath)
    const [run] = await Promise.all([bundler.run.finally(() => bundlesDone.abort()), createMissingFiles(outDir, files, onDisk, bundlesDone.signal)])
    // The bundler's own time, from the start, and how long the build waited for it once the data was ready.
    steps.push(`bundles ${run.seconds.toFixed(1)} s from the start`, `waiting for the bundles ${((performance.now() - ready) / 1000).toFixed(1)} s`)
    removeStaleFiles(dist, others, run)
    return { inputs, catalogue, measured, decision, onDisk, bundles: run.bundles, photos, early }
  }

  // Each page's fingerprint (its code and props): pages whose file holds what the same fingerprint made last time are
  // left as they are. New bundles (new code) redo every page: the fingerprints, then needed only for the next build,
  // were made while the bundler worked, or are computed while the render threads work.
  const fingerprint = (final: IndexDecision) => fingerprints(catalogue, final, onDisk)
  let fingerprinted = bundler ? undefined : await fingerprint(decision)
  const todo = fingerprinted
    ? fingerprinted.files.flatMap((file, i) => (lastPages?.get(file) === fingerprinted!.fingerprints[i] && onDisk.has(file) ? [] : [i]))
    : Array.from({ length: pageCount(catalogue) }, (_, i) => i)
  // Until the pages to do are written, the state does not vouch for them: a build killed half-way redoes them. New
  // bundles: a state of no page; otherwise the pages to do are marked (state.ts). (With nothing to do, the state is
  // written once, at the end, if it changed.) A group is skipped next time only if all its pages are vouched for
  // (fingerprints.ts).
  const marked = fingerprinted !== undefined && todo.length > 0
  if (!fingerprinted) writeState(dist, { bundles, pages: NO_PAGES, groups: {} })
  else if (marked)
    markRewriting(
      dist,
      todo.map((i) => fingerprinted!.files[i]!),
    )

  // What the render threads are given to render pages by `by` (a decision travels to them as its list of keys).
  const job = (by: IndexDecision): RenderJob => ({ inputs, assetTags: bundles.assetTags, outDir, outOfIndex: [...by.out] })
  if (todo.length > 0) log(`rendering ${todo.length} of ${pageCount(catalogue)} pages...`)
  const rendering = step('pages', () =>
    renderPages(job(decision), catalogue, decision, todo, (done) => log(`  rendered ${done} of ${todo.length} pages...`), threads, fingerprinted?.toRender),
  )
  void rendering.catch(() => undefined) // awaited below
  // Meanwhile (the render threads at work), this thread measures if still to do (a render thread renders the pages by
  // the provisional decision), makes the fingerprints if still to do and the files that do not depend on the pages,
  // then renders pages too (renderPages.ts).
  let final = decision
  try {
    if (!measured) {
      // Synchronous: the render thread renders meanwhile; this thread's own share of the pages starts after.
      const index = await step('search index, beside the render', () => measureWithKept(catalogue, root, code, remember))
      publishIndex(index, catalogue.site.siteUrl)
      final = indexDecision(index)
    }
    fingerprinted ??= early ?? (await fingerprint(final))
    const { sitemap } = fingerprinted
    await step('site files', () => writeSiteFiles(outDir, catalogue, log, { dates, sitemap }))
  } catch (error) {
    await rendering.catch(() => undefined) // no render thread outlives the build
    throw error
  }
  const rendered = await rendering
  // The pages the measure decided otherwise than the provisional decision they were rendered by, rendered again (their
  // <head>: robots, hreflang). Counted as changed even where they come back to the bytes they had before this build.
  const again = final === decision ? [] : pagesDecidedOtherwise(catalogue, decision, final)
  if (again.length > 0) {
    log(
      `rendering again ${again.length} page${again.length === 1 ? '' : 's'}: the search index's measure, made meanwhile, decided ${again.length === 1 ? 'it' : 'them'} otherwise than first guessed...`,
    )
    const fixed = await step('pages again', () => renderPages(job(final), catalogue, final, again))
    const written = new Set(rendered.written)
    for (const file of fixed.written) if (!written.has(file)) rendered.written.push(file)
  }
  const pages: PageList = { files: fingerprinted.files, fingerprints: fingerprinted.fingerprints }
  const made = new Set(pages.files)
  const removed = [...onDisk].filter((file) => !made.has(file))
  for (const file of removed) rmSync(path.join(outDir, file), { force: true })
  if (removed.length > 0) log(`removed ${removed.length} page${removed.length === 1 ? '' : 's'} the data no longer makes: ${urlList(removed)}`)
  // The pages an edit changed, by URL (a build of every page says only how many).
  if (rendered.written.length > 0 && rendered.written.length < fingerprinted.files.length)
    log(`changed ${rendered.written.length} page${rendered.written.length === 1 ? '' : 's'}: ${urlList(rendered.written)}`)

  const files = countFiles(outDir)
  // Written when it changed, and whenever pages were marked (writeState takes the mark off).
  if (marked || !sameState(previous, bundles, pages, fingerprinted.groups)) writeState(dist, { bundles, pages, groups: fingerprinted.groups })

  const seconds = (performance.now() - started) / 1000
  const unchanged = fingerprinted.files.length - rendered.written.length
  log(
    `build done in ${seconds.toFixed(1)} s: ${fingerprinted.files.length} pages, ${rendered.written.length} changed, ${unchanged} unchanged` +
      `${removed.length ? `, ${removed.length} removed` : ''}; ${files} files in dist/client (${steps.join(', ')})`,
  )
  return {
    catalogue,
    pages: fingerprinted.files.length,
    changed: rendered.written,
    unchanged,
    removed,
    bundled: !!bundler,
    bundlesFrom: !bundler ? 'dist' : bundler.kept ? 'kept' : 'bundler',
    photos: { made: photos.made, cached: photos.cached },
    seconds,
  }
}

/** Pages' files as their URLs, the first `max` of them (in order), then how many more. */
function urlList(files: readonly string[], max = 20): string {
  const urls = [...files].sort().slice(0, max).map(pathForFile)
  return `${urls.join(', ')}${files.length > max ? ` and ${files.length - max} more` : ''}`
}

const NO_PHOTOS: PhotoRun = { images: {}, files: new Map(), made: 0, cached: 0 }

const NO_PAGES: PageList = { files: [], fingerprints: [] }

/**
 * Creates, empty, the file of every page that has none, until `signal` stops it; the pages are written over them
 * later. In slices of plain system calls, yielding between slices (so that the bundler's end is heard within one).
 */
async function createMissingFiles(outDir: string, files: readonly string[], onDisk: Set<string>, signal: AbortSignal) {
  const folders = new Set<string>()
  for (let from = 0; from < files.length && !signal.aborted; from += CREATE_SLICE) {
    for (const file of files.slice(from, from + CREATE_SLICE)) {
      if (onDisk.has(file)) continue
      const folder = path.dirname(path.join(outDir, file))
      if (!folders.has(folder)) mkdirSync(folder, { recursive: true })
      folders.add(folder)
      closeSync(openSync(path.join(outDir, file), 'a'))
    }
    await setImmediate()
  }
}

/** Files created between two looks at whether the bundles are done: a few milliseconds' work, more on a slow disk. */
const CREATE_SLICE = 100

/**
 * The files under the build folder, as paths relative to it: the pages (.html files), and the others (the bundles,
 * the copies of public/, the files written after the pages).
 */
function listFiles(outDir: string): { pages: Set<string>; others: string[] } {
  const relative = filesIn(outDir)
  return { pages: new Set(relative.filter((file) => file.endsWith('.html'))), others: relative.filter((file) => !file.endsWith('.html')) }
}

/**
 * The bundles for this code: those kept for it (copied now), or the bundler, started: what it makes (then kept), with
 * the seconds it took from its start, and a way to stop it (its process is killed) when the build fails elsewhere.
 */
function startBundler(code: string, root: string, outDir: string) {
  const kept = restoreKeptBundles(code, root, outDir)
  if (kept) return { run: Promise.resolve({ ...kept, seconds: 0 }), stop: () => undefined, kept: true }
  const stopped = new AbortController()
  const started = performance.now()
  const run = buildBundles(code, root, stopped.signal).then((made) => {
    keepBundles(made, root, outDir)
    return { ...made, seconds: (performance.now() - started) / 1000 }
  })
  // Awaited once the data is ready; if the data fails first, this failure is not the one to report.
  void run.catch(() => undefined)
  return { run, stop: () => stopped.abort(), kept: false }
}
