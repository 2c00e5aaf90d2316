import pg from 'pg'
import type { QuoteFields } from './validate.ts'

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
}

export type Admission = { outcome: 'stored'; quote: StoredQuote } | { outcome: 'duplicate'; id: number } | { outcome: 'rate-limited' }

export interface AdmitRules {
  /** At most this many rows per client hash created after `since`. */
  max: number
  since: Date
  /** A stored (non-spam) row comes back claimed by the caller until then. */
  leaseUntil: Date
}

export interface ClaimOptions {
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

interface QuoteRow extends QuoteFields {
  id: number | string
  created_at: Date
  status: QuoteStatus
  attempts: number
}
const QUOTE_COLUMNS = 'id, created_at, name, email, phone, service, message, page, status, attempts'

/** Inserts unless the client reached the limit; a key already stored conflicts and inserts nothing. */
const ADMIT = `
insert into quote_requests
  (idempotency_key, client_hash, created_at, next_attempt_at, name, email, phone, service, message, page, status, locked_until)
select $1, $2, $4::timestamptz, $4::timestamptz, $5, $6, $7, $8, $9, $10, $11, $12::timestamptz
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
    status: row.status,
    attempts: Number(row.attempts),
  }
}

/**
 * Client-side limits: an unreachable server (a network partition, a frozen host) never answers,
 * so only the driver can give up. `statement_timeout` is the server's own limit for a slow
 * statement, a little shorter, so a live but slow server reports a clean error first.
 */
export const DATABASE_TIMEOUTS = { connectMs: 5_000, queryMs: 5_000, statementMs: 4_000 } as const

/** A real PostgreSQL server through node-postgres (Supabase: SUPABASE_DB_URL). */
export function pgDatabase(connectionString: string, options: { max?: number; log?: (line: string) => void } = {}): SqlDatabase {
  const log = options.log ?? ((line: string) => console.error(line))
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 5,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    query_timeout: DATABASE_TIMEOUTS.queryMs,
    statement_timeout: DATABASE_TIMEOUTS.statementMs,
  })
  // An idle connection that breaks must not crash the process; the next query reconnects.
  pool.on('error', (error) => log(`postgres: idle connection lost: ${error.message}`))
  const clientOf = (target: pg.Pool | pg.PoolClient): SqlClient => ({
    query: async <R>(text: string, params?: unknown[]) => (await target.query(text, params)) as unknown as { rows: R[] },
    exec: (text) => target.query(text),
  })
  return {
    ...clientOf(pool),
    async transaction(fn) {
      const client = await pool.connect()
      // pg-pool takes its own error listener off a client while it is checked out: without this one, a
      // connection that breaks between two statements (a server restart) is an unhandled 'error' event.
      let broken: Error | undefined
      const onError = (error: Error) => {
        broken = error
        log(`postgres: connection lost during a transaction: ${error.message}`)
      }
      client.on('error', onError)
      const release = (error?: Error) => {
        client.off('error', onError)
        client.release(error)
      }
      try {
        await client.query('begin')
        const result = await fn(clientOf(client))
        await client.query('commit')
        release()
        return result
      } catch (error) {
        // The connection is discarded rather than rolled back: after a timeout or a lost connection a
        // rollback would wait as long again, and PostgreSQL rolls back a transaction whose connection closes.
        release(broken ?? (error as Error))
        throw error
      }
    },
    close: () => pool.end(),
  }
}
