import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { applyMigrations, MIGRATIONS_DIR } from '../../../server/migrate'
import { wrapPglite } from '../../../server/pglite'
import type { SqlDatabase } from '../../../supabase/functions/send-contact-email/store'

/**
 * An in-memory PGlite with the migrations applied. Creating a database takes ~8 s (initdb in
 * WebAssembly), so the migrated one is saved once per migration set and loaded (~1 s) after that.
 */
export async function migratedPglite(): Promise<SqlDatabase> {
  return wrapPglite(await loadMigrated())
}

/** The saved migrated database, loaded: in memory, or written to the data folder `dataDir` (empty or missing). */
export async function loadMigrated(dataDir?: string): Promise<PGlite> {
  return PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(await migratedSnapshot())]) })
}

/** The saved migrated database (PGlite's `dumpDataDir()`, gzipped), made first if there is none for these migrations. */
async function migratedSnapshot(): Promise<string> {
  const hash = createHash('sha256')
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)))
  hash.update(readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json')))
  const snapshot = path.join(os.tmpdir(), `quote-pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`)
  if (!existsSync(snapshot)) {
    const fresh = await PGlite.create()
    await applyMigrations(wrapPglite(fresh))
    const dump = await fresh.dumpDataDir('gzip')
    await fresh.close()
    const temporary = `${snapshot}.${process.pid}.tmp`
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()))
    renameSync(temporary, snapshot)
  }
  return snapshot
}

export async function truncate(db: SqlDatabase): Promise<void> {
  await db.exec('truncate quote_requests restart identity')
}
