import { z } from 'zod'
import { RETENTION } from '../_shared/quoteContract.ts'

const byLang = <T extends z.ZodType>(value: T) => z.object({ en: value, fr: value })

/** What the function needs from data/site.yaml and the site's routes (copied to ../_shared/site.json for Deno). */
export const SiteDataSchema = z.object({
  company: z.string().min(1),
  email: z.email(),
  siteUrl: z.url(),
  /** The form's choices in each language (the French page's form sends a French one). */
  quoteServiceChoices: byLang(z.array(z.string().min(1)).min(1)),
  /** Where a form posted without JavaScript leads: the thank-you page, and home, in each language. */
  pages: z.object({ thankYou: byLang(z.string().startsWith('/')), home: byLang(z.string().startsWith('/')) }),
  /** The catalogue a request's place is checked against, and what its e-mail names. */
  places: z.object({
    /** City slug → "Name, ST" (the e-mail names the state: there are several Springfields). */
    cities: z.record(z.string(), z.string().min(1)),
    /** The city slugs that have French pages (a French page's request can only come from one of them). */
    frenchCities: z.array(z.string()),
    /** Catalogue service slug → its English title and its French slug. */
    services: z.record(z.string(), z.object({ title: z.string().min(1), fr: z.string().min(1) })),
    /** The canonical city-service page's path in each language, with `{city}` and `{service}` (the French service slug in French). */
    cityServicePath: byLang(z.string().startsWith('/')),
  }),
})
export type Places = SiteData['places']
export type SiteData = z.output<typeof SiteDataSchema>

export interface HandlerConfig {
  companyName: string
  /** The public address visitors may write to (named in error messages). */
  companyEmail: string
  /** Where quote requests are e-mailed: the company address unless MAIL_TO overrides it. */
  mailTo: string
  serviceChoices: SiteData['quoteServiceChoices']
  /** The site's own origin: where a form post is sent back to when its Origin is not one of allowedOrigins. */
  siteUrl: string
  /**
   * The function's own origin (SUPABASE_URL's), or undefined: the form of its page for a refused form post is posted from
   * there, and is accepted as a form post from the site.
   */
  functionOrigin: string | undefined
  pages: SiteData['pages']
  places: Places
  allowedOrigins: readonly string[]
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean
  rateLimit: { max: number; windowMs: number }
  ipHashSecret: string
  /** How often a running function retries unsent requests in the background; null: never. */
  retryEveryMs: number | null
  /** The secret a scheduled job (Supabase Cron) sends to run the outbox; unset: no such endpoint. */
  outboxSecret: string | undefined
  /** Stored requests older than this are deleted by the outbox job (RETENTION_DAYS). */
  retentionMs: number
}

export interface SmtpSettings {
  host: string
  port: number
  /** Implicit TLS (port 465). Supabase blocks 25 and 587, so production uses 465. */
  secure: boolean
  auth: { user: string; pass: string } | undefined
  from: string
}

/** The environment, read and checked once at start. */
export interface FunctionEnv {
  databaseUrl: string | undefined
  /** QUOTE_STORE=memory: keep requests in memory (trying the function without a database; never in production). */
  memoryStore: boolean
  smtp: SmtpSettings | undefined
  /** MAIL_DIR: without SMTP, write each e-mail as an .eml file into this folder. */
  mailDir: string | undefined
  mailTo: string | undefined
  allowedOrigins: string[] | undefined
  /** The origin of SUPABASE_URL (set by Supabase): the function's own. */
  functionOrigin: string | undefined
  trustProxy: boolean | undefined
  rateLimit: { max: number; windowMs: number }
  ipHashSecret: string
  retryEveryMs: number | null
  outboxSecret: string | undefined
  /** RETENTION_DAYS: how long a stored request is kept (default 730). */
  retentionDays: number
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

export function readEnv(env: Env): FunctionEnv {
  const problems: string[] = []
  const get = (name: string) => {
    const value = env[name]?.trim()
    return value === '' ? undefined : value
  }
  const bool = (name: string): boolean | undefined => {
    const value = get(name)?.toLowerCase()
    if (value === undefined) return undefined
    if (['1', 'true', 'yes', 'on'].includes(value)) return true
    if (['0', 'false', 'no', 'off'].includes(value)) return false
    problems.push(`${name}: expected true or false, got "${env[name]}"`)
    return undefined
  }
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const value = get(name)
    if (value === undefined) return fallback
    const n = Number(value)
    if (Number.isInteger(n) && n >= min && n <= max) return n
    problems.push(`${name}: expected a whole number from ${min} to ${max}, got "${value}"`)
    return fallback
  }

  // DATABASE_URL (a secret you set, e.g. the pooler's URL) wins over the platform's SUPABASE_DB_URL.
  const databaseUrl = get('DATABASE_URL') ?? get('SUPABASE_DB_URL')
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL / SUPABASE_DB_URL: expected a postgres:// URL')
  const store = get('QUOTE_STORE') ?? 'postgres'
  if (store !== 'postgres' && store !== 'memory') problems.push(`QUOTE_STORE: expected "postgres" or "memory", got "${store}"`)

  const mailTo = get('MAIL_TO')
  if (mailTo && !z.email().safeParse(mailTo).success) problems.push(`MAIL_TO: "${mailTo}" is not an e-mail address`)

  const allowedOrigins = get('ALLOWED_ORIGINS')
    ?.split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  for (const origin of allowedOrigins ?? []) {
    if (origin !== '*' && !isOrigin(origin))
      problems.push(`ALLOWED_ORIGINS: "${origin}" is not an origin like https://www.example.com (no path, no trailing slash)`)
  }

  const supabaseUrl = get('SUPABASE_URL')
  const functionOrigin = supabaseUrl === undefined ? undefined : originOf(supabaseUrl)
  if (supabaseUrl !== undefined && functionOrigin === undefined) problems.push(`SUPABASE_URL: "${supabaseUrl}" is not a URL like https://abcd.supabase.co`)

  const retrySeconds = int('OUTBOX_RETRY_SECONDS', 15, 0, 86_400)
  const outboxSecret = get('OUTBOX_SECRET')
  if (outboxSecret !== undefined && outboxSecret.length < 16)
    problems.push('OUTBOX_SECRET: use at least 16 characters (a random string, also stored in Supabase Vault for the cron job)')
  const result: FunctionEnv = {
    databaseUrl,
    memoryStore: store === 'memory',
    smtp: readSmtp(get, bool, int, problems),
    mailDir: get('MAIL_DIR'),
    mailTo,
    allowedOrigins,
    functionOrigin,
    trustProxy: bool('TRUST_PROXY'),
    rateLimit: { max: int('RATE_LIMIT_MAX', 5, 1, 1_000_000), windowMs: int('RATE_LIMIT_WINDOW_SECONDS', 600, 1, 86_400) * 1000 },
    // Any stable secret works; the service-role key is one the platform already provides.
    ipHashSecret: get('IP_HASH_SECRET') ?? get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
    retryEveryMs: retrySeconds === 0 ? null : retrySeconds * 1000,
    outboxSecret,
    retentionDays: int('RETENTION_DAYS', RETENTION.defaultDays, RETENTION.minDays, RETENTION.maxDays),
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return result
}

function readSmtp(
  get: (name: string) => string | undefined,
  bool: (name: string) => boolean | undefined,
  int: (name: string, fallback: number, min: number, max: number) => number,
  problems: string[],
): SmtpSettings | undefined {
  const host = get('SMTP_HOST')
  if (!host) {
    const stray = ['SMTP_PORT', 'SMTP_SECURE', 'SMTP_USER', 'SMTP_PASS', 'SMTP_FROM'].filter((name) => get(name) !== undefined)
    if (stray.length > 0) problems.push(`${stray.join(', ')} set without SMTP_HOST`)
    return undefined
  }
  const port = int('SMTP_PORT', 465, 1, 65_535)
  const user = get('SMTP_USER')
  const pass = get('SMTP_PASS')
  if ((user === undefined) !== (pass === undefined)) problems.push('SMTP_USER and SMTP_PASS: set both or neither')
  const from = get('SMTP_FROM') ?? (user && z.email().safeParse(user).success ? user : undefined)
  if (!from) problems.push('SMTP_FROM: required with SMTP_HOST (the sender address, e.g. "Website <no-reply@example.com>")')
  return { host, port, secure: bool('SMTP_SECURE') ?? port === 465, auth: user && pass ? { user, pass } : undefined, from: from ?? '' }
}

function originOf(url: string): string | undefined {
  try {
    const { origin } = new URL(url)
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value
  } catch {
    return false
  }
}

export function handlerConfig(site: SiteData, env: FunctionEnv, defaults: { allowedOrigins: string[]; trustProxy: boolean }): HandlerConfig {
  return {
    companyName: site.company,
    companyEmail: site.email,
    mailTo: env.mailTo ?? site.email,
    serviceChoices: site.quoteServiceChoices,
    siteUrl: site.siteUrl,
    functionOrigin: env.functionOrigin,
    pages: site.pages,
    places: site.places,
    allowedOrigins: env.allowedOrigins ?? defaults.allowedOrigins,
    trustProxy: env.trustProxy ?? defaults.trustProxy,
    rateLimit: env.rateLimit,
    ipHashSecret: env.ipHashSecret,
    retryEveryMs: env.retryEveryMs,
    outboxSecret: env.outboxSecret,
    retentionMs: env.retentionDays * 86_400_000,
  }
}
