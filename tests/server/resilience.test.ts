import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { applyMigrations } from '../../server/migrate'
import { HANDLER_MESSAGES } from '../../supabase/functions/send-contact-email/handler'
import { messageIdOf } from '../../supabase/functions/send-contact-email/mail'
import { LEASE_MS } from '../../supabase/functions/send-contact-email/outbox'
import { pgDatabase, QUERY_TIMEOUT_MS } from '../../supabase/functions/send-contact-email/store'
import { SITE, VALID } from '../function/helpers/fixtures'
import { startCluster, type TestCluster } from '../function/helpers/postgres'
import { headersOf, startSmtp, type TestSmtp } from '../function/helpers/smtp'
import { makeTestCertificates, type TestCertificates } from '../function/helpers/tls'
import { startServerProcess, type ServerProcess } from './helpers/serverProcess'
import { localFetch } from '../../scripts/lib/localFetch'

/**
 * The local server as a process of its own against a real PostgreSQL cluster and a real SMTP server:
 * what happens to quote requests when the database goes away, stops answering, or the server itself
 * is killed, and e-mail over implicit TLS with a login.
 */

const FROM = 'Website <no-reply@example-cleaning.test>'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let sequence = 0
/** One quote request, as the form's script sends it; resolves with the status (0: no answer at all). */
async function quote(server: ServerProcess, key = `resilience-${process.pid}-${++sequence}-key`): Promise<{ key: string; status: number; body: string }> {
  try {
    const response = await localFetch(`${server.url}/functions/v1/send-contact-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-idempotency-key': key },
      body: JSON.stringify({ ...VALID, name: `Visitor ${sequence}` }),
    })
    return { key, status: response.status, body: await response.text() }
  } catch {
    return { key, status: 0, body: '' }
  }
}

// PostgreSQL is required here (startCluster says how to install it): these tests are the point of the file.
describe('the local server against PostgreSQL', () => {
  let cluster: TestCluster
  let db: pg.Client
  let dataDir: string
  let smtp: TestSmtp
  const servers: ServerProcess[] = []
  const serve = async (env: Record<string, string> = {}) => {
    const server = await startServerProcess({
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'false',
      SMTP_FROM: FROM,
      ...env,
    })
    servers.push(server)
    return server
  }
  const stored = async (keys: string[]) =>
    (await db.query<{ n: number }>('select count(*)::int as n from quote_requests where idempotency_key = any($1)', [keys])).rows[0]!.n

  beforeAll(async () => {
    cluster = await startCluster()
    const migrate = pgDatabase(cluster.url)
    await applyMigrations(migrate)
    await migrate.close()
    db = new pg.Client(cluster.url)
    await db.connect()
    // The test's own connection goes away with every restart of the cluster; it is reopened then.
    db.on('error', () => undefined)
    smtp = await startSmtp()
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'quote-resilience-'))
  }, 120_000)
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop('SIGKILL')
    smtp.received.length = 0
    smtp.delayMs = 0
  })
  afterAll(async () => {
    await db?.end().catch(() => undefined)
    await smtp?.close()
    await cluster?.stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })
  const reconnect = async () => {
    db = new pg.Client(cluster.url)
    db.on('error', () => undefined)
    await db.connect()
  }

  it('stays up when PostgreSQL is shut down under traffic, answers 503 meanwhile, and recovers when it returns', async () => {
    const server = await serve()
    const answers: { key: string; status: number }[] = []
    let running = true
    const client = async () => {
      while (running) {
        const { key, status } = await quote(server)
        answers.push({ key, status })
        if (status !== 200) await sleep(50)
      }
    }
    const clients = Array.from({ length: 16 }, client)
    await expect.poll(() => answers.filter((a) => a.status === 200).length, { timeout: 10_000 }).toBeGreaterThan(50)

    await cluster.shutdown() // pg_ctl stop -m fast: every session, mid-transaction or not, is terminated
    await sleep(2_000)
    expect(server.child.exitCode, server.output()).toBeNull()
    const during = await quote(server)
    expect(during.status).toBe(503)
    expect(JSON.parse(during.body)).toEqual({ success: false, error: HANDLER_MESSAGES.en.storeDown(SITE.email) })

    await cluster.restart()
    await expect.poll(async () => (await quote(server)).status, { timeout: 20_000, interval: 500 }).toBe(200)
    running = false
    await Promise.all(clients)
    expect(server.child.exitCode).toBeNull()
    expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaught/i)

    await reconnect()
    const acknowledged = answers.filter((a) => a.status === 200).map((a) => a.key)
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true)
    expect(await stored(acknowledged)).toBe(acknowledged.length)
  }, 90_000)

  it(`answers 503 within ${(QUERY_TIMEOUT_MS + 3_000) / 1000} s while PostgreSQL does not answer at all, and recovers by itself`, async () => {
    const server = await serve()
    expect((await quote(server)).status).toBe(200) // the pool holds open connections to the server about to freeze
    cluster.freeze()
    try {
      const started = Date.now()
      const answers = await Promise.all(Array.from({ length: 4 }, () => quote(server)))
      const seconds = (Date.now() - started) / 1000
      expect(answers.map((a) => a.status)).toEqual([503, 503, 503, 503])
      expect((JSON.parse(answers[0]!.body) as { error: string }).error).toBe(HANDLER_MESSAGES.en.storeDown(SITE.email))
      expect(seconds).toBeLessThan((QUERY_TIMEOUT_MS + 3_000) / 1000)
      // The pages are served all along.
      const page = await localFetch(`${server.url}/`)
      expect(page.status).toBe(200)
    } finally {
      cluster.thaw()
    }
    await expect.poll(async () => (await quote(server)).status, { timeout: 20_000, interval: 500 }).toBe(200)
    expect(server.child.exitCode).toBeNull()
  }, 120_000)

  it('e-mails every acknowledged request within a minute of a restart after kill -9, with no new traffic; a resend repeats its Message-ID', async () => {
    await db.query('truncate quote_requests restart identity')
    smtp.delayMs = 250 // a slow mail server: e-mails lag behind the answers, so the kill leaves many unsent
    const first = await serve()
    const acknowledged: string[] = []
    let next = 0
    let killed = false
    const client = async () => {
      while (!killed && next < 200) {
        next++
        const { key, status } = await quote(first)
        if (status === 200 && !killed) acknowledged.push(key)
        if (acknowledged.length >= 100 && !killed) {
          killed = true
          first.child.kill('SIGKILL') // requests still in flight
        }
      }
    }
    await Promise.all(Array.from({ length: 20 }, client))
    expect(await first.exited).toBe('SIGKILL')
    smtp.delayMs = 0
    const unsent = async () =>
      (await db.query<{ n: number }>("select count(*)::int as n from quote_requests where idempotency_key = any($1) and status <> 'sent'", [acknowledged]))
        .rows[0]!.n
    const left = await unsent()
    console.log(`kill -9 after ${acknowledged.length} acknowledged requests: ${left} not e-mailed yet`)
    expect(left).toBeGreaterThan(0) // the crash did leave work to recover

    const restarted = Date.now()
    await serve() // and then no request at all
    await expect.poll(unsent, { timeout: 60_000, interval: 1_000 }).toBe(0)
    const seconds = (Date.now() - restarted) / 1000
    console.log(`all ${acknowledged.length} acknowledged requests e-mailed ${seconds.toFixed(1)} s after the restart (claims last ${LEASE_MS / 1000} s)`)

    // None lost: every acknowledged request has its row and an e-mail with the Message-ID derived from it.
    const { rows } = await db.query<{ id: string; idempotency_key: string }>('select id, idempotency_key from quote_requests where idempotency_key = any($1)', [
      acknowledged,
    ])
    expect(rows).toHaveLength(acknowledged.length)
    const received = smtp.received.map((m) => ({ id: headersOf(m.raw).get('x-quote-request-id')!, messageId: headersOf(m.raw).get('message-id')! }))
    for (const row of rows) {
      expect(received.filter((m) => m.id === row.id).map((m) => m.messageId)).toContain(
        messageIdOf({ id: Number(row.id), idempotencyKey: row.idempotency_key }, SITE.siteUrl),
      )
    }
    // A resend (the mail server took it just before the kill) carries the same Message-ID as the first copy.
    const idsPerMessage = new Map<string, Set<string>>()
    for (const m of received) idsPerMessage.set(m.messageId, (idsPerMessage.get(m.messageId) ?? new Set()).add(m.id))
    expect([...idsPerMessage.values()].every((ids) => ids.size === 1)).toBe(true)
    console.log(`${received.length - idsPerMessage.size} e-mail(s) sent twice`)
  }, 150_000)

  describe('e-mail over implicit TLS (as on port 465) with a login', () => {
    let certificates: TestCertificates
    let secureSmtp: TestSmtp
    beforeAll(async () => {
      certificates = makeTestCertificates()
      secureSmtp = await startSmtp({ tls: certificates, auth: { user: 'website', pass: 'mail-password' } })
    })
    afterAll(async () => {
      await secureSmtp?.close()
      certificates?.remove()
    })
    /** The local server sending through the TLS server, trusting its test authority the usual Node way. */
    const serveOverTls = (password: string) =>
      serve({ SMTP_PORT: String(secureSmtp.port), SMTP_SECURE: 'true', SMTP_USER: 'website', SMTP_PASS: password, NODE_EXTRA_CA_CERTS: certificates.caFile })

    // The e-mails of one request (its Message-ID carries its idempotency key). A server started here also sends what
    // the tests before left pending: requests stored but not yet answered when the kill -9 test killed its server.
    const mailsOf = (key: string) => secureSmtp.received.filter((m) => headersOf(m.raw).get('message-id')?.includes(key))

    it('delivers over TLS after logging in, trusting the server’s certificate authority through NODE_EXTRA_CA_CERTS', async () => {
      const server = await serveOverTls('mail-password')
      const { key, status } = await quote(server)
      expect(status).toBe(200)
      await expect.poll(() => mailsOf(key).length, { timeout: 15_000 }).toBe(1)
      expect(mailsOf(key)[0]).toMatchObject({ secure: true, user: 'website', envelope: { to: [SITE.email] } })
    })

    it('keeps the request pending when the login is refused, and says why', async () => {
      const server = await serveOverTls('wrong-password')
      const { key, status } = await quote(server)
      expect(status).toBe(200)
      await expect.poll(() => server.output(), { timeout: 15_000 }).toMatch(/e-mail failed \(attempt 1\), kept for a retry: .*Invalid username or password/)
      // The server logs the failure, then records it: on a busy machine the row may lag the line by a moment.
      const row = async () =>
        (await db.query<{ status: string; attempts: number }>('select status, attempts from quote_requests where idempotency_key = $1', [key])).rows
      await expect.poll(row, { timeout: 15_000 }).toEqual([{ status: 'pending', attempts: 1 }])
      expect(mailsOf(key)).toHaveLength(0)
    })
  })
})
