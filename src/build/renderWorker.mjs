// A render thread of the build (renderPages.ts). Worker threads do not inherit the TypeScript loader of the
// process that starts them, so this plain module registers it, then runs the thread's TypeScript code.
import { parentPort, workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
// React picks its production build (several times faster, same HTML) when NODE_ENV says so as it loads.
process.env.NODE_ENV = 'production'
const { serveRenderThread } = await import('./renderPages.ts')
// eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- workerData is the RenderJob renderPages.ts starts the thread with
serveRenderThread(parentPort, workerData)
