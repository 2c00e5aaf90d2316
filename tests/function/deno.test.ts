import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'node-html-parser'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyMigrations } from '../../server/migrate'
import { OUTBOX_SECRET_HEADER } from '../../supabase/functions/send-contact-email/handler'
import { createSqlStore, pgDatabase } from '../../supabase/functions/send-contact-email/store'
import { NO_PLACE, VALID } from './helpers/fixtures'
import { freePort } from '../../scripts/lib/freePort'
import { POSTGRES_MISSING, postgresMode, startCluster, type TestCluster } from './helpers/postgres'
import { headersOf, partOf, startSmtp, type TestSmtp } from './helpers/smtp'
import { sitePage, warmSitePages } from './helpers/sitePages'
import { makeTestCertificates, type TestCertificates } from './helpers/tls'
import { localFetch } from '../../scripts/lib/localFetch'

const DENO = path.resolve('node_modules/.bin/deno')
const FUNCTION_DIR = path.resolve('supabase/functions/send-contact-email')
const ORIGIN = 'http://localhost:3000'

interface DenoFunction {
  url: string
  output: () => string
  stop: () => void
}

/**
 * Runs the real index.ts with the deno binary, its npm imports resolved from the project's
 * node_modules (the import map in deno.json names the same packages).
 */
async function startDeno(env: Record<string, string>, writable: string, port?: number): Promise<DenoFunction> {
  port ??= await freePort()
  const args = [
    'run',
    `--config=${path.join(FUNCTION_DIR, 'deno.json')}`,
    '--node-modules-dir=manual',
    '--no-lock',
    '--allow-net',
    '--allow-env',
    '--allow-sys',
    '--allow-read',
    `--allow-write=${writable}`,
    path.join(FUNCTION_DIR, 'index.ts'),
  ]
  const child: ChildProcess = spawn(DENO, args, {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DENO_DIR: process.env.DENO_DIR ?? path.join(os.tmpdir(), 'quote-deno-cache'),
      NO_COLOR: '1',
      FUNCTION_PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`deno did not start in 60 s:\n${output}`)), 60_000)
    const check = () => {
      if (output.includes('listening on')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`deno exited with ${code}:\n${output}`))
    })
  })
  child.removeAllListeners('exit')
  return { url: `http://127.0.0.1:${port}`, output: () => output, stop: () => child.kill('SIGTERM') }
}

const request = (url: string, key: string, body: object = VALID) =>
  localFetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'x-idempotency-key': key, 'X-Forwarded-For': '198.51.100.20' },
    body: JSON.stringify(body),
  })

describe('the Deno entry without a database (QUOTE_STORE=memory, MAIL_DIR)', () => {
  let fn: DenoFunction
  let mailDir: string

  beforeAll(async () => {
    mailDir = mkdtempSync(path.join(os.tmpdir(), 'quote-deno-mail-'))
    fn = await startDeno({ QUOTE_STORE: 'memory', MAIL_DIR: mailDir }, mailDir)
  }, 90_000)
  afterAll(() => {
    fn?.stop()
    rmSync(mailDir, { recursive: true, force: true })
  })

  it('answers the CORS preflight of supabase-js', async () => {
    const response = await localFetch(fn.url, {
      method: 'OPTIONS',
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(response.headers.get('access-control-allow-headers')).toContain('x-client-info')
  })

  it('stores and e-mails a quote request', async () => {
    const response = await request(fn.url, 'deno-memory-key-000001')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true })
    const files = readdirSync(mailDir)
    expect(files).toHaveLength(1)
    expect(headersOf(readFileSync(path.join(mailDir, files[0]!), 'utf8')).get('reply-to')).toBe('Ada Lovelace <ada@example.com>')
  })

  it('validates like the handler does', async () => {
    const response = await request(fn.url, 'deno-memory-key-000002', { ...VALID, email: 'nope' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ success: false, error: 'Please enter a valid email address.' })
  })

  it('checks the page’s place against the catalogue of site.json: a known city is named in the e-mail, an unknown one dropped', async () => {
    const before = new Set(readdirSync(mailDir))
    const place = { ...VALID, page: '/quote', serviceSlug: 'strip-wax' }
    expect((await request(fn.url, 'deno-memory-key-000003', { ...place, city: 'boise' })).status).toBe(200)
    expect((await request(fn.url, 'deno-memory-key-000004', { ...place, city: 'atlantis' })).status).toBe(200)
    const subjects = readdirSync(mailDir)
      .filter((f) => !before.has(f))
      .sort()
      .map((f) => headersOf(readFileSync(path.join(mailDir, f), 'utf8')).get('subject'))
    expect(subjects).toEqual(['Quote request: Strip & Wax in Boise, ID (page /quote)', 'Quote request: Strip & Wax (page /quote)'])
  })
})

describe.runIf(postgresMode === 'fail')('the Deno entry with PostgreSQL and SMTP', () => {
  it('needs PostgreSQL in CI', () => {
    throw new Error(POSTGRES_MISSING)
  })
})

describe.runIf(postgresMode === 'run')('the Deno entry with PostgreSQL and SMTP over implicit TLS (as deployed)', () => {
  const OUTBOX_SECRET = 'outbox-secret-for-the-deno-test-0123'
  let cluster: TestCluster
  let certificates: TestCertificates
  let smtp: TestSmtp
  let fn: DenoFunction
  let scratch: string
  /** The site's pages (the real components' HTML), which the function reads to answer a refused form post. */
  let site: http.Server
  let siteOrigin: string

  beforeAll(async () => {
    warmSitePages()
    site = http.createServer((req, res) => {
      const html = sitePage(new URL(req.url ?? '/', 'http://site').pathname)
      res.writeHead(html === null ? 404 : 200, { 'Content-Type': 'text/html; charset=utf-8' })
      res.end(html ?? 'Not found')
    })
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
    const functionPort = await freePort()
    cluster = await startCluster()
    const db = pgDatabase(cluster.url)
    await applyMigrations(db)
    await db.close()
    certificates = makeTestCertificates()
    smtp = await startSmtp({ tls: certificates, auth: { user: 'website@example.com', pass: 'smtp-password' } })
    scratch = mkdtempSync(path.join(os.tmpdir(), 'quote-deno-'))
    fn = await startDeno(
      {
        SUPABASE_DB_URL: cluster.url,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_SECURE: 'true',
        SMTP_USER: 'website@example.com',
        SMTP_PASS: 'smtp-password',
        SMTP_FROM: 'Website <no-reply@example.com>',
        OUTBOX_SECRET,
        // Deno's way of trusting another certificate authority (the test one).
        DENO_CERT: certificates.caFile,
        ALLOWED_ORIGINS: `https://www.evergreenjanitorial.com,${ORIGIN},${siteOrigin}`,
        SUPABASE_URL: `http://127.0.0.1:${functionPort}`,
      },
      scratch,
      functionPort,
    )
  }, 120_000)
  afterAll(async () => {
    fn?.stop()
    site?.close()
    await smtp?.close()
    certificates?.remove()
    await cluster?.stop()
    if (scratch && existsSync(scratch)) rmSync(scratch, { recursive: true, force: true })
  })

  it('stores the row in Postgres and e-mails it over TLS after logging in, once per key', async () => {
    expect((await request(fn.url, 'deno-pg-key-0000000001')).status).toBe(200)
    expect((await request(fn.url, 'deno-pg-key-0000000001')).status).toBe(200)
    const client = new pg.Client(cluster.url)
    await client.connect()
    const { rows } = await client.query('select name, status, attempts from quote_requests')
    await client.end()
    expect(rows).toEqual([{ name: 'Ada Lovelace', status: 'sent', attempts: 1 }])
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]!.envelope.to).toEqual(['accounts@evergreenjanitorial.com'])
    expect(smtp.received[0]).toMatchObject({ secure: true, user: 'website@example.com' })
    expect(headersOf(smtp.received[0]!.raw).get('message-id')).toBe('<quote-request-1-deno-pg-key-0000000001@www.evergreenjanitorial.com>')
  })

  it('answers the plain HTML form with a 303 to the site’s thank-you page', async () => {
    const response = await localFetch(fn.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://www.evergreenjanitorial.com', 'X-Forwarded-For': '198.51.100.21' },
      body: new URLSearchParams({ ...VALID, name: 'Form Post', company_website: '' }).toString(),
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('https://www.evergreenjanitorial.com/thank-you')
  })

  it('stores and e-mails a quote for a place without pages of its own, with its nearest served city (a finder’s link)', async () => {
    const bozeman = { ...VALID, page: '/quote', place: 'Bozeman, MT', nearCity: 'billings', nearKm: 197.6, name: 'Bozeman Bo' }
    const before = smtp.received.length
    expect((await request(fn.url, 'deno-pg-place-key-000001', bozeman)).status).toBe(200)
    const client = new pg.Client(cluster.url)
    await client.connect()
    const { rows } = await client.query("select place, near_city_slug, near_km, city_slug from quote_requests where name = 'Bozeman Bo'")
    await client.end()
    expect(rows).toEqual([{ place: 'Bozeman, MT', near_city_slug: 'billings', near_km: '197.6', city_slug: '' }])
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(before + 1)
    const raw = smtp.received.at(-1)!.raw
    expect(headersOf(raw).get('subject')).toBe('Quote request: Strip & Wax in Bozeman, MT (page /quote)')
    expect(partOf(raw, 'text/plain')).toMatch(/^Place: +Bozeman, MT — nearest served city: Billings, MT, 123 mi$/m)
  })

  it('answers a refused plain form post with the site’s own page, read from the site, its form filled in; the form sent again from there is taken', async () => {
    const typed = {
      ...VALID,
      page: '/quote',
      name: 'Refused Rae',
      phone: 'call me',
      place: 'Bozeman, MT',
      nearCity: 'billings',
      nearKm: '197.6',
      company_website: '',
    }
    const post = (origin: string, fields: Record<string, string>) =>
      localFetch(fn.url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, 'X-Forwarded-For': '198.51.100.22' },
        body: new URLSearchParams(fields).toString(),
      })
    const response = await post(siteOrigin, typed)
    expect(response.status).toBe(400)
    const doc = parse(await response.text())
    expect(doc.querySelector('h1')?.textContent).toBe('Get Your Free Quote')
    expect(doc.querySelector('[role="alert"]')?.textContent).toContain('Please enter a phone number using only digits')
    const form = doc.querySelector('form[data-quote-form]')!
    const value = (name: string) => form.querySelector(`[name="${name}"]`)?.getAttribute('value')
    expect([value('name'), value('phone'), value('place'), value('nearCity'), value('nearKm')]).toEqual([
      'Refused Rae',
      'call me',
      'Bozeman, MT',
      'billings',
      '197.6',
    ])
    expect(form.getAttribute('action')).toBe(`${siteOrigin}/functions/v1/send-contact-email`)
    expect(doc.querySelectorAll('script')).toHaveLength(0)

    // The page is shown at the function's address: its form is posted from the function's origin (SUPABASE_URL).
    const again = await post(fn.url, { ...typed, phone: '406 555 0100' })
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toBe('https://www.evergreenjanitorial.com/thank-you')
  })

  it('e-mails a request left unsent when the Supabase Cron job of the migrations calls it (pg_net and Vault replaced by stand-ins)', async () => {
    const client = new pg.Client(cluster.url)
    await client.connect()
    try {
      // The job is scheduled by a migration, where pg_cron and pg_net exist (Supabase); this cluster has neither, so the
      // test runs the job's own SQL against stand-ins with pg_net's and Vault's names: net.http_post records the request.
      const migration = readdirSync('supabase/migrations').find((f) => readFileSync(path.join('supabase/migrations', f), 'utf8').includes('cron.schedule'))!
      const sql = readFileSync(path.join('supabase/migrations', migration), 'utf8')
      expect(sql).toMatch(/cron\.schedule\(\s*'send-contact-email-outbox',\s*'\* \* \* \* \*'/)
      const job = /\$job\$([\s\S]*?)\$job\$/.exec(sql)![1]!
      await client.query(`
        create schema net;
        create table net.requests (id bigserial primary key, url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds int);
        create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}', headers jsonb default '{"Content-Type": "application/json"}', timeout_milliseconds int default 5000)
          returns bigint language sql as $$ insert into net.requests (url, body, params, headers, timeout_milliseconds) values (url, body, params, headers, timeout_milliseconds) returning id $$;
        create schema vault;
        create table vault.decrypted_secrets (name text primary key, decrypted_secret text);`)
      await client.query("insert into vault.decrypted_secrets values ('project_url', $1), ('outbox_secret', $2)", [fn.url, OUTBOX_SECRET])

      // A request an instance stored and never e-mailed (it stopped first): its claim has run out.
      const store = createSqlStore(pgDatabase(cluster.url))
      const now = new Date()
      await store.admit(
        { ...VALID, ...NO_PLACE, name: 'Left By A Crash', idempotencyKey: 'deno-cron-left-over-0001', clientHash: 'c', spam: false, createdAt: now },
        { max: 5, since: new Date(now.getTime() - 60_000), leaseUntil: new Date(now.getTime() - 1) },
      )
      await store.close()
      const before = smtp.received.length

      await client.query(job) // what pg_cron runs every minute
      const { rows: calls } = await client.query<{ url: string; headers: Record<string, string>; body: object }>('select url, headers, body from net.requests')
      expect(calls).toHaveLength(1)
      expect(calls[0]!.url).toBe(`${fn.url}/functions/v1/send-contact-email`)
      // pg_net makes this request from the database:
      const response = await localFetch(calls[0]!.url, { method: 'POST', headers: calls[0]!.headers, body: JSON.stringify(calls[0]!.body) })
      expect(await response.json()).toEqual({ success: true, sent: 1, failed: 0 })
      expect(smtp.received.slice(before).map((m) => headersOf(m.raw).get('reply-to'))).toEqual(['Left By A Crash <ada@example.com>'])

      const wrong = await localFetch(calls[0]!.url, { method: 'POST', headers: { ...calls[0]!.headers, [OUTBOX_SECRET_HEADER]: 'not-the-secret' }, body: '{}' })
      expect(wrong.status).toBe(403)
    } finally {
      await client.end()
    }
  })
})
