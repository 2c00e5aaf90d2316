import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyMigrations } from '../../server/migrate.ts'
import { pgDatabase } from '../../supabase/functions/send-contact-email/store.ts'
import { VALID } from './helpers/fixtures.ts'
import { freePort, POSTGRES_MISSING, postgresMode, startCluster, type TestCluster } from './helpers/postgres.ts'
import { headersOf, startSmtp, type TestSmtp } from './helpers/smtp.ts'

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
async function startDeno(env: Record<string, string>, writable: string): Promise<DenoFunction> {
  const port = await freePort()
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
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DENO_DIR: process.env.DENO_DIR ?? path.join(os.tmpdir(), 'quote-deno-cache'), NO_COLOR: '1', FUNCTION_PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk))
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
  fetch(url, {
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
    const response = await fetch(fn.url, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type' },
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
})

describe.runIf(postgresMode === 'fail')('the Deno entry with PostgreSQL and SMTP', () => {
  it('needs PostgreSQL in CI', () => {
    throw new Error(POSTGRES_MISSING)
  })
})

describe.runIf(postgresMode === 'run')('the Deno entry with PostgreSQL and SMTP (as deployed)', () => {
  let cluster: TestCluster
  let smtp: TestSmtp
  let fn: DenoFunction
  let scratch: string

  beforeAll(async () => {
    cluster = await startCluster()
    const db = pgDatabase(cluster.url)
    await applyMigrations(db)
    await db.close()
    smtp = await startSmtp()
    scratch = mkdtempSync(path.join(os.tmpdir(), 'quote-deno-'))
    fn = await startDeno(
      { SUPABASE_DB_URL: cluster.url, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false', SMTP_FROM: 'Website <no-reply@example.com>' },
      scratch,
    )
  }, 120_000)
  afterAll(async () => {
    fn?.stop()
    await smtp?.close()
    await cluster?.stop()
    if (scratch && existsSync(scratch)) rmSync(scratch, { recursive: true, force: true })
  })

  it('stores the row in Postgres and e-mails it over SMTP, once per key', async () => {
    expect((await request(fn.url, 'deno-pg-key-0000000001')).status).toBe(200)
    expect((await request(fn.url, 'deno-pg-key-0000000001')).status).toBe(200)
    const client = new pg.Client(cluster.url)
    await client.connect()
    const { rows } = await client.query('select name, status, attempts from quote_requests')
    await client.end()
    expect(rows).toEqual([{ name: 'Ada Lovelace', status: 'sent', attempts: 1 }])
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]!.envelope.to).toEqual(['accounts@evergreenjanitorial.com'])
  })
})
