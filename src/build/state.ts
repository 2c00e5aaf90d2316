import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { Bundles } from './bundles'
import type { GroupSummary } from './fingerprints'
import { writeWhole } from '../files/writeWhole'

/**
 * What the last build left in dist/, so that the next one redoes only what changed: the code it was built from,
 * its bundles, and the fingerprint of every page it wrote (build.ts).
 */
export interface BuildState {
  version: typeof STATE_VERSION
  bundles?: Bundles
  /** Every page the state vouches for, and the fingerprint of the code and data it was made from. */
  pages: PageList
  /** Each city's group of city-service pages (fingerprints.ts): skipped by the next build when unchanged. */
  groups?: Record<string, GroupSummary>
}

/** Page files and their fingerprints, in the same order. */
export interface PageList {
  files: readonly string[]
  fingerprints: readonly string[]
}

/**
 * The state file: the pages as two texts of one line per page (files, fingerprints), not an object of 15,000 keys,
 * which is several times slower to read and write.
 */
interface StateFile {
  version: typeof STATE_VERSION
  bundles?: Bundles
  groups?: Record<string, GroupSummary>
  files: string
  fingerprints: string
}

const STATE_VERSION = 3
const STATE_FILE = 'build-state.json'
/**
 * The pages a build is rewriting, written before it starts (one line per file): until the build ends, the state does
 * not vouch for them, so that a build killed half-way redoes them. A few hundred names instead of the whole state
 * written again (~20 ms of a one-row edit).
 */
const REWRITING_FILE = 'build-rewriting.txt'

export function readState(dist: string): BuildState | undefined {
  try {
    const { version, bundles, groups, files, fingerprints } = JSON.parse(readFileSync(path.join(dist, STATE_FILE), 'utf8')) as StateFile
    if (version !== STATE_VERSION) return undefined
    const pages = { files: files === '' ? [] : files.split('\n'), fingerprints: fingerprints === '' ? [] : fingerprints.split('\n') }
    if (pages.files.length !== pages.fingerprints.length) return undefined
    const rewriting = readRewriting(dist)
    if (rewriting.size === 0) return { version, bundles, groups, pages }
    const kept = pages.files.flatMap((file, i) => (rewriting.has(file) ? [] : [i]))
    return { version, bundles, groups, pages: { files: kept.map((i) => pages.files[i]!), fingerprints: kept.map((i) => pages.fingerprints[i]!) } }
  } catch {
    return undefined
  }
}

function readRewriting(dist: string): Set<string> {
  try {
    return new Set(readFileSync(path.join(dist, REWRITING_FILE), 'utf8').split('\n').filter(Boolean))
  } catch {
    return new Set()
  }
}

/**
 * Takes the vouching of the state from these pages until the build ends (writeState): written before a build with a
 * state rewrites them. With pages already marked (a build killed before), both sets are kept.
 */
export function markRewriting(dist: string, files: readonly string[]) {
  const marked = readRewriting(dist)
  writeWhole(path.join(dist, REWRITING_FILE), [...marked, ...files.filter((file) => !marked.has(file))].join('\n'))
}

/** Page file → fingerprint. */
export function fingerprintsByFile({ files, fingerprints }: PageList): Map<string, string> {
  const byFile = new Map<string, string>()
  for (let i = 0; i < files.length; i++) byFile.set(files[i]!, fingerprints[i]!)
  return byFile
}

/** Replaces the state file in one step, so that a build killed half-way never leaves half a file. */
export function writeState(dist: string, { bundles, pages, groups }: Omit<BuildState, 'version'>) {
  const state: StateFile = { version: STATE_VERSION, bundles, groups, files: pages.files.join('\n'), fingerprints: pages.fingerprints.join('\n') }
  // Its temporary file is named by process and thread: two builds of one folder at once (two `npm start`s) each write their own.
  writeWhole(path.join(dist, STATE_FILE), JSON.stringify(state))
  // The state now vouches for exactly its pages.
  rmSync(path.join(dist, REWRITING_FILE), { force: true })
}

/** Whether a state holds these bundles, exactly these pages' fingerprints and these groups (nothing to write). */
export function sameState(state: BuildState | undefined, bundles: Bundles, pages: PageList, groups: Record<string, GroupSummary>): boolean {
  if (!state || JSON.stringify(state.bundles) !== JSON.stringify(bundles) || JSON.stringify(state.groups) !== JSON.stringify(groups)) return false
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i])
  return same(state.pages.files, pages.files) && same(state.pages.fingerprints, pages.fingerprints)
}
