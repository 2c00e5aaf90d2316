// The link check (scripts/check-links.ts, scripts/lib/checkLinks.ts) on a tiny site, served by a plain file server that
// can count and break connections (npm test runs the real check on Cloudflare's runtime): it reports a missing
// page and a missing fragment and fails, passes working links, keeps linkinator to its concurrency, and tells a
// connection failure a retry cures from one that stays.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import sirv from 'sirv'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkSite } from '../../scripts/lib/checkLinks'

let root: string
let plain: { url: string; close: () => Promise<void> }
const page = (body: string) => `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`
const links = (urls: string[]) => page(urls.map((u) => `<a href="${u}">${u}</a>`).join(''))

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'link-check-'))
  mkdirSync(path.join(root, 'many'))
  writeFileSync(path.join(root, '404.html'), page('<h1>Not found</h1>'))
  writeFileSync(path.join(root, 'index.html'), links(['/about', '/about#team', '/missing', '/about#missing-id']))
  writeFileSync(path.join(root, 'about.html'), page('<h2 id="team">Team</h2><a href="/">Home</a>'))
  writeFileSync(path.join(root, 'hub.html'), links(Array.from({ length: 300 }, (_, i) => `/many/p${i}`)))
  for (let i = 0; i < 300; i++) writeFileSync(path.join(root, 'many', `p${i}.html`), page(`page ${i}`))
  writeFileSync(path.join(root, 'shaky.html'), links(['/about', '/flaky', '/dead']))
  writeFileSync(path.join(root, 'flaky.html'), page('flaky'))
  writeFileSync(path.join(root, 'dead.html'), page('dead'))
  plain = await fileServer((_req, _res, serve) => serve())
})
afterAll(async () => {
  await plain?.close()
  rmSync(root, { recursive: true, force: true })
})

/** `check-links.ts` on the tiny site, served already (at CLOUDFLARE_URL, as npm test's runtime). */
function script(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/check-links.ts', ...args], { env: { ...process.env, CLOUDFLARE_URL: plain.url } })
  const out = { stdout: '', stderr: '' }
  child.stdout.on('data', (chunk) => (out.stdout += chunk))
  child.stderr.on('data', (chunk) => (out.stderr += chunk))
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, ...out })))
}

/** The tiny site on a plain file server whose answers `handle` can hold or break (`serve` answers normally). */
async function fileServer(handle: (req: http.IncomingMessage, res: http.ServerResponse, serve: () => void) => void) {
  const files = sirv(root, { extensions: ['html'], dev: false })
  const server = http.createServer((req, res) => handle(req, res, () => files(req, res, () => void res.writeHead(404).end('not found'))))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describe('the link check', () => {
  it('reports a missing page and a missing fragment, and not the working links', async () => {
    const report = await checkSite(plain.url, ['/'])
    expect(report.broken.map(({ url, status }) => ({ url, status })).sort((a, b) => a.url.localeCompare(b.url))).toEqual([
      { url: '/about#missing-id', status: 200 },
      { url: '/missing', status: 404 },
    ])
    expect(report.broken.find((l) => l.url === '/missing')!.reason).toBe('HTTP 404')
    expect(report.broken.find((l) => l.url === '/about#missing-id')!.reason).toMatch(/'#missing-id' not found/)
    expect(report.broken.every((l) => l.parent === '/')).toBe(true)
    expect(report.checked).toBe(4) // the page itself, /about, /missing, and /about again for its fragments
  })

  it('exits non-zero with each broken link on a line, and zero when every link works', async () => {
    const failing = await script(root, '/')
    expect(failing.status).toBe(1)
    expect(failing.stderr).toContain('BROKEN 404 /missing (on /): HTTP 404')
    expect(failing.stderr).toContain('BROKEN 200 /about#missing-id (on /)')
    expect(failing.stdout).toMatch(/1 pages, 4 links checked .*, 2 broken/)
    const passing = await script(root, '/about')
    expect(passing.stderr).not.toContain('BROKEN')
    expect(passing.stdout).toMatch(/0 broken/)
    expect(passing.status).toBe(0)
  })

  // linkinator 7 started every link of a page at once whatever its `concurrency`: on a busy machine a thousand
  // connections at once overflowed the host's listen queue and timed out (status 0) on working pages.
  it('has at most `concurrency` requests at the host at once', async () => {
    let open = 0
    let most = 0
    const host = await fileServer((req, res, serve) => {
      most = Math.max(most, ++open)
      res.on('close', () => open--)
      serve()
    })
    try {
      const report = await checkSite(host.url, ['/hub'], { concurrency: 4 })
      expect(report.broken).toEqual([])
      expect(report.checked).toBe(301)
      expect(most).toBe(4)
    } finally {
      await host.close()
    }
  })

  it('tries a link again after a connection failure, and reports it with its error when it keeps failing', async () => {
    const hits = { '/flaky': 0, '/dead': 0 }
    const host = await fileServer((req, _res, serve) => {
      const key = req.url as keyof typeof hits
      // linkinator tries HEAD, then GET: /flaky fails that first attempt and works when tried again.
      if (key in hits && (key === '/dead' || hits[key] < 2)) {
        hits[key]++
        return req.socket.destroy()
      }
      serve()
    })
    try {
      const report = await checkSite(host.url, ['/shaky'], { retries: 1 })
      expect(report.broken.map(({ url, status, parent }) => ({ url, status, parent }))).toEqual([{ url: '/dead', status: 0, parent: '/shaky' }])
      expect(report.broken[0]!.reason).toMatch(/fetch failed: (UND_ERR_SOCKET|ECONNRESET)/)
      expect(report.retries).toBeGreaterThanOrEqual(2) // /flaky once, /dead until it counts as broken
      expect(hits['/flaky']).toBe(2)
    } finally {
      await host.close()
    }
  })
})
