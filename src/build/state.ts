import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Bundles } from './bundles'
import type { GroupSummary } from './fingerprints'
import { writeWhole } from './writePage'

/**
 * What the last build left in dist/, so that the next one redoes only what changed: the code it was built from,
 * its bundles, and the fingerprint of every page it wrote (build.ts).
 */
export interface BuildState {
  version: typeof STATE_VERSION
  bundles?: Bundles
  /** Page file → fingerprint of the code and data it was made from. */
  pages: Record<string, string>
  /** Each city's group of city-service pages (fingerprints.ts): skipped by the next build when unchanged. */
  groups?: Record<string, GroupSummary>
}

const STATE_VERSION = 2
const STATE_FILE = 'build-state.json'

export function readState(dist: string): BuildState | undefined {
  try {
    const state = JSON.parse(readFileSync(path.join(dist, STATE_FILE), 'utf8')) as BuildState
    return state.version === STATE_VERSION ? state : undefined
  } catch {
    return undefined
  }
}

/** Replaces the state file in one step, so that a build killed half-way never leaves half a file. */
export function writeState(dist: string, state: Omit<BuildState, 'version'>) {
  // Its temporary file is named by process and thread: two builds of one folder at once (two `npm start`s) each write their own.
  writeWhole(path.join(dist, STATE_FILE), JSON.stringify({ version: STATE_VERSION, ...state }))
}

/** Whether a state holds these bundles, exactly these pages' fingerprints and these groups (nothing to write). */
export function sameState(state: BuildState | undefined, bundles: Bundles, pages: Record<string, string>, groups: Record<string, GroupSummary>): boolean {
  if (!state || JSON.stringify(state.bundles) !== JSON.stringify(bundles) || JSON.stringify(state.groups) !== JSON.stringify(groups)) return false
  const files = Object.keys(pages)
  return files.length === Object.keys(state.pages).length && files.every((file) => state.pages[file] === pages[file])
}
