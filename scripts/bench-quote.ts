// `npm run bench:quote`: 2,000 valid quote requests at concurrency 50 against the local server
// (fresh PGlite in a temporary folder, e-mail to an SMTP sink), all on loopback. Prints requests
// per second, p50 / p99 latency, and rows stored and e-mails received against successful answers.
// BENCH_PROF=<folder> writes CPU profiles of the server process there.
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import http from 'node:http'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SMTPServer } from 'smtp-server'
import { startServer } from '../server/server'
import { FUNCTION_PATH, IDEMPOTENCY_HEADER } from '../supabase/functions/_shared/quoteContract'
import { loadCatalogue } from '../src/catalog/index'
import { functionSiteData } from '../src/quote/functionSite'

const TOTAL = 2_000
const CONCURRENCY = 50
const WARM_UP = 200
const TARGET_P99_MS = 250
const TIME_LIMIT_MS = 5 * 60_000

interface Report {
  rows: number
  keys: number
  sent: number
  /** CPU time of the server process (all its threads) during the measured run, in ms. */
  cpuMs: number
}

if (process.argv.includes('--serve')) await serve()
else await bench()

/** The server side, in its own process so that it has a core of its own. */
async function serve() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-quote-'))
  const root = path.join(tmp, 'client')
  mkdirSync(root)
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>bench</title>')
  const server = await startServer({
    port: 0,
    root,
    routeContext: { serviceSlugs: [], aliases: {}, hasCity: () => false, fr: { services: {}, hasCity: () => false } },
    site: functionSiteData(loadCatalogue()),
    dataDir: path.join(tmp, 'data'),
    env: {
      // Each request comes from its own fake address, so the rate limit does not trip.
      TRUST_PROXY: 'true',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: process.env.BENCH_SMTP_PORT,
      SMTP_SECURE: 'false',
      SMTP_FROM: 'Bench <bench@localhost>',
      OUTBOX_RETRY_SECONDS: '0',
    },
    log: () => undefined,
  })
  // Without its benchmark (stopped, crashed) the server has nothing to do.
  process.once('disconnect', () => process.exit(1))
  process.send!({ port: server.port })
  await once(process, 'message') // the warm-up is over: finish its e-mails before the measured run
  await server.backend.settled()
  process.send!('settled')
  const before = process.cpuUsage()
  await once(process, 'message')
  const used = process.cpuUsage(before)
  await server.backend.settled()
  const { rows } = await server.backend.db.query<Report>(
    "select count(*)::int as rows, count(distinct idempotency_key)::int as keys, (count(*) filter (where status = 'sent'))::int as sent from quote_requests where idempotency_key like 'bench-%'",
  )
  await server.close()
  rmSync(tmp, { recursive: true, force: true })
  process.send!({ ...rows[0]!, cpuMs: (used.user + used.system) / 1000 } satisfies Report, () => process.exit(0))
}

async function bench() {
  const received = new Map<string, number>()
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      let head = ''
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('utf8')
      })
      stream.on('end', () => {
        const id = /^X-Quote-Request-Id:\s*(\d+)/im.exec(head)?.[1] ?? '?'
        received.set(id, (received.get(id) ?? 0) + 1)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve))
  const smtpPort = (sink.server.address() as { port: number }).port

  const load = os.loadavg()[0]!.toFixed(1)
  console.log(`Starting the local server (fresh PGlite database: about 10 s); load average before: ${load} on ${os.cpus().length} cores…`)
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [])],
    env: { ...process.env, BENCH_SMTP_PORT: String(smtpPort) },
  })
  const guard = setTimeout(() => {
    console.error(`The benchmark did not finish in ${TIME_LIMIT_MS / 60_000} minutes.`)
    child.kill()
    process.exit(1)
  }, TIME_LIMIT_MS)
  const [{ port }] = (await once(child, 'message')) as [{ port: number }]

  // A plain keep-alive client: the load generator shares the machine's two cores with the server.
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  const payload = JSON.stringify({
    name: 'Bench Visitor',
    email: 'bench@example.com',
    phone: '555 0100',
    service: 'Deep Cleaning',
    message: 'Bench request.',
    page: '/quote',
  })
  const send = (key: string, address: string) =>
    new Promise<{ ms: number; ok: boolean; status: number }>((resolve, reject) => {
      const started = performance.now()
      const request = http.request(
        {
          agent,
          host: '127.0.0.1',
          port,
          path: FUNCTION_PATH,
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), [IDEMPOTENCY_HEADER]: key, 'X-Forwarded-For': address },
        },
        (response) => {
          let text = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => (text += chunk))
          response.on('end', () => {
            const ok = response.statusCode === 200 && (JSON.parse(text) as { success?: boolean }).success === true
            resolve({ ms: performance.now() - started, ok, status: response.statusCode ?? 0 })
          })
        },
      )
      request.on('error', reject)
      request.end(payload)
    })
  const address = (i: number, net: number) => `10.${net}.${(i >> 8) & 255}.${i & 255}`

  const latencies: number[] = []
  const failures = new Map<number, number>()
  let successes = 0
  const run = async (count: number, prefix: string, net: (i: number) => number, record: boolean) => {
    let next = 0
    const worker = async () => {
      while (next < count) {
        const i = next++
        const result = await send(`${prefix}-${i}-${'0'.repeat(16)}`, address(i, net(i)))
        if (!record) continue
        latencies.push(result.ms)
        if (result.ok) successes++
        else failures.set(result.status, (failures.get(result.status) ?? 0) + 1)
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  }

  // Warm-up at the same concurrency (connections, JIT), then wait until its e-mails are out.
  await run(WARM_UP, 'warmup', () => 200, false)
  child.send('warmed-up')
  await once(child, 'message')

  const started = performance.now()
  await run(TOTAL, 'bench', (i) => 1 + (i >> 16), true)
  const seconds = (performance.now() - started) / 1000

  child.send('report')
  const [report] = (await once(child, 'message')) as [Report]
  clearTimeout(guard)
  agent.destroy()
  sink.close()

  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!
  const mailed = [...received.entries()].filter(([id]) => Number(id) > WARM_UP)
  const duplicates = report.rows - report.keys + mailed.filter(([, n]) => n > 1).length
  const p99 = at(0.99)
  console.log(`\n${TOTAL.toLocaleString('en-US')} requests at concurrency ${CONCURRENCY} (after ${WARM_UP} warm-up requests):`)
  console.log(`  ${(TOTAL / seconds).toFixed(0)} requests/s, p50 ${at(0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`)
  console.log(`  server CPU: ${(report.cpuMs / TOTAL).toFixed(2)} ms per request (both threads; the machine has ${os.cpus().length} cores)`)
  console.log(`  successful answers: ${successes}${failures.size > 0 ? `; failed: ${[...failures].map(([s, n]) => `${n} × ${s}`).join(', ')}` : ''}`)
  console.log(
    `  rows stored: ${report.rows} (e-mailed: ${report.sent}); e-mails received: ${mailed.reduce((sum, [, n]) => sum + n, 0)}; duplicates: ${duplicates}`,
  )
  const lostOrDoubled = report.rows !== successes || report.sent !== report.rows || duplicates > 0 || mailed.length !== report.rows
  console.log(
    `  ${lostOrDoubled ? 'LOST OR DOUBLED REQUESTS' : 'no request lost or doubled'}; p99 target < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'MISSED'}`,
  )
  process.exit(lostOrDoubled ? 1 : 0)
}
