import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { readEnv, type SiteData } from '../supabase/functions/send-contact-email/config'
import type { QuoteHandler } from '../supabase/functions/send-contact-email/handler'
import { runOutbox } from '../supabase/functions/send-contact-email/outbox'
import type { SqlDatabase } from '../supabase/functions/send-contact-email/store'
import { FUNCTION_ERROR_MESSAGES, FUNCTION_PATH, LIMITS } from '../supabase/functions/_shared/quoteContract'
import type { RedirectRules } from '../src/hosting/redirects'
import type { RouteContext } from '../src/urls/routes'
import { securityHeaders } from '../src/hosting/headers'
import { openQuoteBackend, type QuoteBackend } from './quoteBackend'
import { refusedEditBanner, type RefusedEdit } from './refusedEdit'
import { createStaticHandler } from './static'
import type { StaffPreview } from './staff/preview'

/** How long a client may take to send its headers, and its whole request. */
export const HEADERS_TIMEOUT_MS = 10_000
export const REQUEST_TIMEOUT_MS = 20_000
/** How long close() lets the requests being answered finish before it cuts their connections. */
export const CLOSE_GRACE_MS = 5_000
/** How long a step of close() takes before it is said. */
const CLOSE_NOTICE_MS = 3_000

/** A Host header the server can make a URL of: a name, an IPv4 or bracketed IPv6 address, an optional port. */
function isValidHost(host: string | undefined): boolean {
  if (host === undefined) return true
  const match =
    /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/.exec(host)
  // A port over 65535 (`localhost:99999`) passes the pattern but not the URL parser.
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535)
}

const isAborted = (error: unknown) =>
  ['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE'].includes((error as { code?: string }).code ?? '') || /aborted/i.test((error as Error).message ?? '')

export interface ServerOptions {
  /** 0 picks a free port. */
  port: number
  host?: string
  /** The build folder (dist/client). */
  root: string
  routeContext: RouteContext
  /** The rules of `_redirects` (old city URLs answer 301). */
  redirects?: RedirectRules
  /** `hstsPreload` of data/site.yaml (the `preload` of Strict-Transport-Security). */
  hstsPreload?: boolean
  site: SiteData
  /** Holds the PGlite database and the .eml files. */
  dataDir: string
  env?: Record<string, string | undefined>
  /** An open, migrated database to use instead of PGlite / DATABASE_URL (tests). */
  db?: SqlDatabase
  /** The PGlite database of `<dataDir>/pglite`, already being opened (openPglite). */
  pglite?: Promise<SqlDatabase>
  /** Send the e-mails still pending when the server starts (default true). */
  outboxOnStart?: boolean
  log?: (line: string) => void
  /** `npm start`'s staff preview (./staff/preview.ts): the city pages' panel, /_staff, the open pages reloaded. */
  staff?: StaffPreview
}

/** What the data decides about serving the build: which paths are pages, the redirects of old URLs, the HSTS preload. */
interface ServedSite {
  routeContext: RouteContext
  redirects?: RedirectRules
  hstsPreload?: boolean
}

/** The server as soon as it listens: it serves the site, and its quote function answers 503 until `ready`. */
export interface ListeningServer {
  url: string
  port: number
  /**
   * Runs `build`, which rewrites the build folder, while the site's requests wait (those being answered finish first),
   * then serves the folder as it is now, with the route table and redirects `build` returns. Pages are rewritten in
   * place: a page read during a rebuild could come out cut or mixed. A failed build is rethrown, after the waiting requests are answered from the folder as
   * it is.
   */
  rebuild(build: () => Promise<ServedSite>): Promise<void>
  /**
   * The edit the last rebuild refused, shown at the top of every page served from now on (./refusedEdit.ts), or
   * undefined once a rebuild succeeds: the banner goes at the next load.
   */
  refuseEdit(refused: RefusedEdit | undefined): void
  /**
   * The server with its quote backend, once its database is open (a first start creates it, ~10 s). Rejects, the
   * server closed, when the backend cannot be opened.
   */
  ready: Promise<RunningServer>
  /** Stops serving; a backend still being opened is closed once it is open (a database is never left half-made). */
  close(): Promise<void>
}

export interface RunningServer extends Omit<ListeningServer, 'ready'> {
  backend: QuoteBackend
}

/** The local server: the built site, and the quote function mounted as on Supabase; resolves once both answer. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  return (await listenServer(options)).ready
}

/**
 * The local server, resolved as soon as it serves the site, while its quote backend opens: `npm start` watches data/
 * from then on, so that the database's creation holds back neither the site nor an edit's rebuild. The quote function
 * answers 503 ("The server is starting") until `ready`: no request is acknowledged before it is stored.
 */
export async function listenServer(options: ServerOptions): Promise<ListeningServer> {
  const log = options.log ?? ((line: string) => console.log(line))
  const env = options.env ?? process.env
  const settings = readEnv(env)
  let banner: string | undefined
  const site = servedSite(
    (served) =>
      createStaticHandler({ root: path.resolve(options.root), ...served, banner: () => banner, panel: options.staff && ((p) => options.staff!.panel(p)) }),
    (served) => securityHeaders({ supabaseUrl: env.VITE_SUPABASE_URL, hstsPreload: served.hstsPreload }),
    { routeContext: options.routeContext, redirects: options.redirects, hstsPreload: options.hstsPreload },
  )

  let backend: QuoteBackend | undefined
  /** Whether close() has cut the connections still open (their requests end as cut, not as aborted by the client). */
  let cut = false
  // Node checks the timeouts below every `connectionsCheckingInterval` (default 30 s): once a second, so a slow
  // client is cut off after 10 or 20 s, not up to 30 s later.
  const server = http.createServer({ connectionsCheckingInterval: 1_000 }, (req, res) => {
    for (const [name, value] of Object.entries(site.headers())) res.setHeader(name, value)
    // A Host that is not a host name, an IP address or either with a port cannot make a URL: 400, not a crash.
    if (!isValidHost(req.headers.host)) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' })
      return res.end('Bad request: invalid Host header')
    }
    // Answered at once, also while a rebuild holds the site's requests: the staff page, its files and the event stream.
    if (options.staff?.handle(req, res)) return
    const pathname = (req.url ?? '/').split('?')[0]!
    if (pathname === FUNCTION_PATH) {
      if (backend) return void serveFunction(req, res, backend.handler, log, () => cut)
      res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '5' })
      return res.end(JSON.stringify({ success: false, error: 'The server is starting. Please try again in a few seconds.' }))
    }
    if (pathname.startsWith('/functions/')) {
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' })
      return res.end(JSON.stringify({ success: false, error: 'No such function.' }))
    }
    site.serve(req, res)
  })
  // Seconds, not Node's minutes: a client that sends its headers or body slowly does not hold a connection.
  server.headersTimeout = HEADERS_TIMEOUT_MS
  server.requestTimeout = REQUEST_TIMEOUT_MS
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host ?? '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  const closeServer = () => new Promise<void>((resolve) => server.close(() => resolve()))

  let closing = false
  let timer: NodeJS.Timeout | undefined
  const opening = openQuoteBackend({
    settings,
    site: options.site,
    dataDir: options.dataDir,
    allowedOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
    pageOrigin: ownAddress(options.host ?? '127.0.0.1', port),
    log,
    db: options.db,
    pglite: options.pglite,
  })
  const close = async () => {
    closing = true
    clearInterval(timer)
    options.staff?.close()
    server.closeIdleConnections()
    // The requests being answered get CLOSE_GRACE_MS; then every connection still open is cut, so that no client (a
    // browser holding a connection, a stalled upload) keeps the server from stopping. Each wait longer than
    // CLOSE_NOTICE_MS is said, so that a stop that takes a while (Ctrl+C) says what it waits for.
    const cutting = setTimeout(() => {
      cut = true
      server.closeAllConnections()
    }, CLOSE_GRACE_MS)
    await said('stopping: waiting for the requests being answered...', closeServer()).finally(() => clearTimeout(cutting))
    const backend = await said(
      'stopping: waiting for the quote database to open...',
      opening.catch(() => undefined),
    )
    if (backend) await said('stopping: waiting for the e-mails being sent and the quote database to close...', backend.close())
  }
  const said = <T>(notice: string, work: Promise<T>): Promise<T> => {
    const slow = setTimeout(() => log(notice), CLOSE_NOTICE_MS)
    return work.finally(() => clearTimeout(slow))
  }
  const listening = {
    url: `http://localhost:${port}`,
    port,
    rebuild: site.rebuild,
    refuseEdit: (refused: RefusedEdit | undefined) => void (banner = refused && refusedEditBanner(refused)),
    close,
  }
  const ready = opening.then(
    (opened): RunningServer => {
      backend = opened
      if (closing) return { ...listening, backend: opened }
      if (options.outboxOnStart ?? true) {
        opened.background(() =>
          runOutbox(opened.delivery, { manual: true }).then(({ sent, failed }) => {
            if (sent > 0) log(`outbox: sent ${sent} e-mail(s) left pending by an earlier run`)
            if (failed > 0) log(`outbox: ${failed} e-mail(s) still cannot be sent (kept for a retry)`)
          }),
        )
      }
      // E-mails still pending (an SMTP outage, a crash before the e-mail went out) are retried on a timer, with or
      // without traffic; each row's claim (30 s) keeps two senders from taking it at once.
      const retryEvery = settings.retryEveryMs
      timer = retryEvery === null ? undefined : setInterval(() => opened.background(() => runOutbox(opened.delivery, { manual: false })), retryEvery)
      timer?.unref()
      return { ...listening, backend: opened }
    },
    async (error: unknown) => {
      await closeServer()
      throw error
    },
  )
  return { ...listening, ready }
}

/** Where the server itself can be reached: its host, or the loopback address when it listens on every address. */
function ownAddress(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`
}

/** How long a rebuild waits for the answers being sent when it starts (a client that reads slowly does not hold it). */
const ANSWERS_FINISH_MS = 2_000

/**
 * The build folder served with the route table of its data, and the headers of every answer; requests wait while a
 * rebuild writes it (`rebuild`).
 */
function servedSite(handlerFor: (site: ServedSite) => http.RequestListener, headersFor: (site: ServedSite) => Record<string, string>, first: ServedSite) {
  let site = first
  let handler = handlerFor(site)
  let headers = headersFor(site)
  /** The requests that came during a rebuild, answered when it ends; undefined when none runs. */
  let waiting: Array<() => void> | undefined
  let answering = 0
  let answered: (() => void) | undefined
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    if (waiting) return void waiting.push(() => serve(req, res))
    answering++
    res.once('close', () => {
      if (--answering === 0) answered?.()
    })
    handler(req, res)
  }
  const rebuild = async (build: () => Promise<ServedSite>) => {
    if (waiting) throw new Error('a rebuild is already running')
    waiting = []
    try {
      if (answering > 0) {
        await new Promise<void>((resolve) => {
          answered = resolve
          setTimeout(resolve, ANSWERS_FINISH_MS).unref()
        })
        answered = undefined
      }
      site = await build()
    } finally {
      // The route table and redirects are those of the last good build (a failed build returned none).
      handler = handlerFor(site)
      headers = headersFor(site)
      const held = waiting
      waiting = undefined
      for (const answer of held) answer()
    }
  }
  return { serve, rebuild, headers: () => headers }
}

/** Node request → Web Request → the function's handler → Node response. */
async function serveFunction(req: IncomingMessage, res: ServerResponse, handler: QuoteHandler, log: (line: string) => void, cutAtStop: () => boolean) {
  try {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    // Reads at most one byte past the limit, so an oversized body is refused without reading it all.
    const body = hasBody ? await readLimited(req, LIMITS.body + 1) : undefined
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, { method: req.method, headers, body })
    const response = await handler(request, { remoteAddr: req.socket.remoteAddress })
    const payload = Buffer.from(await response.arrayBuffer())
    const outHeaders = Object.fromEntries(response.headers)
    if (body && body.byteLength > LIMITS.body) outHeaders.connection = 'close'
    res.writeHead(response.status, outHeaders)
    res.end(payload)
  } catch (error) {
    if (req.destroyed || isAborted(error)) {
      // The client went away mid-request (or the stop cut its connection): nothing to answer, nothing to investigate.
      log(`${cutAtStop() ? 'request cut at the stop' : 'request aborted by the client'}: ${req.method} ${req.url}`)
      return
    }
    log(`function error: ${error instanceof Error ? error.stack : String(error)}`)
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify({ success: false, error: FUNCTION_ERROR_MESSAGES.en }))
  }
}

function readLimited(req: IncomingMessage, max: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const done = () => {
      if (settled) return
      settled = true
      req.off('data', onData)
      resolve(new Uint8Array(Buffer.concat(chunks).subarray(0, max)))
    }
    const onData = (chunk: Buffer) => {
      chunks.push(chunk)
      size += chunk.length
      if (size >= max) {
        req.pause()
        done()
      }
    }
    req.on('data', onData)
    req.once('end', done)
    req.once('error', (error) => {
      settled = true
      reject(error)
    })
    // The client closed the connection before the end of its body.
    req.once('close', () => {
      if (!settled && !req.complete) {
        settled = true
        reject(Object.assign(new Error('request aborted'), { code: 'ECONNRESET' }))
      }
    })
  })
}
