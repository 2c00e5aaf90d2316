import type { QuoteStatus, QuoteStore, StoredQuote } from './store.ts'

interface Row extends StoredQuote {
  idempotencyKey: string
  clientHash: string
  lockedUntil: Date | null
  nextAttemptAt: Date
  lastError: string | null
  sentAt: Date | null
}

/**
 * The store's rules without a database: for trying the function with QUOTE_STORE=memory.
 * Everything is lost when the process ends, so production never uses it.
 */
export class MemoryStore implements QuoteStore {
  readonly rows: Row[] = []
  private lastId = 0

  async admit(...[quote, rules]: Parameters<QuoteStore['admit']>): ReturnType<QuoteStore['admit']> {
    const existing = this.rows.find((r) => r.idempotencyKey === quote.idempotencyKey)
    if (existing) return { outcome: 'duplicate', id: existing.id }
    const recent = this.rows.filter((r) => r.clientHash === quote.clientHash && r.createdAt > rules.since).length
    if (recent >= rules.max) return { outcome: 'rate-limited' }
    const row: Row = {
      id: ++this.lastId,
      createdAt: quote.createdAt,
      name: quote.name,
      email: quote.email,
      phone: quote.phone,
      service: quote.service,
      message: quote.message,
      page: quote.page,
      city: quote.city,
      serviceSlug: quote.serviceSlug,
      place: quote.place,
      nearCity: quote.nearCity,
      nearKm: quote.nearKm,
      lang: quote.lang,
      status: quote.spam ? 'spam' : 'pending',
      attempts: 0,
      idempotencyKey: quote.idempotencyKey,
      clientHash: quote.clientHash,
      lockedUntil: quote.spam ? null : rules.leaseUntil,
      nextAttemptAt: quote.createdAt,
      lastError: null,
      sentAt: null,
    }
    this.rows.push(row)
    return { outcome: 'stored', quote: snapshot(row) }
  }

  async claimUnsent(...[{ now, leaseUntil, limit, afterId, manual }]: Parameters<QuoteStore['claimUnsent']>): Promise<StoredQuote[]> {
    const claimable = (r: Row) =>
      (r.status === 'pending' || (manual && r.status === 'failed')) &&
      (r.lockedUntil === null || r.lockedUntil <= now) &&
      (manual || r.nextAttemptAt <= now) &&
      r.id > afterId
    const claimed = this.rows.filter(claimable).slice(0, limit)
    for (const row of claimed) row.lockedUntil = leaseUntil
    return claimed.map(snapshot)
  }

  async markSent(id: number, at: Date): Promise<void> {
    const row = this.unsent(id)
    if (!row) return
    Object.assign(row, { status: 'sent', sentAt: at, attempts: row.attempts + 1, lockedUntil: null })
  }

  async markFailed(id: number, error: string, retry: { at: Date; maxAttempts: number }): Promise<void> {
    const row = this.unsent(id)
    if (!row) return
    const attempts = row.attempts + 1
    const status: QuoteStatus = attempts >= retry.maxAttempts ? 'failed' : 'pending'
    Object.assign(row, { attempts, status, lastError: error.slice(0, 2000), lockedUntil: null, nextAttemptAt: retry.at })
  }

  async deleteCreatedBefore(cutoff: Date): Promise<number> {
    const kept = this.rows.filter((r) => r.createdAt >= cutoff)
    const deleted = this.rows.length - kept.length
    this.rows.splice(0, this.rows.length, ...kept)
    return deleted
  }

  async close(): Promise<void> {}

  private unsent(id: number): Row | undefined {
    return this.rows.find((r) => r.id === id && (r.status === 'pending' || r.status === 'failed'))
  }
}

function snapshot(row: Row): StoredQuote {
  const { id, createdAt, name, email, phone, service, message, page, city, serviceSlug, place, nearCity, nearKm, lang, status, attempts, idempotencyKey } = row
  return { id, createdAt, name, email, phone, service, message, page, city, serviceSlug, place, nearCity, nearKm, lang, status, attempts, idempotencyKey }
}
