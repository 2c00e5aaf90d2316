import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { loadMigrated } from '../function/helpers/pglite'

/**
 * Once for the browser tests: an empty local quote database, the migrated one the integration tests saved (made first
 * if there is none), written to a data folder; each test file's `npm start` then starts from a copy of it
 * (emptyDatabase() in localServer.ts) instead of making its own (~10 s, initdb in WebAssembly). The watch test still makes its own, as on a first
 * start: it saves a data file while the database is being made.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'quote-e2e-database-'))
  const database = path.join(dir, 'pglite')
  await (await loadMigrated(database)).close()
  project.provide('emptyDatabase', database)
  return () => rmSync(dir, { recursive: true, force: true })
}
