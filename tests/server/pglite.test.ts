import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { applyMigrations, MIGRATIONS_DIR } from '../../server/migrate'
import { openPglite } from '../../server/pglite'
import { createSqlStore } from '../../supabase/functions/send-contact-email/store'

const tmp = mkdtempSync(path.join(os.tmpdir(), 'quote-pglite-'))
const dataDir = path.join(tmp, 'pglite')
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const quote = (key: string) => ({
  name: 'Ada',
  email: 'ada@example.com',
  phone: '',
  service: '',
  message: '',
  page: '',
  city: '',
  serviceSlug: '',
  place: '',
  nearCity: '',
  nearKm: null,
  lang: 'en' as const,
  idempotencyKey: key,
  clientHash: 'c',
  spam: false,
  createdAt: new Date(),
})
const rules = { max: 5, since: new Date(Date.now() - 60_000), leaseUntil: new Date(Date.now() + 60_000) }

describe('openPglite (the local server’s database, on its own thread)', () => {
  it('keeps requests in its data folder across restarts, and lets one process use the folder at a time', async () => {
    // What a first start stopped while it created its database (Ctrl+C) leaves beside the folder: made anew, not used.
    mkdirSync(`${dataDir}.new/base`, { recursive: true })
    writeFileSync(`${dataDir}.new/PG_VERSION`, 'half-made')
    const db = await openPglite(dataDir)
    expect([existsSync(`${dataDir}.new`), existsSync(path.join(dataDir, 'PG_VERSION'))]).toEqual([false, true])
    try {
      expect(await applyMigrations(db)).toEqual([
        expect.stringMatching(/_quote_requests\.sql$/),
        expect.stringMatching(/_quote_lang_and_cron\.sql$/),
        expect.stringMatching(/_quote_place\.sql$/),
        expect.stringMatching(/_quote_typed_place\.sql$/),
      ])
      expect((await createSqlStore(db).admit(quote('persist-key-000000000001'), rules)).outcome).toBe('stored')
      await expect(openPglite(dataDir)).rejects.toThrow(new RegExp(`in use by process ${process.pid}`))
    } finally {
      await db.close()
    }

    const again = await openPglite(dataDir)
    try {
      expect(await applyMigrations(again)).toEqual([])
      expect((await again.query<{ n: number }>('select count(*)::int as n from quote_requests')).rows).toEqual([{ n: 1 }])
    } finally {
      await again.close()
    }
  }, 600_000) // PGlite starts a whole database, twice: minutes on a busy machine; the limit is for a hang

  it('runs transactions: a failure rolls everything back, with the database error passed on', async () => {
    writeFileSync(`${dataDir}.lock`, '999999999') // left behind by a process that no longer runs
    const db = await openPglite(dataDir)
    try {
      await expect(
        db.transaction(async (tx) => {
          await tx.query("insert into quote_requests (name, email, idempotency_key, client_hash) values ('B', 'b@example.com', 'tx-key', 'c')")
          await tx.query('select * from no_such_table')
        }),
      ).rejects.toMatchObject({ message: expect.stringContaining('no_such_table'), code: '42P01' })
      expect((await db.query<{ n: number }>('select count(*)::int as n from quote_requests')).rows).toEqual([{ n: 1 }])
      expect(await db.transaction(async (tx) => (await tx.query<{ x: number }>('select 41 + 1 as x')).rows[0])).toEqual({ x: 42 })
    } finally {
      await db.close()
    }
  }, 600_000)

  it('keeps the requests stored before the place columns existed, with no city, service or place; the retention then deletes the old ones', async () => {
    const dir = path.join(tmp, 'older')
    const before = path.join(tmp, 'migrations-before-place')
    mkdirSync(before)
    const placeMigrations = /_quote_(typed_)?place\.sql$/
    for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && !placeMigrations.test(f)))
      copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file))
    const db = await openPglite(dir)
    try {
      await applyMigrations(db, before)
      await db.query(
        "insert into quote_requests (name, email, idempotency_key, client_hash, page, created_at) values ('Old', 'old@example.com', 'old-key', 'c', '/quote', now() - interval '800 days'), ('Recent', 'r@example.com', 'recent-key', 'c', '/', now())",
      )
      expect(await applyMigrations(db)).toEqual([expect.stringMatching(/_quote_place\.sql$/), expect.stringMatching(/_quote_typed_place\.sql$/)])
      const rows = async () =>
        (
          await db.query<{ name: string; city_slug: string; service_slug: string; place: string; near_city_slug: string; near_km: number | null }>(
            'select name, city_slug, service_slug, place, near_city_slug, near_km from quote_requests order by id',
          )
        ).rows
      const none = { city_slug: '', service_slug: '', place: '', near_city_slug: '', near_km: null }
      expect(await rows()).toEqual([
        { name: 'Old', ...none },
        { name: 'Recent', ...none },
      ])
      expect(await createSqlStore(db).deleteCreatedBefore(new Date(Date.now() - 730 * 86_400_000))).toBe(1)
      expect((await rows()).map((r) => r.name)).toEqual(['Recent'])
    } finally {
      await db.close()
    }
  }, 600_000)
})
