import { retentionDaysOf } from '../supabase/functions/_shared/quoteContract'
import { ASSET_LIMITS } from './hosting/limits'

// The build's configuration from its environment, read and checked here only (docs/deploy.md, "Environment variables").
// The browser's code reads its own (import.meta.env, which Vite fills in: src/quote/submit.ts).

type Env = Readonly<Record<string, string | undefined>>

/** VITE_SUPABASE_URL: the Supabase project the quote form calls and posts to (undefined: the local server's function). */
export const supabaseUrl = (env: Env = process.env): string | undefined => env.VITE_SUPABASE_URL || undefined

/** RETENTION_DAYS: how long a stored quote request is kept (730 by default), checked as the function checks it. */
export function retentionDays(env: Env = process.env): number {
  const days = retentionDaysOf(env.RETENTION_DAYS)
  if (days === null) throw new Error(`RETENTION_DAYS: expected a whole number of days from 1 to 36500, got "${env.RETENTION_DAYS}"`)
  return days
}

/** MAX_FILES: the most files dist/client may hold (0: no limit); unset, what Cloudflare's free plan takes (src/hosting/limits.ts). */
export function maxFiles(env: Env = process.env): number {
  if (env.MAX_FILES === undefined || env.MAX_FILES === '') return ASSET_LIMITS.files
  const limit = Number(env.MAX_FILES)
  if (!Number.isInteger(limit) || limit < 0) throw new Error(`MAX_FILES: expected a whole number of files (0: no limit), got "${env.MAX_FILES}"`)
  return limit
}
