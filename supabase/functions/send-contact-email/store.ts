import pg from 'pg'
import type { QuoteFields } from '../_shared/quoteContract.ts'

export type QuoteStatus = 'pending' | 'sent' | 'spam' | 'failed'

export interface NewQuote extends QuoteFields {
  idempotencyKey: string
  clientHash: string
  spam: boolean
  createdAt: Date
}

export interface StoredQuote extends QuoteFields {
  id: number
  createdAt: Date
  status: QuoteStatus
  attempts: number
  /** The request's idempotency key: its e-mail's Message-ID is made from it. */
  idempotencyKey: string
}

export type Admission = { outcome: 'stored'; quote: StoredQuote } | { outcome: 'duplicate'; id: number } | { outcome: 'rate-limited' }

interface AdmitRules {
  /** At most this many rows per client hash created after `since`. */
  max: number
  since: Date
  /** A stored (non-spam) row comes back claimed by the caller until then. */
  leaseUntil: Date
}

interface ClaimOptions {
  now: Date
  leaseUntil: Date
  limit: number
  /** Only rows with a greater id (lets one outbox run visit each row once). */
  afterId: number
  /** A manual run (`npm run outbox`, server start): also failed rows, and no waiting for the backoff. */
  manual: boolean
}

export interface QuoteStore {
  /** Stores a request unless its idempotency key is already stored or its client reached the limit. */
  admit(quote: NewQuote, rules: AdmitRules): Promise<Admission>
  /** Claims unsent rows no one else holds; a claimed row is this caller's until `leaseUntil`. */
  claimUnsent(options: ClaimOptions): Promise<StoredQuote[]>
  markSent(id: number, at: Date): Promise<void>
  /** Releases the claim; after `maxAttempts` failures the row becomes 'failed'. */
  markFailed(id: number, error: string, retry: { at: Date; maxAttempts: number }): Promise<void>
  /** Deletes every request created before `cutoff`, whatever its status (the retention period); returns how many. */
  deleteCreatedBefore(cutoff: Date): Promise<number>
  close(): Promise<void>
}

/** The part of a Postgres client the store uses: node-postgres and PGlite both fit. */
export interface SqlClient {
  query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }>
  exec(text: string): Promise<unknown>
}
export interface SqlDatabase extends SqlClient {
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** True when the database runs one statement at a time for all callers (PGlite: one connection). */
  oneStatementAtATime?: boolean
}

interface QuoteRow extends Omit<QuoteFields, 'city' | 'serviceSlug' | 'nearCity' | 'nearKm'> {
  city_slug: string
  service_slug: string
  near_city_slug: string
  /** numeric: node-postgres gives it as text (exact); toQuote makes it a number. */
  near_km: string | number | null
  id: number | string
  created_at: Date
  status: QuoteStatus
  attempts: number
  idempotency_key: string
}
const QUOTE_COLUMNS =
  'id, created_at, name, email, phone, service, message, page, city_slug, service_slug, place, near_city_slug, near_km, lang, status, attempts, idempotency_key'

/** Inserts unless the client reached the limit; a key already stored conflicts and inserts nothing. */
const ADMIT = `
insert into quote_requests
  (idempotency_key, client_hash, created_at, next_attempt_at, name, email, phone, service, message, page, status, locked_until, lang, city_slug, service_slug,
   place, near_city_slug, near_km)
select $1, $2, $4::timestamptz, $4::timestamptz, $5, $6, $7, $8, $9, $10, $11, $12::timestamptz, $14, $15, $16, $17, $18, $19::numeric
where (select count(*) from quote_requests where client_hash = $2 and created_at > $3::timestamptz) < $13::int
on conflict (idempotency_key) do nothing
returning ${QUOTE_COLUMNS}`

const CLAIM = `
update quote_requests set locked_until = $2::timestamptz
where id in (
  select id from quote_requests
  where (status = 'pending' or ($3::boolean and status = 'failed'))
    and (locked_until is null or locked_until <= $1::timestamptz)
    and ($3::boolean or next_attempt_at <= $1::timestamptz)
    and id > $4::bigint
  order by id
  limit $5::int
  for update skip locked
)
returning ${QUOTE_COLUMNS}`

export function createSqlStore(db: SqlDatabase): QuoteStore {
  return {
    async admit(quote, rules) {
      const params = [
        quote.idempotencyKey,
        quote.clientHash,
        rules.since,
        quote.createdAt,
        quote.name,
        quote.email,
        quote.phone,
        quote.service,
        quote.message,
        quote.page,
        quote.spam ? 'spam' : 'pending',
        quote.spam ? null : rules.leaseUntil,
        rules.max,
        quote.lang,
        quote.city,
        quote.serviceSlug,
        quote.place,
        quote.nearCity,
        quote.nearKm,
      ]
      const decide = async (sql: SqlClient): Promise<Admission> => {
        const inserted = await sql.query<QuoteRow>(ADMIT, params)
        if (inserted.rows[0]) return { outcome: 'stored', quote: toQuote(inserted.rows[0]) }
        // Nothing inserted: the key is already stored (a repeat), or the client is at its limit.
        const existing = await sql.query<{ id: number | string }>('select id from quote_requests where idempotency_key = $1', [quote.idempotencyKey])
        return existing.rows[0] ? { outcome: 'duplicate', id: Number(existing.rows[0].id) } : { outcome: 'rate-limited' }
      }
      // One statement at a time for everyone (PGlite): the statement alone is already isolated.
      if (db.oneStatementAtATime) return decide(db)
      return db.transaction(async (tx) => {
        // Serializes the requests of one client, so a burst cannot slip past the limit together.
        await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [quote.clientHash])
        return decide(tx)
      })
    },
    async claimUnsent({ now, leaseUntil, limit, afterId, manual }) {
      const { rows } = await db.query<QuoteRow>(CLAIM, [now, leaseUntil, manual, afterId, limit])
      return rows.map(toQuote).sort((a, b) => a.id - b.id)
    },
    async markSent(id, at) {
      await db.query(
        `update quote_requests set status = 'sent', sent_at = $2::timestamptz, attempts = attempts + 1, locked_until = null
         where id = $1 and status in ('pending', 'failed')`,
        [id, at],
      )
    },
    async markFailed(id, error, retry) {
      await db.query(
        `update quote_requests
         set attempts = attempts + 1, last_error = left($2, 2000), locked_until = null, next_attempt_at = $3::timestamptz,
             status = case when attempts + 1 >= $4::int then 'failed' else 'pending' end
         where id = $1 and status in ('pending', 'failed')`,
        [id, error, retry.at, retry.maxAttempts],
      )
    },
    async deleteCreatedBefore(cutoff) {
      const { rows } = await db.query<{ n: number }>(
        'with gone as (delete from quote_requests where created_at < $1::timestamptz returning 1) select count(*)::int as n from gone',
        [cutoff],
      )
      return Number(rows[0]?.n ?? 0)
    },
    close: () => db.close(),
  }
}

function toQuote(row: QuoteRow): StoredQuote {
  return {
    id: Number(row.id),
    createdAt: new Date(row.created_at),
    name: row.name,
    email: row.email,
    phone: row.phone,
    service: row.service,
    message: row.message,
    page: row.page,
    city: row.city_slug,
    serviceSlug: row.service_slug,
    place: row.place,
    nearCity: row.near_city_slug,
    nearKm: row.near_km === null ? null : Number(row.near_km),
    lang: row.lang === 'fr' ? 'fr' : 'en',
    status: row.status,
    attempts: Number(row.attempts),
    idempotencyKey: row.idempotency_key,
  }
}

/** How long the driver waits for a connection or for a query's answer (the default of pgDatabase). */
export const QUERY_TIMEOUT_MS = 5_000

/**
 * A real PostgreSQL server through node-postgres (Supabase: SUPABASE_DB_URL). Every query gives up after
 * `queryTimeoutMs` on the client side: `statement_timeout` is enforced by the server, which cannot help when the
 * server stops answering (a network partition, a frozen host), so a request gets the 503 message in seconds.
 */
export function pgDatabase(connectionString: string, options: { max?: number; queryTimeoutMs?: number } = {}): SqlDatabase {
  const queryTimeoutMs = options.queryTimeoutMs ?? QUERY_TIMEOUT_MS
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 5,
    connectionTimeoutMillis: queryTimeoutMs,
    statement_timeout: 10_000,
    query_timeout: queryTimeoutMs,
  })
  // An idle connection that breaks must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error('postgres: idle connection lost:', error.message))
  // Nor one that breaks at any other moment: pg-pool listens to a client's errors only while it is idle and, once,
  // during a query of its own; PostgreSQL shutting down can send a second error in between, an unhandled 'error' event
  // that would end the process. The pool still drops the client.
  pool.on('connect', (client) => client.on('error', () => undefined))
  const clientOf = (target: pg.Pool | pg.PoolClient): SqlClient => ({
    // The rows are what the caller's SQL selects; pg cannot know their type.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    query: async <R>(text: string, params?: unknown[]) => (await target.query(text, params)) as unknown as { rows: R[] },
    exec: (text) => target.query(text),
  })
  return {
    ...clientOf(pool),
    async transaction(fn) {
      const client = await pool.connect()
      // pg-pool takes its error listener off a client while it is checked out: an error between two queries
      // of this transaction (the server restarting) would be an unhandled 'error' event that ends the process.
      // The query in progress fails with it, and the release below drops the broken client.
      const onError = (error: Error) => console.error('postgres: connection lost during a transaction:', error.message)
      client.on('error', onError)
      try {
        await client.query('begin')
        const result = await fn(clientOf(client))
        await client.query('commit')
        client.off('error', onError)
        client.release()
        return result
      } catch (error) {
        // After a lost or unanswered connection a rollback would only wait as long again (query_timeout): the client
        // is dropped instead, and PostgreSQL rolls back a transaction whose connection closes.
        const rollback = isConnectionError(error)
          ? (error as Error)
          : await client.query('rollback').then(
              () => undefined,
              (e: Error) => e,
            )
        client.off('error', onError)
        client.release(rollback ?? (isConnectionError(error) ? (error as Error) : undefined))
        throw error
      }
    },
    close: () => pool.end(),
  }
}

/** Errors after which a client must not go back to the pool (the server closed or stopped answering). */
function isConnectionError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : ''
  const code = (error as { code?: string }).code ?? ''
  return /terminat|timeout|Connection|ECONN|EPIPE/i.test(message) || code.startsWith('08') || code === '57P01'
}
