// The second thread of a build with little to do (the code unchanged: no bundling, few pages to render). Such a build
// spends most of its time on a pass over every page (its fingerprint, its sitemap entry: fingerprints.ts) and on the
// pages to render, one core at a time. The helper is started as the build starts, so that it loads the code while the
// build reads the data; it then makes the catalogue from the same inputs and takes slices of the pass, and then of the
// pages to render (renderPages.ts), from the end, while the build's own thread takes them from the start: on a machine
// whose other core is busy, the build's thread simply does more of them.
import { type MessagePort, Worker } from 'node:worker_threads'
import { assembleCatalogue, type Catalogue, type CatalogueInputs } from '../catalog/index'
import { joinSummaries, pageSummaries, type PageSummaries } from './fingerprints'
import { batchCounters, renderShare, takeBatch, type RenderMessage, type ThreadData } from './renderPages'
import { RENDER_THREAD_YOUNG_MB } from './tuning'

/** Pages of the pass taken at a time, by either thread: ~10 ms of work. */
const PASS_SLICE = 400

/** What the build asks its helper. */
type ToHelper = { kind: 'summaries'; inputs: CatalogueInputs; code: string; count: number; counters: SharedArrayBuffer } | { kind: 'render'; data: ThreadData }

/** What the helper answers: slices of the pass, then the render thread's messages (renderPages.ts), each ended by a "done". */
type FromHelper =
  { kind: 'slice'; start: number; summaries: PageSummaries } | { kind: 'summarised' } | RenderMessage | { kind: 'rendered' } | { kind: 'failed'; error: string }

/** The helper, seen from the build's thread. */
export interface HelperThread {
  /** The pass over every page of the catalogue these inputs make (`count` pages), this thread and the helper sharing it. */
  passWith(catalogue: Catalogue, inputs: CatalogueInputs, code: string, count: number): Promise<PageSummaries>
  /**
   * Renders pages of `data` as a render thread does (batches from the back), calling `onMessage` with each of its
   * messages; resolves once it takes no more.
   */
  render(data: ThreadData, onMessage: (message: RenderMessage) => void): Promise<void>
  /** Stops the thread (at the end of the build, or when it fails). */
  close(): Promise<void>
}

/** Starts the helper (renderWorker.mjs, in its helper role). */
export function startHelper(): HelperThread {
  const worker = new Worker(new URL('./renderWorker.mjs', import.meta.url), {
    workerData: { role: 'helper' },
    resourceLimits: { maxYoungGenerationSizeMb: RENDER_THREAD_YOUNG_MB },
  })
  let listener: ((message: FromHelper) => void) | undefined
  let failure: ((error: Error) => void) | undefined
  let stopped: Error | undefined
  const stop = (error: Error) => {
    stopped ??= error
    failure?.(error)
  }
  worker.on('message', (message: FromHelper) => listener?.(message))
  worker.on('error', stop)
  worker.on('exit', (code) => stop(new Error(`the build's helper thread stopped (exit code ${code})`)))
  /** Sends a request and resolves with the answer `accept` returns (undefined: not the last message yet). */
  const ask = <T>(request: ToHelper, accept: (message: Exclude<FromHelper, { kind: 'failed' }>) => { value: T } | undefined) =>
    new Promise<T>((resolve, reject) => {
      if (stopped) return reject(stopped)
      failure = reject
      listener = (message) => {
        if (message.kind === 'failed') return reject(new Error(message.error))
        const answer = accept(message)
        if (answer) resolve(answer.value)
      }
      worker.postMessage(request)
    })
  return {
    passWith: async (catalogue, inputs, code, count) => {
      const counters = batchCounters()
      const shared = new Int32Array(counters)
      const slices = new Map<number, PageSummaries>()
      // How many slices the helper took, known once this thread has none left to take: those are awaited, no more.
      let taken = -1
      let received = 0
      const theirs = ask({ kind: 'summaries', inputs, code, count, counters }, (message) => {
        if (message.kind === 'slice') slices.set(message.start, message.summaries)
        return message.kind === 'summarised' || (message.kind === 'slice' && ++received === taken) ? { value: undefined } : undefined
      })
      void theirs.catch(() => undefined) // awaited below
      for (let start = takeBatch(shared, count, 'front', PASS_SLICE); start >= 0; start = takeBatch(shared, count, 'front', PASS_SLICE))
        slices.set(start, pageSummaries(catalogue, code, start, Math.min(start + PASS_SLICE, count)))
      // (No message was handled meanwhile: this thread was busy.) A helper still starting took none: not waited for.
      taken = Atomics.load(shared, 2)
      if (taken > 0) await theirs.catch(() => undefined)
      // A slice the helper took and never sent (it stopped): made here.
      for (let start = 0; start < count; start += PASS_SLICE)
        if (!slices.has(start)) slices.set(start, pageSummaries(catalogue, code, start, Math.min(start + PASS_SLICE, count)))
      return joinSummaries([...slices].sort(([a], [b]) => a - b).map(([, summaries]) => summaries))
    },
    render: (data, onMessage) =>
      ask({ kind: 'render', data }, (message) => {
        if (message.kind === 'rendered') return { value: undefined }
        if (message.kind === 'batch' || message.kind === 'error') onMessage(message)
        return undefined
      }),
    close: async () => {
      listener = undefined
      failure = undefined
      stopped ??= new Error('the helper thread was closed')
      await worker.terminate()
    },
  }
}

/** The helper's side: the catalogue made once from the build's inputs, then each request answered in turn. */
export function serveHelperThread(port: MessagePort) {
  let catalogue: Catalogue | undefined
  port.on('message', (request: ToHelper) => {
    try {
      if (request.kind === 'summaries') {
        const { code, count } = request
        catalogue = assembleCatalogue(request.inputs)
        const counters = new Int32Array(request.counters)
        for (let start = takeBatch(counters, count, 'back', PASS_SLICE); start >= 0; start = takeBatch(counters, count, 'back', PASS_SLICE))
          port.postMessage({ kind: 'slice', start, summaries: pageSummaries(catalogue, code, start, Math.min(start + PASS_SLICE, count)) } satisfies FromHelper)
        port.postMessage({ kind: 'summarised' } satisfies FromHelper)
      } else {
        if (!catalogue) throw new Error('the helper thread was asked to render before it had the catalogue')
        renderShare(port, catalogue, request.data)
        port.postMessage({ kind: 'rendered' } satisfies FromHelper)
      }
    } catch (error) {
      port.postMessage({ kind: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies FromHelper)
    }
  })
}
