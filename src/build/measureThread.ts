import { Worker, type MessagePort } from 'node:worker_threads'
import { assembleCatalogue, type CatalogueInputs } from '../catalog/index'
import { catalogueCatchments } from '../geo/catchment'
import { coverageFrameData, setCoverageFrame } from '../geo/coverageMap'
import { wholeGroupMeasure, type GroupHelper, type WholeGroup } from '../seo/searchIndex'
import { keptValues } from './keptValues'
import { pageTextKeys } from './propsHash'
import { RENDER_THREAD_YOUNG_MB } from './tuning'

/**
 * A thread that measures groups of the search index beside the build's own (searchIndexShared): the other core is idle
 * while the build measures a catalogue from nothing (the bundler has finished). It assembles the same catalogue from
 * the same inputs, takes the cities' catchments from what the build kept (`kept`), then takes groups in turn with the
 * build's thread: each group's measure and its pages' text keys.
 */
export interface MeasureThreadData {
  measure: { inputs: CatalogueInputs; kept: { dir: string; code: string }; ids: readonly string[]; counters: SharedArrayBuffer }
}

type FromMeasureThread = { id: string; group: WholeGroup } | { error: string }

/** A GroupHelper running in a worker thread (renderWorker.mjs, which serves either kind of thread). */
export function measureThread(inputs: CatalogueInputs, kept: { dir: string; code: string }): GroupHelper {
  return (ids, counters) =>
    new Promise((resolve, reject) => {
      const groups = new Map<string, WholeGroup>()
      const worker = new Worker(new URL('./renderWorker.mjs', import.meta.url), {
        workerData: { measure: { inputs, kept, ids, counters } } satisfies MeasureThreadData,
        resourceLimits: { maxYoungGenerationSizeMb: RENDER_THREAD_YOUNG_MB },
      })
      let failed: Error | undefined
      worker.on('message', (message: FromMeasureThread) => {
        if ('error' in message) failed ??= new Error(`the measure's thread failed: ${message.error}`)
        else groups.set(message.id, message.group)
      })
      worker.on('error', (error: Error) => void (failed ??= error))
      worker.on('exit', (code) => {
        if (failed || code !== 0) reject(failed ?? new Error(`the measure's thread stopped (exit code ${code})`))
        else resolve(groups)
      })
    })
}

/** The body of a measure thread: takes groups until none is left, and reports each group's measure and keys. */
export function serveMeasureThread(port: MessagePort, { measure: { inputs, kept, ids, counters } }: MeasureThreadData) {
  try {
    const taken = new Int32Array(counters)
    let at = Atomics.add(taken, 0, 1)
    if (at >= ids.length) return
    const catalogue = assembleCatalogue(inputs)
    const remember = keptValues(kept.dir, kept.code)
    // What the build's thread made and kept before it started this one: the cities' catchments, the coverage map's
    // frame (the directory's and the hubs' maps; projecting the outlines again would take this thread ~0.1 s).
    catalogueCatchments(catalogue, remember)
    setCoverageFrame(remember('coverage-map', [], coverageFrameData))
    const textKey = pageTextKeys(catalogue)
    for (; at < ids.length; at = Atomics.add(taken, 0, 1))
      port.postMessage({ id: ids[at]!, group: wholeGroupMeasure(catalogue, ids[at]!, textKey) } satisfies FromMeasureThread)
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies FromMeasureThread)
  }
}
