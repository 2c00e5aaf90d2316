import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { writeWhole } from '../../src/build/writePage'

/**
 * Once per suite, before its files: a copy of the search index's measure that `npm run build` kept
 * (node_modules/.cache/kept/search-measure.bin), in a folder laid out as a project's, for ./keptMeasure.ts to start
 * each worker from. A copy, because the tests' `npm run check:data` runs and builds in copies of the project (which
 * share its node_modules) write their edits' measure over the file; put back after the suite, so that the next
 * `npm start` or build of the site's data (the browser tests' servers) does not measure its 8,000 pages again.
 */
export default function setup(project: TestProject) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'kept-measure-'))
  const file = path.join('node_modules', '.cache', 'kept', 'search-measure.bin')
  const kept = existsSync(file)
  if (kept) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    copyFileSync(file, path.join(root, file))
  }
  project.provide('keptMeasureRoot', root)
  return () => {
    if (kept) writeWhole(file, readFileSync(path.join(root, file)))
    rmSync(root, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    keptMeasureRoot: string
  }
}
