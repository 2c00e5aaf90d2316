import { composeQuoteEmail, type Mailer } from './mail.ts'
import type { QuoteStore, StoredQuote } from './store.ts'

/**
 * One delivery attempt gets this long; then its connection is dropped and the attempt counts as
 * failed. (If the mail server had accepted the message just before, the retry is a duplicate: the
 * same Message-ID lets mail systems recognise it.)
 */
export const ATTEMPT_MS = 20_000
/**
 * A sender holds a claimed row this long: one attempt and the database update. A request stored by a
 * process that dies is retried by the next outbox run after this, not minutes later.
 */
export const LEASE_MS = 30_000
/** After this many failed attempts a row is 'failed': automatic retries stop, `npm run outbox` still tries it. */
export const MAX_ATTEMPTS = 10

export interface DeliveryDeps {
  store: QuoteStore
  mailer: Mailer
  mailTo: string
  now: () => Date
  log: (line: string) => void
}

/** Waits 1, 2, 4 … minutes after each failure, at most an hour. */
export function retryDelayMs(previousAttempts: number): number {
  return Math.min(2 ** previousAttempts, 60) * 60_000
}

/** E-mails one claimed row and records the outcome; never throws. */
export async function deliver(quote: StoredQuote, deps: DeliveryDeps): Promise<boolean> {
  const deadline = AbortSignal.timeout(ATTEMPT_MS)
  try {
    await deps.mailer.send(composeQuoteEmail(quote, { to: deps.mailTo }), deadline)
  } catch (error) {
    const reason = deadline.aborted ? `no answer from the mail server within ${ATTEMPT_MS / 1000} s` : error instanceof Error ? error.message : String(error)
    deps.log(`quote request #${quote.id}: e-mail failed (attempt ${quote.attempts + 1}), kept for a retry: ${reason}`)
    const at = new Date(deps.now().getTime() + retryDelayMs(quote.attempts))
    await deps.store.markFailed(quote.id, reason, { at, maxAttempts: MAX_ATTEMPTS }).catch((e: Error) => deps.log(`quote request #${quote.id}: could not record the failure: ${e.message}`))
    return false
  }
  // The e-mail is out: if recording that fails, the row is retried after its claim expires (a rare duplicate beats a lost request).
  await deps.store.markSent(quote.id, deps.now()).catch((e: Error) => deps.log(`quote request #${quote.id}: sent, but could not mark it sent: ${e.message}`))
  return true
}

/**
 * Sends every unsent row that is due, each once per run. Rows are claimed one at a time (a claim lasts
 * one attempt), so a second runner (another instance, the scheduled job, `npm run outbox`) skips the
 * row in hand. A row is e-mailed twice only when the outcome of an attempt is unknown: the process died,
 * or the attempt timed out, after the mail server accepted the message and before the row was marked sent.
 */
export async function runOutbox(deps: DeliveryDeps, options: { manual: boolean }): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 }
  let afterId = 0
  for (;;) {
    const now = deps.now()
    const batch = await deps.store.claimUnsent({ now, leaseUntil: new Date(now.getTime() + LEASE_MS), limit: 1, afterId, manual: options.manual })
    if (batch.length === 0) return result
    for (const quote of batch) {
      if (await deliver(quote, deps)) result.sent++
      else result.failed++
      afterId = quote.id
    }
  }
}
