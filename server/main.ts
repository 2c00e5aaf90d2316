// `npm start`: builds what changed since the last build, serves the site with the quote function, and rebuilds
// the affected pages whenever a file of data/ is saved.
import '../scripts/lib/supportedNode.mjs'
import '../src/build/productionMode'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, watch } from 'node:fs'
import path from 'node:path'
import { ConfigError, readEnv } from '../supabase/functions/send-contact-email/config'
import { functionSiteData } from '../src/quote/functionSite'
import { buildSite } from '../src/build/build'
import { DataError } from '../src/catalog/index'
import { SLUG_RECORD_FILE } from '../src/slugs/record'
import { PHOTOS_DIR } from '../src/catalog/photos'
import { CONTENT_DIR } from '../src/catalog/content'
import { filesIn } from '../src/files/filesIn'
import { catalogueRedirectRules } from '../src/hosting/redirects'
import { checkDataDirFree, DataDirInUseError, openPglite, pauseDatabaseCreation } from './pglite'
import { listenServer, type ListeningServer } from './server'
import { createStaffPreview, type StaffPreview } from './staff/preview'

const cwd = process.cwd()
const DATA_DIR = path.join(cwd, 'data')
const CONTENT = path.join(cwd, CONTENT_DIR)

async function main() {
  const port = Number(process.env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new ConfigError([`PORT: expected a port number, got "${process.env.PORT}"`])
  const settings = readEnv(process.env) // fails before a long build, not after it

  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data')
  const pgliteDir = path.join(dataDir, 'pglite')
  // Another `npm start` on the same folder is found before the build, not after it.
  if (!settings.databaseUrl) checkDataDirFree(pgliteDir)
  // An existing local quote database opens (in a thread of its own) while the site builds. A new one is created after
  // the build (a build that fails (bad data) must not stop the database's creation half-way), while the site is
  // served and data/ watched: an edit saved meanwhile is built at once, not after the database (issue 40).
  const existing = !settings.databaseUrl && existsSync(pgliteDir)
  const pglite = existing ? openPglite(pgliteDir) : undefined
  void pglite?.catch(() => undefined) // awaited by the server's backend, once the site is built

  // Read before the build reads them: a save from now on differs from what was built and is built once watching starts.
  const data = readData()
  const { catalogue } = await buildSite({ root: cwd })
  const built = builtStamp(data)
  const staff = createStaffPreview({ root: cwd })
  staff.built(catalogue, [])
  const creating = !settings.databaseUrl && !existing
  const server = await listenServer({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    root: path.join(cwd, 'dist/client'),
    routeContext: catalogue.routeContext,
    redirects: catalogueRedirectRules(catalogue),
    hstsPreload: catalogue.site.hstsPreload,
    site: functionSiteData(catalogue),
    dataDir,
    pglite: creating ? heldDatabase().then(() => openPglite(pgliteDir)) : pglite,
    staff,
  })
  const watcher = watchData(server, built, staff)
  // Saves during the build came before the watcher: build them now.
  watcher.check()
  const stop = async () => {
    watcher.close()
    await server.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())

  if (creating) console.log(`Creating the local quote database in ${path.relative(cwd, pgliteDir)} (first start only, about 10 s)…`)
  // The quote form's requests are answered 503 ("The server is starting") until its database is ready.
  const ready = await server.ready
  console.log(`\nThe site is at ${ready.url}`)
  console.log(`Quote requests are stored in ${ready.backend.databaseLabel}`)
  console.log(`Quote e-mails go to ${ready.backend.mailLabel}`)
  console.log(`Watching ${path.relative(cwd, DATA_DIR)}/ and ${CONTENT_DIR}/: save a file and the open pages it changes reload themselves.`)
  console.log(`Where each city stands in the search index: ${ready.url}/_staff`)
  console.log('Press Ctrl+C to stop.\n')
}

/**
 * QUOTE_DB_HOLD_FILE, for tests only: a new local quote database is created once that file exists, so that a test can
 * save an edit while the database is not made yet, deterministically (tests/e2e/watch.test.ts). Unset: at once.
 */
async function heldDatabase(): Promise<void> {
  const hold = process.env.QUOTE_DB_HOLD_FILE
  while (hold && !existsSync(hold)) await new Promise((resolve) => setTimeout(resolve, 50))
}

/**
 * Rebuilds after every save under data/ (editors and spreadsheet programs often write a file in several steps,
 * hence the short pause), and on `check()` when data/ differs from `built`, the stamp of the data last built.
 * A bad edit is reported with file, line and field, here and at the top of every page served (./refusedEdit.ts), and
 * the last good site stays up.
 */
function watchData(server: ListeningServer, built: string, staff: StaffPreview) {
  let timer: NodeJS.Timeout | undefined
  let building = false
  let again = false
  /** Whether the last rebuild was refused: every page then shows the banner. */
  let refused = false
  const rebuild = async () => {
    if (building) return void (again = true)
    const data = readData()
    // A save that changes no byte of data/ needs no build.
    const current = stamp(data)
    if (current === built) return
    built = current
    building = true
    // A first start's database, if still being created, waits for the build (issue 40: the edit is live first).
    const resume = pauseDatabaseCreation()
    try {
      console.log('\ndata/ changed: rebuilding...')
      // The pages show the edit's state (a banner while it is refused) to the requests that waited for this build too.
      await server.rebuild(async () => {
        try {
          const { catalogue, changed, removed } = await buildSite({ root: cwd })
          built = builtStamp(data)
          server.refuseEdit(undefined)
          // The open pages the build changed reload (they ask while the site's requests wait for this build to end).
          staff.built(catalogue, [...changed, ...removed], refused)
          refused = false
          return { routeContext: catalogue.routeContext, redirects: catalogueRedirectRules(catalogue), hstsPreload: catalogue.site.hstsPreload }
        } catch (error) {
          server.refuseEdit(
            error instanceof DataError
              ? { summary: error.message.split('\n')[0]!, problems: error.problems }
              : { summary: 'The rebuild failed (the terminal where `npm start` runs has the details):', problems: [String(error)] },
          )
          // Every open page reloads to show the banner, and again once a save fixes the edit.
          staff.everyPage()
          refused = true
          throw error
        }
      })
      console.log('The open pages the edit changed reload themselves.')
    } catch (error) {
      if (error instanceof DataError) console.error(`${error.message}\n\nThe site still shows the last good data. Fix the lines above and save again.`)
      else console.error('The rebuild failed; the site still shows the last good build:', error)
    } finally {
      resume()
      building = false
      if (again) {
        again = false
        void rebuild()
      }
    }
  }
  const check = () => {
    clearTimeout(timer)
    timer = setTimeout(() => void rebuild(), 50)
  }
  // Recursive: a photo saved into data/photos/ is an edit too; and every file of content/ (texts, job stories).
  const watchers = [DATA_DIR, CONTENT].filter((dir) => existsSync(dir)).map((dir) => watch(dir, { recursive: true }, check))
  return { check, close: () => watchers.forEach((w) => w.close()) }
}

/**
 * Every file of data/ and content/ with its bytes; the photos (data/photos/, a job's folder) with their size and
 * modification time (megabytes each).
 */
function readData(): Map<string, Buffer> {
  const data = new Map<string, Buffer>()
  for (const file of readdirSync(DATA_DIR)) {
    const full = path.join(DATA_DIR, file)
    if (statSync(full).isFile()) data.set(file, readFileSync(full))
  }
  const photos = path.join(DATA_DIR, PHOTOS_DIR)
  for (const file of existsSync(photos) ? readdirSync(photos) : []) {
    const stat = statSync(path.join(photos, file))
    if (stat.isFile()) data.set(`${PHOTOS_DIR}/${file}`, Buffer.from(`${stat.size} ${stat.mtimeMs}`))
  }
  for (const file of filesIn(CONTENT)) {
    const full = path.join(CONTENT, file)
    const key = path.relative(cwd, full)
    if (full.endsWith('.md')) data.set(key, readFileSync(full))
    else data.set(key, Buffer.from(`${statSync(full).size} ${statSync(full).mtimeMs}`))
  }
  return data
}

/** A hash of files of data/. */
function stamp(data: Map<string, Buffer>): string {
  const hash = createHash('sha1')
  for (const file of [...data.keys()].sort()) hash.update(`${file}\0`).update(data.get(file)!)
  return hash.digest('hex')
}

/**
 * The stamp of what a build made from `data`, read before it started: the build writes data/city-slugs.csv itself,
 * so that file counts as the build left it. A save during the build is not in `data`, so it still counts as an edit.
 */
function builtStamp(data: Map<string, Buffer>): string {
  const record = path.join(DATA_DIR, SLUG_RECORD_FILE)
  const built = new Map(data)
  if (existsSync(record)) built.set(SLUG_RECORD_FILE, readFileSync(record))
  else built.delete(SLUG_RECORD_FILE)
  return stamp(built)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) console.error(error.message)
  else if (error instanceof DataError) console.error(`${error.message}\n\nFix the lines above in the data files, then run \`npm start\` again.`)
  else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
    console.error(`Port ${process.env.PORT ?? 3000} is in use: stop the other server or set PORT.`)
  else console.error(error)
  process.exit(1)
})
