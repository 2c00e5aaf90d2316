import { rmSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startLocalServer } from './localServer'

/**
 * Once for the browser tests: `npm start` on an empty data folder, as on a first start, makes the local quote database
 * (~10 s); each test file's server then starts from a copy of it (emptyDatabase() in localServer.ts) instead of making
 * its own. The watch test still makes its own: it saves a data file while the database is being made.
 */
export default async function setup(project: TestProject) {
  const site = await startLocalServer()
  await site.stop()
  project.provide('emptyDatabase', path.join(site.dataDir, 'pglite'))
  return () => rmSync(site.dataDir, { recursive: true, force: true })
}
