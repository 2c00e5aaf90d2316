// A render thread of the build: renderPages.ts starts it as renderWorker.mjs, which is this file compiled
// (compiled.mjs, `npm run build`) or, when the build runs from source (tests, tsx), src/build/renderWorker.mjs.
import './productionMode'
import { parentPort, workerData } from 'node:worker_threads'
import { serveRenderThread, type ThreadData } from './renderPages'

serveRenderThread(parentPort!, workerData as ThreadData)
