// `npm run build`: scripts/build.ts, compiled with the render thread (src/build/compiled.mjs) and run.
import './lib/supportedNode.mjs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { compiled } from '../src/build/compiled.mjs'

const dir = await compiled({ build: 'scripts/build.ts', renderWorker: 'src/build/renderThread.ts' })
await import(pathToFileURL(path.join(dir, 'build.mjs')).href)
