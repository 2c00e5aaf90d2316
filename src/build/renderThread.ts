// A thread of the build: renderPages.ts starts it as renderWorker.mjs to render pages, measureThread.ts to measure
// groups of the search index; renderWorker.mjs is this file compiled (compiled.mjs, `npm run build`) or, when the build
// runs from source (tests, tsx), src/build/renderWorker.mjs.
import './productionMode'
import { parentPort, workerData } from 'node:worker_threads'
import { serveMeasureThread, type MeasureThreadData } from './measureThread'
import { serveRenderThread, type ThreadData } from './renderPages'

if ((workerData as Partial<MeasureThreadData>).measure) serveMeasureThread(parentPort!, workerData as MeasureThreadData)
else serveRenderThread(parentPort!, workerData as ThreadData)
