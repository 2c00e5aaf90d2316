// A render thread of the build run from source (tests, tsx): worker threads do not inherit the TypeScript loader of
// the process that starts them, so this plain module registers it, then runs the thread (renderThread.ts). `npm run
// build` runs the compiled build (compiled.mjs), where renderWorker.mjs is renderThread.ts compiled.
import { register } from 'tsx/esm/api'

register()
await import('./renderThread.ts')
