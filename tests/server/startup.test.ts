// The local server as a first `npm start` runs it (issue 40): it serves the site, and rebuilds it, while its quote
// database is still being made (here: until the test opens it); the quote function answers 503 until then, and stores
// the requests once it is open. tests/e2e/watch.test.ts does the same with `npm start`, its build and data/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { listenServer, type ListeningServer } from '../../server/server'
import { SERVICE_SLUGS } from '../../src/catalog/services'
import type { RouteContext } from '../../src/urls/routes'
import { FUNCTION_PATH } from '../../supabase/functions/_shared/quoteContract'
import type { SqlDatabase } from '../../supabase/functions/send-contact-email/store'
import { SITE, VALID } from '../function/helpers/fixtures'
import { migratedPglite } from '../function/helpers/pglite'
import { localFetch } from '../../scripts/lib/localFetch'

const ROUTES: RouteContext = { serviceSlugs: SERVICE_SLUGS, aliases: {}, hasCity: () => false, fr: { services: {}, hasCity: () => false } }
const STARTING = { status: 503, body: { success: false, error: 'The server is starting. Please try again in a few seconds.' } }

let tmp: string
let server: ListeningServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
  rmSync(tmp, { recursive: true, force: true })
})

/** The server on a one-page site, its database opened when the test calls `open`. */
async function startWhileOpening() {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'quote-startup-'))
  const root = path.join(tmp, 'client')
  mkdirSync(root)
  const index = path.join(root, 'index.html')
  writeFileSync(index, '<!doctype html><h1>Before the edit</h1>')
  let open!: (db: SqlDatabase) => void
  server = await listenServer({
    port: 0,
    root,
    routeContext: ROUTES,
    site: SITE,
    dataDir: path.join(tmp, 'data'),
    env: {},
    pglite: new Promise<SqlDatabase>((resolve) => (open = resolve)),
    outboxOnStart: false,
    log: () => undefined,
  })
  const url = server.url
  return {
    listening: server,
    index,
    open,
    page: () => localFetch(`${url}/`).then((response) => response.text()),
    quote: () =>
      localFetch(`${url}${FUNCTION_PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url }, body: JSON.stringify(VALID) }).then(
        async (response) => ({ status: response.status, body: (await response.json()) as unknown }),
      ),
  }
}

it('serves and rebuilds the site while its quote database is being made; the quote function answers 503 until it is open, then stores', async () => {
  const { listening, index, open, page, quote } = await startWhileOpening()
  expect(await page()).toContain('Before the edit')
  await listening.rebuild(async () => {
    writeFileSync(index, '<!doctype html><h1>After the edit</h1>')
    return { routeContext: ROUTES }
  })
  expect(await page()).toContain('After the edit')
  // Not acknowledged, so not lost: the form keeps what the visitor typed, to send again.
  expect(await quote()).toEqual(STARTING)

  open(await migratedPglite())
  const ready = await listening.ready
  expect(await quote()).toEqual({ status: 200, body: { success: true } })
  const { rows } = await ready.backend.db.query<{ name: string }>('select name from quote_requests')
  expect(rows).toEqual([{ name: VALID.name }])
})

it('closes a quote database still being made once it is open, not half-way', async () => {
  const { listening, open, quote } = await startWhileOpening()
  expect(await quote()).toEqual(STARTING)
  server = undefined // closed here
  let closed = false
  const closing = listening.close().then(() => (closed = true))
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect(closed).toBe(false)
  const db = await migratedPglite()
  open(db)
  await closing
  await expect(db.query('select 1')).rejects.toThrow()
})
