// `npm run check:data`: scripts/check-data.ts, compiled (src/build/compiled.mjs) and run: Node loads one file instead
// of some 900 modules through tsx's loader thread.
import './lib/supportedNode.mjs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { compiled } from '../src/build/compiled.mjs'

const dir = await compiled({ checkData: 'scripts/check-data.ts' })
await import(pathToFileURL(path.join(dir, 'checkData.mjs')).href)
