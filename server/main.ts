// `npm start`: builds what changed since the last build, serves the site with the quote function, and rebuilds
// the affected pages whenever a file of data/ is saved.
import '../src/build/productionMode'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, watch } from 'node:fs'
import path from 'node:path'
import { ConfigError, readEnv } from '../supabase/functions/send-contact-email/config.ts'
import { functionSiteData } from '../src/build/functionData'
import { buildSite } from '../src/build/build'
import { DataError } from '../src/catalog/index'
import { catalogueRedirectRules } from '../src/hosting/redirects'
import { startServer, type RunningServer } from './server.ts'

const cwd = process.cwd()
const DATA_DIR = path.join(cwd, 'data')

async function main() {
  const port = Number(process.env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new ConfigError([`PORT: expected a port number, got "${process.env.PORT}"`])
  const settings = readEnv(process.env) // fails before a long build, not after it

  const { catalogue } = await buildSite({ root: cwd })
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
    site: functionSiteData(catalogue.site),
    dataDir,
  })
  const watcher = watchData(server)
  console.log(`\nThe site is at ${server.url}`)
  console.log(`Quote requests are stored in ${server.backend.databaseLabel}`)
  console.log(`Quote e-mails go to ${server.backend.mailLabel}`)
  console.log(`Watching ${path.relative(cwd, DATA_DIR)}/: save a data file and reload the page to see the edit.`)
  console.log('Press Ctrl+C to stop.\n')

  const stop = async () => {
    watcher.close()
    await server.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

/**
 * Rebuilds after every save under data/ (editors and spreadsheet programs often write a file in several steps,
 * hence the short pause). A bad edit is reported with file, line and field, and the last good site stays up.
 */
function watchData(server: RunningServer) {
  let timer: NodeJS.Timeout | undefined
  let building = false
  let again = false
  // The build itself writes data/city-slugs.csv: a save that changes no byte of data/ needs no build.
  let built = dataStamp()
  const rebuild = async () => {
    if (building) return void (again = true)
    const stamp = dataStamp()
    if (stamp === built) return
    built = stamp
    building = true
    try {
      console.log('\ndata/ changed: rebuilding...')
      const { catalogue } = await buildSite({ root: cwd })
      built = dataStamp()
      server.reload({ routeContext: catalogue.routeContext, redirects: catalogueRedirectRules(catalogue) })
      console.log('Reload the page in the browser to see the edit.')
    } catch (error) {
      if (error instanceof DataError) console.error(`${error.message}\n\nThe site still shows the last good data. Fix the lines above and save again.`)
      else console.error('The rebuild failed; the site still shows the last good build:', error)
    } finally {
      building = false
      if (again) {
        again = false
        void rebuild()
      }
    }
  }
  return watch(DATA_DIR, () => {
    clearTimeout(timer)
    timer = setTimeout(() => void rebuild(), 50)
  })
}

/** A hash of every file of data/. */
function dataStamp(): string {
  const hash = createHash('sha1')
  for (const file of readdirSync(DATA_DIR).sort()) {
    const full = path.join(DATA_DIR, file)
    if (statSync(full).isFile()) hash.update(`${file}\0`).update(readFileSync(full))
  }
  return hash.digest('hex')
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message)
  else if (error instanceof DataError) console.error(`${error.message}\n\nFix the lines above in the data files, then run \`npm start\` again.`)
  else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') console.error(`Port ${process.env.PORT ?? 3000} is in use: stop the other server or set PORT.`)
  else console.error(error)
  process.exit(1)
})
