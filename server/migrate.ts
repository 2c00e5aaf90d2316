import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SqlDatabase } from '../supabase/functions/send-contact-email/store'

export const MIGRATIONS_DIR = fileURLToPath(new URL('../supabase/migrations', import.meta.url))

/**
 * Applies supabase/migrations/*.sql in order, each once, to a local database (PGlite, a test
 * cluster). On Supabase the CLI applies them (`supabase db push`) and tracks them itself.
 */
export async function applyMigrations(db: SqlDatabase, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec('create table if not exists local_migrations (file text primary key, applied_at timestamptz not null default now())')
  const { rows } = await db.query<{ file: string }>('select file from local_migrations')
  const applied = new Set(rows.map((r) => r.file))
  const pending = readdirSync(dir)
    .filter((f) => f.endsWith('.sql') && !applied.has(f))
    .sort()
  for (const file of pending) {
    await db.transaction(async (tx) => {
      await tx.exec(readFileSync(path.join(dir, file), 'utf8'))
      await tx.query('insert into local_migrations (file) values ($1)', [file])
    })
  }
  return pending
}
