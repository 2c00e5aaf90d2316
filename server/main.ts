// `npm start`: builds the site if it is missing or stale, then serves it with the quote function.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ConfigError, readEnv, SiteDataSchema } from '../supabase/functions/send-contact-email/config.ts'
import { getCatalogue } from '../src/catalog/index'
import { catalogueRedirectRules } from '../src/urls/redirects'
import { buildSite, staleBuildReason } from './build.ts'
import { startServer } from './server.ts'

const cwd = process.cwd()

async function main() {
  const port = Number(process.env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new ConfigError([`PORT: expected a port number, got "${process.env.PORT}"`])
  const settings = readEnv(process.env) // fails before a long build, not after it

  const stale = staleBuildReason(cwd)
  if (stale) {
    console.log(`Building the site first: ${stale}.`)
    await buildSite(cwd)
  }
  const catalogue = getCatalogue()
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data')
  if (!settings.databaseUrl && !existsSync(path.join(dataDir, 'pglite'))) {
    console.log(`Creating the local quote database in ${path.relative(cwd, path.join(dataDir, 'pglite'))} (first start only, about 10 s)…`)
  }
  const server = await startServer({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    root: path.join(cwd, 'dist/client'),
    routeContext: catalogue.routeContext,
    redirects: catalogueRedirectRules(catalogue),
    site: SiteDataSchema.parse(catalogue.site),
    dataDir,
  })
  console.log(`\nThe site is at ${server.url}`)
  console.log(`Quote requests are stored in ${server.backend.databaseLabel}`)
  console.log(`Quote e-mails go to ${server.backend.mailLabel}`)
  console.log('Press Ctrl+C to stop.\n')

  const stop = async () => {
    await server.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message)
  else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') console.error(`Port ${process.env.PORT ?? 3000} is in use: stop the other server or set PORT.`)
  else console.error(error)
  process.exit(1)
})
