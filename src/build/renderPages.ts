import os from 'node:os'
import path from 'node:path'
import { type MessagePort, Worker } from 'node:worker_threads'
import { assembleCatalogue, type Catalogue, type CatalogueInputs } from '../catalog/index'
import { entryAt, type PageEntry } from '../pages/entries'
import type { IndexDecision } from '../pages/searchStatus'
import { renderHtml } from '../pages/renderHtml'
import { PageEncoder, type PageAssetTags } from './assetTags'
import { BATCH, IN_PROCESS_MAX, RENDER_THREAD_YOUNG_MB } from './tuning'
import { writePage } from './writePage'

/** What a render job needs; plain data, so that worker threads can take it. */
export interface RenderJob {
  inputs: CatalogueInputs
  assetTags: PageAssetTags
  /** The build folder (dist/client). */
  outDir: string
  /** The keys of the city pages kept out of search engines' index: decided once, by the build's thread (src/pages/searchStatus.ts). */
  outOfIndex: readonly string[]
}

export interface RenderResult {
  /** Files whose bytes changed (written). */
  written: string[]
  /** Pages rendered to the bytes their file already held (not written). */
  unchanged: number
}

/** A page that could not be rendered, named by its URL. */
export class PageRenderError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`could not render ${url}: ${reason}`)
    this.name = 'PageRenderError'
  }
}

/** Renders one page and writes it if its bytes changed; returns whether it wrote. One encoder per thread. */
function renderEntry(entry: PageEntry, job: RenderJob, encoder: PageEncoder): boolean {
  const tags = job.assetTags[entry.vikePage]
  if (!tags) throw new PageRenderError(entry.path, `no bundle tags for the Vike page "${entry.vikePage}"`)
  let html: Buffer
  try {
    html = encoder.encode(tags, renderHtml(entry.props))
  } catch (error) {
    throw new PageRenderError(entry.path, error instanceof Error ? (error.stack ?? error.message) : String(error))
  }
  return writePage(path.join(job.outDir, entry.file), html)
}

const PROGRESS_EVERY = 2000

/** What a render thread is given: the job, the pages to do, and the counters from which the threads take them. */
export interface ThreadData {
  job: RenderJob
  indices: number[]
  /** The counters of takeBatch(), shared by the threads. */
  next: SharedArrayBuffer
}
type FromWorker = Batch | { error: string; url?: string }

/** The counters of takeBatch(), at zero, to share between threads. */
export const batchCounters = () => new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT)

/**
 * The start in `indices` of the next batch to render, or -1 when none is left. `counters`: how many batches were taken,
 * how many from the front, how many from the back. The build's own thread takes them from the front (the site's other
 * pages first: their list is made once per catalogue, which this thread has already), worker threads from the back
 * (city pages: a worker never makes the other pages' list, which costs it ~0.15 s).
 */
function takeBatch(counters: Int32Array, length: number, from: 'front' | 'back'): number {
  const batches = Math.ceil(length / BATCH)
  if (Atomics.add(counters, 0, 1) >= batches) return -1
  const taken = Atomics.add(counters, from === 'front' ? 1 : 2, 1)
  return (from === 'front' ? taken : batches - 1 - taken) * BATCH
}

/** What rendering a batch came to. */
type Batch = { done: number; written: string[]; unchanged: number }

/** Renders and writes the batch of `indices` from `start`; a page that fails throws a PageRenderError naming its URL. */
function renderBatch(entryOf: (index: number) => PageEntry, job: RenderJob, encoder: PageEncoder, indices: number[], start: number): Batch {
  const batch: Batch = { done: 0, written: [], unchanged: 0 }
  for (const index of indices.slice(start, start + BATCH)) {
    const entry = entryOf(index)
    try {
      if (renderEntry(entry, job, encoder)) batch.written.push(entry.file)
      else batch.unchanged++
    } catch (error) {
      throw error instanceof PageRenderError ? error : new PageRenderError(entry.path, error instanceof Error ? (error.stack ?? error.message) : String(error))
    }
    batch.done++
  }
  return batch
}

/**
 * Renders the pages at `indices` of `pageEntries(catalogue)` (each made from its position: entryAt, or taken from
 * `made`, the pages the fingerprint pass made already) in this thread and in `threads - 1` worker threads (by
 * default one per other core, none for a few pages), all taking batches from shared counters (takeBatch) and writing
 * each batch as soon as it is rendered. Nothing keeps a page once written.
 * This thread has the code and the catalogue already, so it starts at once, and takes a worker's memory and start-up
 * off the build (a worker loads the code and assembles the catalogue first); between its batches it yields, to hear
 * from the workers.
 */
export function renderPages(
  job: RenderJob,
  catalogue: Catalogue,
  decision: IndexDecision,
  indices: number[],
  onProgress: (done: number) => void = () => undefined,
  threads = Math.min(os.availableParallelism(), Math.ceil(indices.length / IN_PROCESS_MAX)),
  made = new Map<number, PageEntry>(),
): Promise<RenderResult> {
  const threadCount = Math.max(1, threads) // this thread always takes part (no page to do: it finishes at once)
  const result: RenderResult = { written: [], unchanged: 0 }
  const data: ThreadData = { job, indices, next: batchCounters() }
  const counters = new Int32Array(data.next)
  let done = 0
  let reported = 0
  const workers: Worker[] = []
  return new Promise<RenderResult>((resolve, reject) => {
    let running = threadCount
    let failed = false
    const fail = (error: Error) => {
      if (failed) return
      failed = true
      for (const w of workers) void w.terminate()
      reject(error)
    }
    const finished = () => {
      if (--running === 0 && !failed) resolve(result)
    }
    const record = (batch: Batch) => {
      done += batch.done
      result.written.push(...batch.written)
      result.unchanged += batch.unchanged
      if (done - reported >= PROGRESS_EVERY && done < indices.length) onProgress((reported = done - (done % PROGRESS_EVERY)))
    }
    for (let i = 1; i < threadCount; i++) {
      const worker = new Worker(new URL('./renderWorker.mjs', import.meta.url), {
        workerData: data,
        resourceLimits: { maxYoungGenerationSizeMb: RENDER_THREAD_YOUNG_MB },
      })
      workers.push(worker)
      worker.on('message', (message: FromWorker) => {
        if ('error' in message) return fail(message.url ? new PageRenderError(message.url, message.error) : new Error(message.error))
        record(message)
      })
      worker.on('error', fail)
      worker.on('exit', (code) => {
        if (code !== 0) return fail(new Error(`a render thread stopped (exit code ${code})`))
        finished()
      })
    }
    // This thread's share, each page made from its position, as in the render threads, unless already `made`.
    const encoder = new PageEncoder()
    const entryOf = (index: number) => {
      const entry = made.get(index)
      if (!entry) return entryAt(catalogue, decision, index)
      made.delete(index) // dropped once rendered
      return entry
    }
    const next = () => {
      if (failed) return
      const start = takeBatch(counters, indices.length, 'front')
      if (start < 0) return finished()
      try {
        record(renderBatch(entryOf, job, encoder, indices, start))
      } catch (error) {
        return fail(error as Error)
      }
      setImmediate(next)
    }
    setImmediate(next)
  })
}

/**
 * The body of a render thread (started through renderWorker.mjs, which registers TypeScript support): takes batches
 * of pages from the shared counters until none are left, without waiting for the main thread (which may be busy),
 * and reports each batch.
 */
export function serveRenderThread(port: MessagePort, { job, indices, next }: ThreadData) {
  let catalogue: Catalogue
  try {
    catalogue = assembleCatalogue(job.inputs)
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies FromWorker)
    return
  }
  const encoder = new PageEncoder()
  const decision: IndexDecision = { out: new Set(job.outOfIndex) }
  // Each page made from its position: the pages' models (about 2 MB) made once per thread, each page's props one at a time.
  const entryOf = (index: number) => entryAt(catalogue, decision, index)
  const counters = new Int32Array(next)
  for (let start = takeBatch(counters, indices.length, 'back'); start >= 0; start = takeBatch(counters, indices.length, 'back')) {
    try {
      port.postMessage(renderBatch(entryOf, job, encoder, indices, start) satisfies FromWorker)
    } catch (error) {
      const failed = error as PageRenderError
      port.postMessage({ error: failed.reason, url: failed.url } satisfies FromWorker)
      return
    }
  }
}
