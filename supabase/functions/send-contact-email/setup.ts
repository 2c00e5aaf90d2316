import { ConfigError, handlerConfig, readEnv, SiteDataSchema } from './config.ts'
import { createHandler, type HandlerDeps, type QuoteHandler } from './handler.ts'
import { createFileMailer, createSmtpMailer } from './mail.ts'
import { MemoryStore } from './memoryStore.ts'
import { createSqlStore, pgDatabase } from './store.ts'

/**
 * The deployed function's wiring, from its environment (read once; a bad setting stops the start):
 * Postgres at SUPABASE_DB_URL and SMTP_*. For trying it without either: QUOTE_STORE=memory, MAIL_DIR.
 */
export function createFunctionFromEnv(env: Record<string, string | undefined>, site: unknown, background?: HandlerDeps['background']): QuoteHandler {
  const settings = readEnv(env)
  const siteData = SiteDataSchema.parse(site)
  const problems: string[] = []
  if (!settings.databaseUrl && !settings.memoryStore) problems.push('SUPABASE_DB_URL: required (the project database; set automatically on Supabase)')
  if (!settings.smtp && !settings.mailDir) problems.push('SMTP_HOST: required (with SMTP_PORT=465, SMTP_USER, SMTP_PASS, SMTP_FROM)')
  if (problems.length > 0) throw new ConfigError(problems)

  // Behind Supabase's gateway: the client address arrives in X-Forwarded-For.
  const config = handlerConfig(siteData, settings, { allowedOrigins: [siteData.siteUrl, 'http://localhost:3000'], trustProxy: true })
  const store = settings.databaseUrl ? createSqlStore(pgDatabase(settings.databaseUrl, { max: 3 })) : new MemoryStore()
  const mailer = settings.smtp ? createSmtpMailer(settings.smtp) : createFileMailer(settings.mailDir!)
  return createHandler({ store, mailer, config, background })
}
