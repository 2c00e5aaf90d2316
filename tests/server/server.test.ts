import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLOSE_GRACE_MS, HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, startServer, type RunningServer } from '../../server/server'
import { SERVICE_SLUGS } from '../../src/catalog/services'
import { siteRedirectRules } from '../../src/hosting/redirects'
import type { RouteContext } from '../../src/urls/routes'
import { createSqlStore, type SqlDatabase } from '../../supabase/functions/send-contact-email/store'
import { NO_PLACE, SITE, VALID } from '../function/helpers/fixtures'
import { migratedPglite } from '../function/helpers/pglite'
import { localFetch, localRequest, type LocalAnswer } from '../../scripts/lib/localFetch'

/** A small stand-in for dist/client: each page says which file it is. */
const PAGES = [
  'index.html',
  'about.html',
  'quote.html',
  'services/strip-wax.html',
  'austin-strip-wax.html',
  'austin-strip-wax-janitorial.html',
  '404.html',
  'services/404.html',
  'not-found/city-service.html',
  'not-found/page.html',
  'fr.html',
  'fr/services/decapage-et-cirage.html',
  'fr/montreal-decapage-et-cirage.html',
  'fr/404.html',
  'fr/services/404.html',
  'fr/introuvable/ville-service.html',
]
/** Denver and Québec City are cities whose pages the stand-in build lacks. */
const ROUTES: RouteContext = {
  serviceSlugs: SERVICE_SLUGS,
  aliases: { 'move-in-out': 'move-in-move-out-cleaning' },
  hasCity: (slug) => slug === 'austin' || slug === 'denver',
  fr: { services: { 'decapage-et-cirage': 'strip-wax', 'grand-menage': 'deep-cleaning' }, hasCity: (slug) => slug === 'montreal' || slug === 'quebec' },
}
/** What data/city-slugs.csv would hold after Austin moved from `old-austin` and Waco (`waco`) was removed. */
const REDIRECTS = siteRedirectRules(
  [
    { from: 'old-austin', to: 'austin', city: { name: 'Austin', state: 'TX', country: 'US' } },
    { from: 'waco', to: null, city: { name: 'Waco', state: 'TX', country: 'US' } },
  ],
  { serviceSlugs: SERVICE_SLUGS, pagePaths: PAGES.map((p) => `/${p.replace(/\.html$/, '')}`) },
)
const SECRET = 'TOP SECRET, outside the build folder'

let tmp: string
let dataDir: string
let db: SqlDatabase
let server: RunningServer
const logged: string[] = []

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'quote-server-'))
  const root = path.join(tmp, 'dist', 'client')
  for (const page of PAGES) {
    mkdirSync(path.dirname(path.join(root, page)), { recursive: true })
    writeFileSync(path.join(root, page), `<!doctype html><title>${page}</title>`)
  }
  writeFileSync(
    path.join(root, 'quote.html'),
    '<!doctype html><html lang="en"><head><title>Quote</title><link rel="stylesheet" href="/assets/style.css"></head><body><main><h1>Stand-in quote page</h1>' +
      '<div data-quote-island=""><form data-quote-form="" method="post" action="/functions/v1/send-contact-email"><input type="hidden" name="page" value="/quote"/>' +
      '<input id="quote-name" name="name"/><input id="quote-phone" name="phone"/><input id="quote-place" name="place"/></form></div>' +
      '<script src="/assets/entries/page.Ab12Cd34.js" type="module"></script></main></body></html>',
  )
  mkdirSync(path.join(root, 'assets/entries'), { recursive: true })
  writeFileSync(path.join(root, 'assets/entries/page.Ab12Cd34.js'), 'console.log(1)')
  mkdirSync(path.join(root, 'uploads'))
  writeFileSync(path.join(root, 'uploads/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  writeFileSync(path.join(root, '_headers'), '/*')
  writeFileSync(path.join(tmp, 'secret.txt'), SECRET)
  writeFileSync(path.join(tmp, 'dist', 'secret.txt'), SECRET)
  dataDir = path.join(tmp, 'data')

  db = await migratedPglite()
  // A request whose e-mail failed before the server started: the start sends it.
  const store = createSqlStore(db)
  const early = await store.admit(
    { ...VALID, ...NO_PLACE, name: 'Left over', idempotencyKey: 'left-over-key-0000000', clientHash: 'x', spam: false, createdAt: new Date() },
    { max: 5, since: new Date(0), leaseUntil: new Date() },
  )
  if (early.outcome === 'stored') await store.markFailed(early.quote.id, 'SMTP down', { at: new Date(), maxAttempts: 10 })

  server = await standInServer((line) => logged.push(line))
}, 120_000)

/** A server of the stand-in build and the test database, its lines given to `log`, once it has settled. */
async function standInServer(log: (line: string) => void): Promise<RunningServer> {
  const started = await startServer({
    port: 0,
    root: path.join(tmp, 'dist', 'client'),
    routeContext: ROUTES,
    redirects: REDIRECTS,
    site: SITE,
    dataDir,
    env: { VITE_SUPABASE_URL: 'https://abc.supabase.co' },
    db,
    log,
  })
  await started.backend.settled()
  return started
}

afterAll(async () => {
  await server?.close()
  await db?.close()
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

/** A request with the path sent exactly as written (fetch would normalize `..`). */
function request(rawPath: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<LocalAnswer> {
  return localRequest(`http://127.0.0.1:${server.port}`, rawPath, options)
}

/** Bytes on a socket, for request lines that http.request refuses to send. */
function rawRequestLine(target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.end(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`))
    let text = ''
    socket.on('data', (chunk) => (text += chunk.toString('latin1')))
    socket.on('end', () => resolve(text))
    socket.on('error', reject)
  })
}

describe('pages', () => {
  it.each([
    ['/', 'index.html'],
    ['/about', 'about.html'],
    ['/services/strip-wax', 'services/strip-wax.html'],
    ['/austin-strip-wax', 'austin-strip-wax.html'],
    ['/austin-strip-wax-janitorial', 'austin-strip-wax-janitorial.html'],
    ['/about?utm_source=mail', 'about.html'],
    ['/fr', 'fr.html'],
    ['/fr/services/decapage-et-cirage', 'fr/services/decapage-et-cirage.html'],
    ['/fr/montreal-decapage-et-cirage', 'fr/montreal-decapage-et-cirage.html'],
  ])('serves %s from %s', async (url, file) => {
    const answer = await request(url)
    expect(answer.status).toBe(200)
    expect(answer.body).toContain(`<title>${file}</title>`)
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
  })

  it.each([
    ['/about/', '/about'],
    ['/about/?x=1', '/about?x=1'],
    ['/about.html', '/about'],
    ['/about.html?x=1', '/about?x=1'],
    ['/index.html', '/'],
    ['/index', '/'],
    ['/fr/', '/fr'],
    ['/services/strip-wax/', '/services/strip-wax'],
  ])('redirects %s to the one URL of the page, %s, with 307 as Cloudflare does', async (url, location) => {
    const answer = await request(url)
    expect(answer.status).toBe(307)
    expect(answer.headers.location).toBe(location)
  })

  it.each(['/nope/', '/nope.html', '/fr/index.html', '/services/'])('redirects %s nowhere: no page has that URL', async (url) => {
    expect((await request(url)).status).toBe(404)
  })

  it.each([
    ['/404', '404.html'],
    ['/services/404', 'services/404.html'],
    ['/not-found/city-service', 'not-found/city-service.html'],
    ['/fr/404', 'fr/404.html'],
  ])('serves the not-found page %s as a file, as the hosts do', async (url, file) => {
    const answer = await request(url)
    expect(answer.status).toBe(200)
    expect(answer.body).toBe(`<!doctype html><title>${file}</title>`)
  })

  it('answers HEAD without a body', async () => {
    const answer = await request('/about', { method: 'HEAD' })
    expect(answer.status).toBe(200)
    expect(answer.body).toBe('')
  })

  it('refuses to change pages', async () => {
    expect((await request('/about', { method: 'POST' })).status).toBe(405)
  })
})

describe('a rebuild (npm start, after a save under data/)', () => {
  const site = { routeContext: ROUTES, redirects: REDIRECTS }
  const aboutFile = () => path.join(tmp, 'dist/client/about.html')
  afterAll(() => server.rebuild(async () => (writeFileSync(aboutFile(), '<!doctype html><title>about.html</title>'), site)))

  it('answers a page asked for while the build rewrites it once the build is done, from the new file', async () => {
    let asked: Promise<string> | undefined
    await server.rebuild(async () => {
      // Half-way: the page rewritten in place, shorter than the file the server last knew.
      writeFileSync(aboutFile(), '<!doctype html>')
      asked = localFetch(`${server.url}/about`).then((response) => response.text())
      await new Promise((resolve) => setTimeout(resolve, 300))
      writeFileSync(aboutFile(), '<!doctype html><title>about.html, rebuilt after the save</title>')
      return site
    })
    expect(await asked).toBe('<!doctype html><title>about.html, rebuilt after the save</title>')
  })

  it('answers the requests that waited for a build that failed, and reports the failure', async () => {
    let asked: Promise<Response> | undefined
    const failed = server.rebuild(async () => {
      asked = localFetch(`${server.url}/services/strip-wax`)
      await new Promise((resolve) => setTimeout(resolve, 100))
      throw new Error('data/cities.csv line 3: bad')
    })
    await expect(failed).rejects.toThrow('data/cities.csv line 3: bad')
    expect(await (await asked!).text()).toContain('<title>services/strip-wax.html</title>')
  })
})

describe('a refused edit (npm start keeps the last good site)', () => {
  const REFUSED = {
    summary: 'The data files have 2 problems:',
    problems: ['data/photos.yaml line 7, photos[1].alt: is missing (required)', 'data/cities.csv line 4, column "state": "<b>X</b>" is not a state'],
  }
  afterAll(() => server.refuseEdit(undefined))

  it('says so at the top of every page, not-found screens and French pages included, with each problem as check:data words it', async () => {
    const etag = String((await request('/about')).headers.etag)
    server.refuseEdit(REFUSED)
    for (const [url, status] of [
      ['/about', 200],
      ['/', 200],
      ['/fr', 200],
      ['/fr/services/decapage-et-cirage', 200],
      ['/nope', 404],
      ['/fr/nope', 404],
    ] as const) {
      // A revalidation of the page cached before gets the banner too, and nothing with the banner is cached.
      const answer = await request(url, { headers: { 'If-None-Match': etag } })
      expect(answer.status, url).toBe(status)
      expect(answer.body, url).toMatch(/^<!doctype html><div role="alert" lang="en" data-refused-edit=""[^>]*>.*Your last edit was not applied/)
      expect(answer.body, url).toContain('<li>data/photos.yaml line 7, photos[1].alt: is missing (required)</li>')
      expect(answer.body, url).toContain('column &#34;state&#34;: &#34;&#60;b&#62;X&#60;/b&#62;&#34; is not a state</li>')
      expect(answer.body, url).toContain('the site still shows the last good data')
      expect(answer.headers['cache-control'], url).toBe('no-store')
      expect(answer.headers.etag, url).toBeUndefined()
      expect(answer.headers['content-type'], url).toBe('text/html; charset=utf-8')
      expect(answer.headers['content-security-policy'], url).toContain("style-src 'self'")
    }
    const about = await request('/about')
    expect(Number(about.headers['content-length'])).toBe(Buffer.byteLength(about.body))
    expect(about.body).toMatch(/<title>about\.html<\/title>$/)
    const head = await request('/about', { method: 'HEAD' })
    expect([head.status, head.body, head.headers['content-length']]).toEqual([200, '', about.headers['content-length']])
  })

  it('puts the banner right after the <body> tag', async () => {
    server.refuseEdit(REFUSED)
    expect((await request('/quote')).body).toMatch(
      /<body><div role="alert"[^>]*><div class="mx-auto max-w-7xl"><p[^>]*>Your last edit was not applied<\/p>.*<\/div><\/div><main>/,
    )
  })

  it('leaves the other files alone: scripts, images, redirects', async () => {
    server.refuseEdit(REFUSED)
    expect((await request('/assets/entries/page.Ab12Cd34.js')).body).toBe('console.log(1)')
    expect((await request('/uploads/logo.svg')).body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>')
    expect((await request('/about/')).status).toBe(307)
    expect((await request('/old-austin-strip-wax')).status).toBe(301)
  })

  it('serves the pages as their files again once an edit is built', async () => {
    server.refuseEdit(REFUSED)
    server.refuseEdit(undefined)
    const about = await request('/about')
    expect(about.body).toBe('<!doctype html><title>about.html</title>')
    expect(about.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    expect((await request('/nope')).body).not.toContain('data-refused-edit')
  })
})

describe('old URLs of cities (the rules of _redirects)', () => {
  it.each([
    ['/old-austin-strip-wax', '/austin-strip-wax'],
    ['/old-austin-strip-wax-janitorial', '/austin-strip-wax-janitorial'],
    ['/old-austin-routine-janitorial', '/austin-routine-janitorial'],
    ['/old-austin-strip-wax?utm_source=mail', '/austin-strip-wax?utm_source=mail'],
    ['/waco-strip-wax', '/services/strip-wax'],
    ['/waco-routine-janitorial-janitorial', '/services/routine-janitorial'],
  ])('answers %s with a permanent redirect to %s', async (url, location) => {
    const answer = await request(url)
    expect(answer.status).toBe(301)
    expect(answer.headers.location).toBe(location)
  })

  it('leaves other paths alone: the 404 rules of _redirects are for Netlify, the route table picks the same screens', async () => {
    expect((await request('/austin-strip-wax')).status).toBe(200)
    expect((await request('/services/nope')).body).toBe('<!doctype html><title>services/404.html</title>')
    expect((await request('/waco-nothing')).status).toBe(404)
  })
})

describe('not-found screens, each with status 404', () => {
  it.each([
    ['/nope', '404.html'],
    ['/a/b/c', '404.html'],
    ['/services/nope', 'services/404.html'],
    ['/services/', '404.html'],
    ['/services/a/b', '404.html'],
    ['/-janitorial', 'not-found/page.html'],
    ['/atlantis-strip-wax', 'not-found/city-service.html'],
    ['/atlantis-routine-janitorial', 'not-found/city-service.html'],
    ['/atlantis-nothing-janitorial', 'services/404.html'],
    ['/not-found/service', '404.html'],
    ['/_headers', '404.html'],
    ['/_redirects', '404.html'],
    ['/contact', '404.html'],
    ['/denver-strip-wax', '404.html'],
    ['//evil.example/', '404.html'],
    // French misses get the French screens.
    ['/fr/nope', 'fr/404.html'],
    ['/fr/a/b/c', 'fr/404.html'],
    ['/fr/services/nope', 'fr/services/404.html'],
    ['/fr/services/strip-wax', 'fr/services/404.html'],
    ['/fr/nowhere-grand-menage', 'fr/introuvable/ville-service.html'],
    ['/fr/atlantis-decapage-et-cirage', 'fr/introuvable/ville-service.html'],
    ['/fr/montreal-strip-wax', 'fr/404.html'],
    ['/fr/-janitorial', 'fr/404.html'],
    ['/fr/quebec-decapage-et-cirage', 'fr/404.html'],
    ['/fr/introuvable/service', 'fr/404.html'],
  ])('%s → %s', async (url, file) => {
    const answer = await request(url)
    expect(answer.status).toBe(404)
    expect(answer.body).toBe(`<!doctype html><title>${file}</title>`)
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(answer.headers['cache-control']).toBe('no-store')
  })

  it('never redirects to another host', async () => {
    const answer = await request('//evil.example/')
    expect(answer.headers.location).toBeUndefined()
  })
})

describe('the build folder is the only thing served', () => {
  it.each([
    '/../secret.txt',
    '/../../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/%2e%2e/secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/..%2F..%2Fsecret.txt',
    '/assets%2fentries%2fpage.Ab12Cd34.js',
    '/..%5c..%5csecret.txt',
    '/about%00.html',
    '/%00',
    '/%E0%A4%A',
    '/./about',
  ])('refuses %s', async (url) => {
    const answer = await request(url)
    expect(answer.status).toBe(400)
    expect(answer.body).not.toContain('SECRET')
  })

  it.each(['/..\\..\\secret.txt', '/\u0000', 'http://evil.example/secret.txt', '*'])('refuses the request line %j', async (target) => {
    const answer = await rawRequestLine(target)
    expect(answer).toMatch(/^HTTP\/1\.1 40\d /)
    expect(answer).not.toContain('SECRET')
  })
})

describe('headers', () => {
  it('sends the security headers with every answer', async () => {
    for (const url of ['/', '/nope', '/assets/entries/page.Ab12Cd34.js', '/functions/v1/send-contact-email']) {
      const { headers } = await request(url)
      expect(headers['content-security-policy']).toBe(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self' https://abc.supabase.co; frame-src 'self'; frame-ancestors 'self'; base-uri 'self'; form-action 'self' https://abc.supabase.co",
      )
      expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains')
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(self), payment=()')
    }
  })

  it('keeps pages to the site, and lets other origins embed the assets and uploads (the function’s pages show them)', async () => {
    expect((await request('/about')).headers['cross-origin-resource-policy']).toBe('same-origin')
    expect((await request('/nope')).headers['cross-origin-resource-policy']).toBe('same-origin')
    expect((await request('/assets/entries/page.Ab12Cd34.js')).headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect((await request('/uploads/logo.svg')).headers['cross-origin-resource-policy']).toBe('cross-origin')
  })

  it('caches hashed assets for a year and revalidates everything else, as Cloudflare does', async () => {
    expect((await request('/assets/entries/page.Ab12Cd34.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await request('/about')).headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    expect((await request('/')).headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    expect((await request('/uploads/logo.svg')).headers['cache-control']).toBe('public, max-age=0, must-revalidate')
  })

  it('answers a revalidation with 304', async () => {
    const first = await request('/about')
    const again = await request('/about', { headers: { 'If-None-Match': String(first.headers.etag) } })
    expect(again.status).toBe(304)
  })
})

describe('the quote function at /functions/v1/send-contact-email', () => {
  const FUNCTION = '/functions/v1/send-contact-email'
  const origin = () => `http://localhost:${server.port}`

  it('answers the preflight for the server’s own origin', async () => {
    const answer = await request(FUNCTION, {
      method: 'OPTIONS',
      headers: {
        Origin: origin(),
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    })
    expect(answer.status).toBe(204)
    expect(answer.headers['access-control-allow-origin']).toBe(origin())
  })

  it('stores a request and writes the e-mail as an .eml file', async () => {
    const answer = await request(FUNCTION, {
      method: 'POST',
      headers: { Origin: origin(), 'Content-Type': 'application/json', 'x-idempotency-key': 'server-test-key-000001' },
      body: JSON.stringify({ ...VALID, name: 'Through the server' }),
    })
    expect(answer).toMatchObject({ status: 200, body: '{"success":true}' })
    await server.backend.settled()
    const { rows } = await db.query<{ status: string }>("select status from quote_requests where name = 'Through the server'")
    expect(rows).toEqual([{ status: 'sent' }])
    expect(logged.some((line) => /quote request #\d+ e-mailed to .*\.eml$/.test(line))).toBe(true)
  })

  it('refuses a body over 32 KB with 413', async () => {
    const answer = await request(FUNCTION, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...VALID, message: 'x'.repeat(200_000) }),
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toMatchObject({ success: false })
  })

  it('answers a refused plain form post with the page it was sent from, read from the server itself (not the public siteUrl)', async () => {
    const answer = await request(FUNCTION, {
      method: 'POST',
      // No Origin (a privacy tool removed it): the page's links then point to siteUrl, but the page is read here.
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...VALID, page: '/quote', name: 'Plain <Pat>', phone: 'call me', place: 'Bozeman, MT' }).toString(),
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toContain('<h1>Stand-in quote page</h1>')
    expect(answer.body).toContain('role="alert"')
    expect(answer.body).toContain('<input id="quote-name" name="name" value="Plain &#60;Pat&#62;"/>')
    expect(answer.body).toContain('<input id="quote-place" name="place" value="Bozeman, MT"/>')
    expect(answer.body).toContain(`<link rel="stylesheet" href="${SITE.siteUrl}/assets/style.css">`)
    expect(answer.body).not.toContain('<script')
  })

  it('knows no other function', async () => {
    const answer = await request('/functions/v1/other', { method: 'POST' })
    expect(answer.status).toBe(404)
    expect(JSON.parse(answer.body)).toMatchObject({ success: false })
  })

  it('sent the request left pending from before the start', async () => {
    const { rows } = await db.query<{ status: string }>("select status from quote_requests where name = 'Left over'")
    expect(rows).toEqual([{ status: 'sent' }])
    expect(readdirSync(path.join(dataDir, 'mail')).length).toBeGreaterThanOrEqual(1)
    expect(logged).toContain('outbox: sent 1 e-mail(s) left pending by an earlier run')
  })
})

/** Raw bytes to the server; resolves with what it answered and when it closed the connection. */
function rawExchange(send: (socket: net.Socket) => void): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const socket = net.connect(server.port, '127.0.0.1', () => send(socket))
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
    socket.on('close', () => resolve({ answer, ms: Date.now() - started }))
    socket.on('error', reject)
  })
}

describe('misbehaving clients', () => {
  it.each(['bad host', 'x@y', '[::1', 'localhost:abc', 'localhost:99999', 'a/b'])(
    'answers the Host header %j with 400, for pages and the function',
    async (host) => {
      for (const target of ['/', '/functions/v1/send-contact-email']) {
        const { answer } = await rawExchange((socket) =>
          socket.end(`POST ${target} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`),
        )
        expect(answer).toMatch(/^HTTP\/1\.1 400 /)
      }
      expect(logged.filter((line) => line.includes('TypeError'))).toEqual([])
    },
  )

  it.each(['localhost:3000', '127.0.0.1', '[::1]:8080', 'www.example.com'])('accepts the Host header %j', async (host) => {
    const { answer } = await rawExchange((socket) => socket.write(`GET /about HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`))
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
  })

  it('logs one line, without a stack, for a client that goes away in the middle of its request body', async () => {
    const before = logged.length
    await rawExchange((socket) => {
      socket.write(
        'POST /functions/v1/send-contact-email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name": "Ada",',
      )
      setTimeout(() => socket.destroy(), 100)
    })
    await expect.poll(() => logged.length, { timeout: 5_000 }).toBe(before + 1)
    expect(logged.at(-1)).toBe('request aborted by the client: POST /functions/v1/send-contact-email')
  })

  it(`gives a client ${HEADERS_TIMEOUT_MS / 1000} s for its request head and ${REQUEST_TIMEOUT_MS / 1000} s for the whole request, not minutes`, async () => {
    const [slowHead, slowBody] = await Promise.all([
      rawExchange((socket) => socket.write('POST /functions/v1/send-contact-email HTTP/1.1\r\nHost: localhost\r\n')),
      rawExchange((socket) =>
        socket.write('POST /functions/v1/send-contact-email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"na'),
      ),
    ])
    expect(slowHead.answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(slowHead.ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100)
    expect(slowHead.ms).toBeLessThan(HEADERS_TIMEOUT_MS + 2_500)
    expect(slowBody.ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100)
    expect(slowBody.ms).toBeLessThan(REQUEST_TIMEOUT_MS + 2_500)
    expect(logged.filter((line) => /\n\s+at /.test(line))).toEqual([])
  }, 90_000)
  it(`stops within ${CLOSE_GRACE_MS / 1000} s of being told to, a client in the middle of its request body included, and says what it waits for`, async () => {
    const said: string[] = []
    const other = await standInServer((line) => said.push(line))
    const socket = net.connect(other.port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.on('error', () => undefined)
    const closed = new Promise((resolve) => socket.once('close', resolve))
    socket.write('POST /functions/v1/send-contact-email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"na')
    await new Promise((resolve) => setTimeout(resolve, 200))
    const started = Date.now()
    await other.close()
    const ms = Date.now() - started
    await closed
    // Without the cut, the server would wait for the request's own time limit (REQUEST_TIMEOUT_MS).
    expect(ms).toBeGreaterThanOrEqual(CLOSE_GRACE_MS - 100)
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS - 5_000)
    expect(said).toContain('stopping: waiting for the requests being answered...')
    await expect.poll(() => said).toContain('request cut at the stop: POST /functions/v1/send-contact-email')
  }, 60_000)
})
