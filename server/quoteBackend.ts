import path from 'node:path'
import { handlerConfig, type FunctionEnv, type SiteData } from '../supabase/functions/send-contact-email/config'
import { createHandler, deliveryFor, type QuoteHandler } from '../supabase/functions/send-contact-email/handler'
import { createFileMailer, createSmtpMailer } from '../supabase/functions/send-contact-email/mail'
import type { DeliveryDeps } from '../supabase/functions/send-contact-email/outbox'
import { createSqlStore, pgDatabase, type QuoteStore, type SqlDatabase } from '../supabase/functions/send-contact-email/store'
import { applyMigrations } from './migrate'
import { openPglite } from './pglite'

/**
 * E-mails in flight at once: 4, or 1 while visitors wait for an answer. The requests are stored
 * already, so the others just wait their turn: a burst of requests is answered first, and the
 * SMTP server never sees a burst of connections.
 */
const BACKGROUND_CONCURRENCY = { idle: 4, busy: 1 }

export interface BackendOptions {
  settings: FunctionEnv
  site: SiteData
  /** PGlite lives in `<dataDir>/pglite`, .eml files in `<dataDir>/mail`. */
  dataDir: string
  /** Origins the form may be sent from when ALLOWED_ORIGINS is not set. */
  allowedOrigins: string[]
  /** The server's own address: the answer to a refused form post reads the site's page there (not at siteUrl, the public site). */
  pageOrigin?: string
  log: (line: string) => void
  /** An open database to use instead (tests); its schema must be migrated. */
  db?: SqlDatabase
  /** The PGlite database of `<dataDir>/pglite`, already being opened (openPglite) by the caller: `npm start` opens it while it builds. */
  pglite?: Promise<SqlDatabase>
}

export interface QuoteBackend {
  handler: QuoteHandler
  store: QuoteStore
  db: SqlDatabase
  delivery: DeliveryDeps
  /** Where requests and e-mails go, for the start banner. */
  databaseLabel: string
  mailLabel: string
  /** Runs work after an answer, a few at a time; `settled()` waits until none is left. */
  background(work: () => Promise<unknown>): void
  settled(): Promise<void>
  close(): Promise<void>
}

/**
 * The function's handler as the local server runs it: PGlite in the data folder unless
 * DATABASE_URL / SUPABASE_DB_URL names a Postgres server; SMTP_* if set, else .eml files.
 */
export async function openQuoteBackend(options: BackendOptions): Promise<QuoteBackend> {
  const { settings, log } = options
  const pgliteDir = path.join(options.dataDir, 'pglite')
  const db = options.db ?? (settings.databaseUrl ? pgDatabase(settings.databaseUrl) : await (options.pglite ?? openPglite(pgliteDir)))
  // A real server's schema is managed with the Supabase CLI (or psql); the embedded one is ours.
  if (!options.db && !settings.databaseUrl) await applyMigrations(db)

  const mailDir = path.join(options.dataDir, 'mail')
  const mailer = settings.smtp ? createSmtpMailer(settings.smtp, { pool: true }) : createFileMailer(mailDir, log)
  const store = createSqlStore(db)
  const config = handlerConfig(options.site, settings, { allowedOrigins: options.allowedOrigins, trustProxy: false })

  let answering = 0
  const queue = createBackgroundQueue(() => (answering > 0 ? BACKGROUND_CONCURRENCY.busy : BACKGROUND_CONCURRENCY.idle), log)
  const handle = createHandler({ store, mailer, config, background: queue.add, log, pages: { origin: options.pageOrigin } })
  const now = () => new Date()

  return {
    async handler(request, connection) {
      answering++
      try {
        return await handle(request, connection)
      } finally {
        answering--
        queue.pump()
      }
    },
    store,
    db,
    delivery: deliveryFor(config, { store, mailer, now, log }),
    databaseLabel: options.db ? 'the given database' : settings.databaseUrl ? `Postgres at ${redact(settings.databaseUrl)}` : `PGlite in ${pgliteDir}`,
    mailLabel: settings.smtp ? `SMTP ${settings.smtp.host}:${settings.smtp.port} to ${config.mailTo}` : `.eml files in ${mailDir}`,
    background: queue.add,
    settled: queue.settled,
    async close() {
      await queue.settled()
      mailer.close?.()
      if (!options.db) await store.close()
    },
  }
}

function createBackgroundQueue(concurrency: () => number, log: (line: string) => void) {
  const waiting: (() => Promise<unknown>)[] = []
  let active = 0
  const idle: (() => void)[] = []
  const pump = () => {
    while (active < concurrency() && waiting.length > 0) {
      const work = waiting.shift()!
      active++
      work()
        .catch((e: Error) => log(`background work failed: ${e.message}`))
        .finally(() => {
          active--
          pump()
          if (active === 0 && waiting.length === 0) for (const resolve of idle.splice(0)) resolve()
        })
    }
  }
  return {
    add: (work: () => Promise<unknown>) => {
      waiting.push(work)
      pump()
    },
    pump,
    settled: () => (active === 0 && waiting.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))),
  }
}

function redact(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return 'DATABASE_URL'
  }
}
