// The local server (server/server.ts) in a process of its own, as `npm start` runs it but without a
// build: a one-page site in SITE_ROOT (made by serverProcess.ts, which deletes it), the quote function, and every
// setting from the environment (DATABASE_URL, SMTP_*, DATA_DIR, ...). Prints "listening on <port>" once it answers.
import { startServer } from '../../../server/server'
import { functionSiteData } from '../../../src/quote/functionSite'
import { loadCatalogue } from '../../../src/catalog/index'

const server = await startServer({
  port: 0,
  root: process.env.SITE_ROOT!,
  routeContext: { serviceSlugs: [], aliases: {}, hasCity: () => false, fr: { services: {}, hasCity: () => false } },
  site: functionSiteData(loadCatalogue()),
  dataDir: process.env.DATA_DIR!,
})
console.log(`listening on ${server.port}`)
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)))
