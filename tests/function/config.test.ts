import { describe, expect, it } from 'vitest'
import { ConfigError, handlerConfig, readEnv } from '../../supabase/functions/send-contact-email/config'
import { createFunctionFromEnv } from '../../supabase/functions/send-contact-email/setup'
import { SITE } from './helpers/fixtures'

const problems = (env: Record<string, string>) => {
  try {
    readEnv(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('readEnv', () => {
  it('uses port 465 with implicit TLS unless told otherwise', () => {
    expect(readEnv({ SMTP_HOST: 'smtp.example.com', SMTP_USER: 'site@example.com', SMTP_PASS: 'secret' }).smtp).toEqual({
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      auth: { user: 'site@example.com', pass: 'secret' },
      from: 'site@example.com',
    })
    expect(readEnv({ SMTP_HOST: 'localhost', SMTP_PORT: '2525', SMTP_FROM: 'a@b.co' }).smtp).toMatchObject({ port: 2525, secure: false, auth: undefined })
  })

  it('has safe defaults for the rest', () => {
    expect(readEnv({})).toMatchObject({
      databaseUrl: undefined,
      memoryStore: false,
      smtp: undefined,
      rateLimit: { max: 5, windowMs: 600_000 },
      retryEveryMs: 15_000,
      outboxSecret: undefined,
      allowedOrigins: undefined,
      trustProxy: undefined,
      retentionDays: 730,
    })
    expect(readEnv({ RETENTION_DAYS: '365' }).retentionDays).toBe(365)
    expect(readEnv({ SUPABASE_DB_URL: 'postgresql://sb@db/postgres' }).databaseUrl).toBe('postgresql://sb@db/postgres')
    expect(readEnv({ DATABASE_URL: 'postgres://pooler@db/y', SUPABASE_DB_URL: 'postgresql://sb@db/postgres' }).databaseUrl).toBe('postgres://pooler@db/y')
    expect(readEnv({ ALLOWED_ORIGINS: 'https://a.example, http://localhost:3000' }).allowedOrigins).toEqual(['https://a.example', 'http://localhost:3000'])
    expect(readEnv({ OUTBOX_RETRY_SECONDS: '0' }).retryEveryMs).toBeNull()
  })

  it('takes the function’s own origin from SUPABASE_URL (its page for a refused form post is shown there)', () => {
    expect(readEnv({}).functionOrigin).toBeUndefined()
    expect(readEnv({ SUPABASE_URL: 'https://abcd.supabase.co/' }).functionOrigin).toBe('https://abcd.supabase.co')
    expect(handlerConfig(SITE, readEnv({ SUPABASE_URL: 'https://abcd.supabase.co' }), { allowedOrigins: [], trustProxy: true }).functionOrigin).toBe(
      'https://abcd.supabase.co',
    )
    expect(problems({ SUPABASE_URL: 'abcd.supabase.co' })).toEqual(['SUPABASE_URL: "abcd.supabase.co" is not a URL like https://abcd.supabase.co'])
  })

  it('names every bad setting at once, with what it expected', () => {
    const found = problems({
      SMTP_PORT: '587',
      TRUST_PROXY: 'maybe',
      RATE_LIMIT_MAX: '0',
      ALLOWED_ORIGINS: 'https://a.example/,example.com',
      MAIL_TO: 'nobody',
      DATABASE_URL: 'mysql://x',
      QUOTE_STORE: 'disk',
      RETENTION_DAYS: '2 years',
    })
    const expected = [
      'TRUST_PROXY: expected true or false, got "maybe"',
      'RATE_LIMIT_MAX: expected a whole number from 1 to 1000000, got "0"',
      'DATABASE_URL / SUPABASE_DB_URL: expected a postgres:// URL',
      'QUOTE_STORE: expected "postgres" or "memory", got "disk"',
      'MAIL_TO: "nobody" is not an e-mail address',
      'ALLOWED_ORIGINS: "https://a.example/" is not an origin like https://www.example.com (no path, no trailing slash)',
      'ALLOWED_ORIGINS: "example.com" is not an origin like https://www.example.com (no path, no trailing slash)',
      'SMTP_PORT set without SMTP_HOST',
      'RETENTION_DAYS: expected a whole number from 1 to 36500, got "2 years"',
    ]
    expect([...found].sort()).toEqual([...expected].sort())
  })

  it('needs a sender and both credentials with SMTP_HOST', () => {
    expect(problems({ SMTP_HOST: 'smtp.example.com', SMTP_USER: 'not-an-address' })).toEqual([
      'SMTP_USER and SMTP_PASS: set both or neither',
      'SMTP_FROM: required with SMTP_HOST (the sender address, e.g. "Website <no-reply@example.com>")',
    ])
  })
})

describe('handlerConfig', () => {
  it('mails the company address unless MAIL_TO overrides it, and uses the defaults the runtime passes', () => {
    const config = handlerConfig(SITE, readEnv({}), { allowedOrigins: ['http://localhost:3000'], trustProxy: true })
    expect(config).toMatchObject({ companyEmail: SITE.email, mailTo: SITE.email, allowedOrigins: ['http://localhost:3000'], trustProxy: true })
    expect(handlerConfig(SITE, readEnv({ MAIL_TO: 'staging@example.com', TRUST_PROXY: 'false' }), { allowedOrigins: [], trustProxy: true })).toMatchObject({
      companyEmail: SITE.email,
      mailTo: 'staging@example.com',
      trustProxy: false,
    })
  })
})

describe('createFunctionFromEnv (the deployed wiring)', () => {
  it('refuses to start without a database and SMTP', () => {
    expect(() => createFunctionFromEnv({}, SITE)).toThrow(/SUPABASE_DB_URL: required[\s\S]*SMTP_HOST: required/)
  })

  it('refuses a site.json without the company address', () => {
    expect(() => createFunctionFromEnv({ QUOTE_STORE: 'memory', MAIL_DIR: '/tmp' }, { ...SITE, email: undefined })).toThrow()
  })

  it('starts with the memory store and .eml files for a trial', () => {
    expect(typeof createFunctionFromEnv({ QUOTE_STORE: 'memory', MAIL_DIR: '/tmp/quote-mail' }, SITE)).toBe('function')
  })
})
