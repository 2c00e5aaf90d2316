import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { keptMeasurePath } from '../../src/build/keptMeasure'
import { writeWhole } from '../../src/files/writeWhole'

/** The project's kept measure; its copy is at the same path under the folder the suite is given. */
const KEPT = keptMeasurePath('.')

/**
 * Puts the measure the build kept back in the project (from the suite's copy `root`, when there is one): before a
 * `npm run check:data` run of the tests, so that it measures only what its edit changes, not what the last run's did.
 */
export function putBackKeptMeasure(root: string) {
  if (existsSync(keptMeasurePath(root))) writeWhole(KEPT, readFileSync(keptMeasurePath(root)))
}

/**
 * Once per suite, before its files: a copy of the search index's measure that `npm run build` kept
 * (node_modules/.cache/kept/search-measure.bin), in a folder laid out as a project's, for ./keptMeasure.ts to start
 * each worker from. A copy, because the tests' `npm run check:data` runs and builds in copies of the project (which
 * share its node_modules) write their edits' measure over the file; put back after the suite, so that the next
 * `npm start` or build of the site's data (the browser tests' servers) does not measure its 8,000 pages again.
 */
export default function setup(project: TestProject) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'kept-measure-'))
  if (existsSync(KEPT)) {
    mkdirSync(path.dirname(keptMeasurePath(root)), { recursive: true })
    copyFileSync(KEPT, keptMeasurePath(root))
  }
  project.provide('keptMeasureRoot', root)
  return () => {
    putBackKeptMeasure(root)
    rmSync(root, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    keptMeasureRoot: string
  }
}
