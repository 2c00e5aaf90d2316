import type { Places } from './config.ts'
import { composeQuoteEmail, type Mailer } from './mail.ts'
import type { QuoteStore, StoredQuote } from './store.ts'

/**
 * A sender holds a claimed row this long: longer than one e-mail can take with the SMTP timeouts (mail.ts), short
 * enough that a row claimed by a process that then crashed is free again within seconds, not minutes.
 */
export const LEASE_MS = 30_000
/** After this many failed attempts a row is 'failed': automatic retries stop, `npm run outbox` still tries it. */
const MAX_ATTEMPTS = 10
/** Rows are claimed one at a time, each with a fresh lease. */
const BATCH = 1

export interface DeliveryDeps {
  store: QuoteStore
  mailer: Mailer
  mailTo: string
  /** The English choice of a French one, for the company's e-mail. */
  englishChoice?: (choice: string) => string | undefined
  /** The site's origin: the domain of each e-mail's Message-ID, and of the page links in the e-mail. */
  siteUrl?: string
  /** What the e-mail names a request's city and service by, and where their page is. */
  places?: Places
  /** Each outbox run first deletes the requests stored longer ago than this (RETENTION_DAYS); unset: none. */
  retentionMs?: number
  now: () => Date
  log: (line: string) => void
}

/** Waits 1, 2, 4 … minutes after each failure, at most an hour. */
function retryDelayMs(previousAttempts: number): number {
  return Math.min(2 ** previousAttempts, 60) * 60_000
}

/** E-mails one claimed row and records the outcome; never throws. */
export async function deliver(quote: StoredQuote, deps: DeliveryDeps): Promise<boolean> {
  try {
    await deps.mailer.send(composeQuoteEmail(quote, { to: deps.mailTo, englishChoice: deps.englishChoice, siteUrl: deps.siteUrl, places: deps.places }))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    deps.log(`quote request #${quote.id}: e-mail failed (attempt ${quote.attempts + 1}), kept for a retry: ${reason}`)
    const at = new Date(deps.now().getTime() + retryDelayMs(quote.attempts))
    await deps.store
      .markFailed(quote.id, reason, { at, maxAttempts: MAX_ATTEMPTS })
      .catch((e: Error) => deps.log(`quote request #${quote.id}: could not record the failure: ${e.message}`))
    return false
  }
  // The e-mail is out: if recording that fails (or the process dies right now), the row is sent again after its claim
  // expires. Delivery is at least once; the resend carries the same Message-ID, so mail systems can recognise it.
  await deps.store.markSent(quote.id, deps.now()).catch((e: Error) => deps.log(`quote request #${quote.id}: sent, but could not mark it sent: ${e.message}`))
  return true
}

/**
 * Deletes the requests older than the retention period, whatever their status: sent, spam, and also those never
 * e-mailed (pending or failed), since the period is how long the company may keep personal data at all.
 */
async function deleteExpired(deps: Pick<DeliveryDeps, 'store' | 'now' | 'log' | 'retentionMs'>): Promise<number> {
  if (deps.retentionMs === undefined) return 0
  const days = Math.round(deps.retentionMs / 86_400_000)
  const deleted = await deps.store.deleteCreatedBefore(new Date(deps.now().getTime() - deps.retentionMs))
  if (deleted > 0) deps.log(`retention: deleted ${deleted} quote request(s) stored more than ${days} days ago`)
  return deleted
}

/**
 * Deletes what is past the retention period (`deleteExpired`), then sends every unsent row once. Each row is claimed
 * before it is sent, so a second runner (another instance, the timer, `npm run outbox`, the cron job) skips it while
 * the claim lasts.
 */
export async function runOutbox(deps: DeliveryDeps, options: { manual: boolean }): Promise<{ sent: number; failed: number }> {
  await deleteExpired(deps)
  const result = { sent: 0, failed: 0 }
  let afterId = 0
  for (;;) {
    const now = deps.now()
    const batch = await deps.store.claimUnsent({ now, leaseUntil: new Date(now.getTime() + LEASE_MS), limit: BATCH, afterId, manual: options.manual })
    if (batch.length === 0) return result
    for (const quote of batch) {
      if (await deliver(quote, deps)) result.sent++
      else result.failed++
      afterId = quote.id
    }
  }
}
