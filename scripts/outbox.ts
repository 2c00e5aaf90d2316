// `npm run outbox`: e-mails every quote request not sent yet (after an SMTP outage, say), each
// exactly once. Same database and mail settings as the local server: PGlite in .data/ unless
// DATABASE_URL / SUPABASE_DB_URL is set (e.g. the Supabase database), SMTP_* or .eml files.
import path from 'node:path'
import { ConfigError, readEnv } from '../supabase/functions/send-contact-email/config'
import { functionSiteData } from '../src/quote/functionSite'
import { runOutbox } from '../supabase/functions/send-contact-email/outbox'
import { loadCatalogue } from '../src/catalog/index'
import { openQuoteBackend } from '../server/quoteBackend'

async function main() {
  const backend = await openQuoteBackend({
    settings: readEnv(process.env),
    site: functionSiteData(loadCatalogue()),
    dataDir: path.resolve(process.env.DATA_DIR ?? '.data'),
    allowedOrigins: [],
    log: (line) => console.log(line),
  })
  try {
    console.log(`Requests: ${backend.databaseLabel}. E-mail: ${backend.mailLabel}.`)
    const { sent, failed } = await runOutbox(backend.delivery, { manual: true })
    if (sent + failed === 0) console.log('No e-mail was waiting.')
    else console.log(`${sent} e-mail(s) sent${failed > 0 ? `, ${failed} failed (still pending: run \`npm run outbox\` again later)` : ''}.`)
    process.exitCode = failed > 0 ? 1 : 0
  } finally {
    await backend.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error)
  process.exit(1)
})
