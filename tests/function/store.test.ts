import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { applyMigrations } from '../../server/migrate'
import { MemoryStore } from '../../supabase/functions/send-contact-email/memoryStore'
import { createSqlStore, pgDatabase, type NewQuote, type QuoteStore, type SqlDatabase } from '../../supabase/functions/send-contact-email/store'
import { migratedPglite, truncate } from './helpers/pglite'
import { POSTGRES_MISSING, postgresMode, startCluster, type TestCluster } from './helpers/postgres'

const T0 = new Date('2026-03-02T10:00:00Z')
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000)
const RULES = { max: 5, since: minutes(-10), leaseUntil: minutes(10) }

let sequence = 0
function quote(overrides: Partial<NewQuote> = {}): NewQuote {
  sequence++
  return {
    name: `Visitor ${sequence}`,
    email: `v${sequence}@example.com`,
    phone: '',
    service: 'Strip & Wax',
    message: 'Please call me.',
    page: '/quote',
    city: '',
    serviceSlug: '',
    place: '',
    nearCity: '',
    nearKm: null,
    lang: 'en',
    idempotencyKey: `key-${sequence}-${'x'.repeat(16)}`,
    clientHash: 'client-a',
    spam: false,
    createdAt: T0,
    ...overrides,
  }
}

interface Backend {
  store: () => QuoteStore
  reset: () => Promise<void>
  rowCount: () => Promise<number>
}

/** The same rules on every store: memory, PGlite and a real PostgreSQL server. */
function storeContract(backend: Backend) {
  let store: QuoteStore
  beforeEach(async () => {
    await backend.reset()
    store = backend.store()
  })

  it('stores a request, claimed by the caller until the lease ends', async () => {
    const admitted = await store.admit(quote({ name: 'Ada' }), RULES)
    expect(admitted).toMatchObject({ outcome: 'stored', quote: { name: 'Ada', status: 'pending', attempts: 0 } })
    expect(await store.claimUnsent({ now: minutes(1), leaseUntil: minutes(11), limit: 10, afterId: 0, manual: true })).toEqual([])
    const claimed = await store.claimUnsent({ now: minutes(11), leaseUntil: minutes(21), limit: 10, afterId: 0, manual: false })
    expect(claimed.map((q) => q.name)).toEqual(['Ada'])
  })

  it('keeps the place the visitor gave with its nearest city and distance, and gives them to the outbox as stored', async () => {
    const admitted = await store.admit(quote({ name: 'Bo', place: 'Bozeman, MT 59715', nearCity: 'billings', nearKm: 197.6 }), RULES)
    const plain = await store.admit(quote({ name: 'Zed', place: 'Bozeman, MT' }), RULES)
    const expected = { place: 'Bozeman, MT 59715', nearCity: 'billings', nearKm: 197.6 }
    expect(admitted).toMatchObject({ outcome: 'stored', quote: expected })
    expect(plain).toMatchObject({ outcome: 'stored', quote: { place: 'Bozeman, MT', nearCity: '', nearKm: null } })
    const claimed = await store.claimUnsent({ now: minutes(11), leaseUntil: minutes(21), limit: 10, afterId: 0, manual: false })
    expect(claimed).toMatchObject([expected, { place: 'Bozeman, MT', nearCity: '', nearKm: null }])
  })

  it('stores a key once: a repeat is a duplicate of the first row', async () => {
    const first = await store.admit(quote({ idempotencyKey: 'same-key-0123456789' }), RULES)
    const again = await store.admit(quote({ idempotencyKey: 'same-key-0123456789', clientHash: 'client-b' }), RULES)
    expect(first.outcome).toBe('stored')
    expect(again).toEqual({ outcome: 'duplicate', id: first.outcome === 'stored' ? first.quote.id : -1 })
    expect(await backend.rowCount()).toBe(1)
  })

  it('limits each client to `max` requests in the window, and only that client', async () => {
    for (let i = 0; i < 5; i++) expect((await store.admit(quote(), RULES)).outcome).toBe('stored')
    expect(await store.admit(quote(), RULES)).toEqual({ outcome: 'rate-limited' })
    expect((await store.admit(quote({ clientHash: 'client-b' }), RULES)).outcome).toBe('stored')
    const later = { ...RULES, since: minutes(1) }
    expect((await store.admit(quote({ createdAt: minutes(11) }), later)).outcome).toBe('stored')
  })

  it('answers a repeated key as a duplicate even when its client is at the limit', async () => {
    const keys = Array.from({ length: 5 }, (_, i) => `limit-key-${i}-0123456789`)
    for (const key of keys) await store.admit(quote({ idempotencyKey: key }), RULES)
    expect((await store.admit(quote({ idempotencyKey: keys[0] }), RULES)).outcome).toBe('duplicate')
  })

  it('keeps spam rows out of the outbox but counts them for the limit', async () => {
    expect(await store.admit(quote({ spam: true }), RULES)).toMatchObject({ outcome: 'stored', quote: { status: 'spam' } })
    expect(await store.claimUnsent({ now: minutes(60), leaseUntil: minutes(70), limit: 10, afterId: 0, manual: true })).toEqual([])
    for (let i = 0; i < 4; i++) await store.admit(quote({ spam: true }), RULES)
    expect((await store.admit(quote(), RULES)).outcome).toBe('rate-limited')
  })

  it('lets a burst from one client through only up to the limit', async () => {
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => store.admit(quote(), RULES)))
    expect(outcomes.filter((o) => o.outcome === 'stored')).toHaveLength(5)
    expect(outcomes.filter((o) => o.outcome === 'rate-limited')).toHaveLength(7)
  })

  it('stores one row when the same key arrives many times at once', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) => store.admit(quote({ idempotencyKey: 'burst-key-0123456789', clientHash: `c${i}` }), RULES)),
    )
    expect(outcomes.filter((o) => o.outcome === 'stored')).toHaveLength(1)
    expect(await backend.rowCount()).toBe(1)
  })

  it('records failures with backoff, and gives up after maxAttempts until a manual run', async () => {
    const admitted = await store.admit(quote(), RULES)
    if (admitted.outcome !== 'stored') throw new Error('not stored')
    const id = admitted.quote.id
    await store.markFailed(id, 'connection refused', { at: minutes(5), maxAttempts: 2 })
    const claim = (now: Date, manual = false) => store.claimUnsent({ now, leaseUntil: new Date(now.getTime() + 600_000), limit: 10, afterId: 0, manual })
    expect(await claim(minutes(1))).toEqual([])
    const [retry] = await claim(minutes(5))
    expect(retry).toMatchObject({ id, attempts: 1, status: 'pending' })
    await store.markFailed(id, 'connection refused', { at: minutes(6), maxAttempts: 2 })
    expect(await claim(minutes(60))).toEqual([])
    expect(await claim(minutes(60), true)).toMatchObject([{ id, attempts: 2, status: 'failed' }])
  })

  it('never claims a sent row again', async () => {
    const admitted = await store.admit(quote(), RULES)
    if (admitted.outcome !== 'stored') throw new Error('not stored')
    await store.markSent(admitted.quote.id, minutes(1))
    expect(await store.claimUnsent({ now: minutes(60), leaseUntil: minutes(70), limit: 10, afterId: 0, manual: true })).toEqual([])
  })

  it('gives each unsent row to one of two simultaneous claimers', async () => {
    for (let i = 0; i < 10; i++) {
      const admitted = await store.admit(quote({ clientHash: `c${i}` }), RULES)
      if (admitted.outcome === 'stored') await store.markFailed(admitted.quote.id, 'down', { at: T0, maxAttempts: 10 })
    }
    const claim = () => store.claimUnsent({ now: minutes(1), leaseUntil: minutes(11), limit: 7, afterId: 0, manual: false })
    const [a, b] = await Promise.all([claim(), claim()])
    const ids = [...a, ...b].map((q) => q.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toHaveLength(10)
  })

  it('claims in id order after a given id', async () => {
    for (let i = 0; i < 4; i++) await store.admit(quote({ clientHash: `c${i}` }), RULES)
    const claimed = await store.claimUnsent({ now: minutes(20), leaseUntil: minutes(30), limit: 2, afterId: 1, manual: true })
    expect(claimed.map((q) => q.id)).toEqual([2, 3])
  })

  it('stores the page’s city and service with the request', async () => {
    const admitted = await store.admit(quote({ page: '/boise-strip-wax', city: 'boise', serviceSlug: 'strip-wax' }), RULES)
    expect(admitted).toMatchObject({ quote: { page: '/boise-strip-wax', city: 'boise', serviceSlug: 'strip-wax' } })
    await store.markFailed(admitted.outcome === 'stored' ? admitted.quote.id : -1, 'down', { at: T0, maxAttempts: 10 })
    const [claimed] = await store.claimUnsent({ now: minutes(1), leaseUntil: minutes(2), limit: 1, afterId: 0, manual: true })
    expect(claimed).toMatchObject({ city: 'boise', serviceSlug: 'strip-wax' })
  })

  it('deletes the requests created before the retention cutoff, whatever their status, and keeps the later ones', async () => {
    const days = (n: number) => new Date(T0.getTime() + n * 86_400_000)
    const old = { ...RULES, since: days(-1000) }
    const add = async (createdAt: Date, clientHash: string, spam = false) => {
      const admitted = await store.admit(quote({ createdAt, clientHash, spam }), old)
      if (admitted.outcome !== 'stored') throw new Error('not stored')
      return admitted.quote.id
    }
    await store.markSent(await add(days(-800), 'a'), days(-800)) // e-mailed long ago
    await add(days(-800), 'b') // never e-mailed (pending)
    await store.markFailed(await add(days(-731), 'c'), 'down', { at: days(-731), maxAttempts: 1 }) // given up on
    await add(days(-900), 'd', true) // spam
    const kept = await add(days(-729), 'e')
    await add(T0, 'f')
    const cutoff = days(-730)
    expect(await store.deleteCreatedBefore(cutoff)).toBe(4)
    expect(await backend.rowCount()).toBe(2)
    expect(await store.deleteCreatedBefore(cutoff)).toBe(0)
    const left = await store.claimUnsent({ now: days(1), leaseUntil: days(2), limit: 10, afterId: 0, manual: true })
    expect(left.map((q) => q.id)).toEqual([kept, kept + 1])
  })

  it('keeps what the visitor typed exactly, accents and emoji included', async () => {
    const admitted = await store.admit(quote({ name: 'Zoë 🧽 O’Brien', message: 'Line 1\nLine 2 <b>&amp;</b>' }), RULES)
    expect(admitted).toMatchObject({ quote: { name: 'Zoë 🧽 O’Brien', message: 'Line 1\nLine 2 <b>&amp;</b>' } })
  })
}

describe('MemoryStore', () => {
  let memory: MemoryStore
  storeContract({
    store: () => memory,
    reset: async () => {
      memory = new MemoryStore()
    },
    rowCount: async () => memory.rows.length,
  })
})

function sqlBackend(db: () => SqlDatabase): Backend {
  return {
    store: () => createSqlStore(db()),
    reset: async () => truncate(db()),
    rowCount: async () => (await db().query<{ n: number }>('select count(*)::int as n from quote_requests')).rows[0]!.n,
  }
}

describe('SQL store on PGlite', () => {
  let db: SqlDatabase
  beforeAll(async () => {
    db = await migratedPglite()
  }, 120_000)
  afterAll(() => db?.close())
  storeContract(sqlBackend(() => db))
})

describe.runIf(postgresMode === 'fail')('SQL store on PostgreSQL', () => {
  it('needs PostgreSQL in CI', () => {
    throw new Error(POSTGRES_MISSING)
  })
})

describe.runIf(postgresMode === 'run')('SQL store on PostgreSQL', () => {
  let cluster: TestCluster
  let db: SqlDatabase
  beforeAll(async () => {
    cluster = await startCluster()
    db = pgDatabase(cluster.url, { max: 10 })
    await applyMigrations(db)
  }, 120_000)
  afterAll(async () => {
    await db?.close()
    await cluster?.stop()
  })
  storeContract(sqlBackend(() => db))

  it('applies the migrations only once', async () => {
    expect(await applyMigrations(db)).toEqual([])
  })

  it('refuses a place that is not a slug, even if the function did not check it', async () => {
    await expect(
      db.query("insert into quote_requests (name, email, idempotency_key, client_hash, city_slug) values ('A', 'a@b.co', 'k3', 'c', 'Boise')"),
    ).rejects.toThrow(/check/)
  })

  it('refuses rows that break the limits even if the function did not check them', async () => {
    await expect(db.query("insert into quote_requests (name, email, idempotency_key, client_hash) values ('', 'a@b.co', 'k', 'c')")).rejects.toThrow(/check/)
    await expect(
      db.query("insert into quote_requests (name, email, idempotency_key, client_hash, status) values ('A', 'a@b.co', 'k2', 'c', 'lost')"),
    ).rejects.toThrow(/check/)
  })
})
