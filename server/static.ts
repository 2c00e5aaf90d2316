import { existsSync, readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import sirv from 'sirv'
import { createRedirectMatcher, type RedirectRules } from '../src/hosting/redirects'
import { debugCells, notFoundFile, type DebugCell } from '../src/urls/notFound'
import { matchRoute, type RouteContext } from '../src/urls/routes'
import { cacheControl, CACHE_REVALIDATE, resourcePolicy } from '../src/hosting/headers'
import { escapeHtml } from '../supabase/functions/send-contact-email/mail'
import { withBanner } from './refusedEdit'
import { withPanel } from './staff/panel'

/** The types Cloudflare gives the build's files (sirv's differ: `text/javascript`, `text/css` without a charset). */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
}

/** Files of the build that hosts read and never serve. */
const HIDDEN = new Set(['/_headers', '/_redirects'])

export type PathCheck = { ok: true; pathname: string } | { ok: false; status: 400 }

/**
 * Refuses any path that could leave the build folder or hide a separator: NUL bytes, encoded
 * slashes or backslashes, `.` / `..` segments (plain or percent-encoded), malformed escapes.
 */
function checkPath(rawPath: string): PathCheck {
  if (!rawPath.startsWith('/') || rawPath.includes('\0') || /%00|%2f|%5c/i.test(rawPath)) return { ok: false, status: 400 }
  let pathname: string
  try {
    pathname = decodeURIComponent(rawPath)
  } catch {
    return { ok: false, status: 400 }
  }
  if (/[\\\0]/.test(pathname) || pathname.split('/').some((s) => s === '.' || s === '..')) return { ok: false, status: 400 }
  return { ok: true, pathname }
}

/**
 * Serves the build folder like the production host (Cloudflare's static assets and the site's Worker, wrangler.jsonc:
 * tests/e2e/routeTable.test.ts compares them): `/about` from about.html, one URL per page (`/about/` and `/about.html`
 * redirect to `/about` with 307, as Cloudflare does), the permanent redirects of `_redirects` (old city URLs,
 * src/hosting/redirects.ts), and for every miss status 404 with the not-found screen that the route table picks for the
 * path (as the Worker does: src/hosting/worker.ts). While `banner()` gives one (`npm start` serving a refused edit: ./refusedEdit.ts),
 * every page, not-found screens included, has it at its top and is never cached, so that the page shows the edit's state
 * at each load. `panel` (`npm start`: ./staff/preview.ts) gives what to add at the end of a page, read at each request.
 */
export function createStaticHandler({
  root,
  routeContext,
  redirects,
  banner = () => undefined,
  panel = () => undefined,
}: {
  root: string
  routeContext: RouteContext
  redirects?: RedirectRules
  banner?: () => string | undefined
  panel?: (pathname: string) => string | undefined
}) {
  // The 404 rules of `_redirects` are for Netlify; the route table below picks the same screens.
  const redirect = createRedirectMatcher({
    static: redirects?.static.filter((r) => r.status === 301) ?? [],
    dynamic: redirects?.dynamic.filter((r) => r.status === 301) ?? [],
  })
  // `dev`: each request looks its file up (two system calls), where sirv would otherwise read the size and date of
  // every file of the folder when made: 0.2–0.4 s for 15,000 files, at every rebuild of `npm start`.
  const files = sirv(root, {
    dev: true,
    etag: true,
    extensions: ['html'],
    setHeaders: (res, pathname) => {
      const type = CONTENT_TYPES[path.extname(pathname) || '.html']
      if (type) res.setHeader('Content-Type', type)
      res.setHeader('Cache-Control', cacheControl(pathname))
      res.setHeader('Cross-Origin-Resource-Policy', resourcePolicy(pathname))
    },
  })
  const pages = new Map<string, Buffer>()
  const page = (file: string) => {
    let body = pages.get(file)
    if (!body && existsSync(path.join(root, file))) pages.set(file, (body = readFileSync(path.join(root, file))))
    return body
  }

  const notFound = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    const match = matchRoute(pathname, routeContext)
    // A path that names a page whose file is missing still gets the generic 404 page, in the path's language.
    const file =
      (match.kind === 'not-found' ? page(notFoundFile(match.variant, match.lang)) : undefined) ??
      page(notFoundFile('404', match.lang)) ??
      page(notFoundFile('404'))
    const shown = banner()
    const filled = file && withDebugCells(file, debugCells(pathname, match))
    const body = filled && shown ? withBanner(filled, shown) : filled
    res.writeHead(404, { 'Content-Type': body ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
    res.end(req.method === 'HEAD' ? undefined : (body ?? 'Not found'))
  }

  /**
   * A page's file with the banner and the panel, read at each request (a rebuild rewrites it), or false when the path
   * names no page.
   */
  const pageWithExtras = (req: IncomingMessage, res: ServerResponse, pathname: string, shown: string | undefined, added: string | undefined) => {
    const file = pageFile(root, pathname)
    if (!file) return false
    let body: Buffer = readFileSync(file)
    if (shown) body = withBanner(body, shown)
    if (added) body = withPanel(body, added)
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES['.html']!,
      'Content-Length': body.byteLength,
      'Cache-Control': shown ? 'no-store' : CACHE_REVALIDATE,
      'Cross-Origin-Resource-Policy': resourcePolicy(pathname),
    })
    res.end(req.method === 'HEAD' ? undefined : body)
    return true
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' })
      return res.end('Method not allowed')
    }
    const raw = req.url ?? '/'
    const queryAt = raw.indexOf('?')
    const rawPath = queryAt === -1 ? raw : raw.slice(0, queryAt)
    const query = queryAt === -1 ? '' : raw.slice(queryAt)
    const checked = checkPath(rawPath)
    if (!checked.ok) {
      res.writeHead(checked.status, { 'Content-Type': 'text/plain; charset=utf-8' })
      return res.end('Bad request')
    }
    const { pathname } = checked
    // `//host/...` would become a redirect to another site: it is simply not found.
    if (pathname.startsWith('//')) return notFound(req, res, pathname)

    const tidy = canonicalPath(rawPath, (file) => existsSync(path.join(root, file)))
    if (tidy !== undefined) {
      res.writeHead(307, { Location: tidy + query, 'Cache-Control': CACHE_REVALIDATE })
      return res.end()
    }
    // Like Cloudflare, a rule wins over a file (no rule ever names a page of the site).
    const moved = redirect(pathname)
    if (moved) {
      res.writeHead(moved.status, { Location: moved.location + query, 'Cache-Control': CACHE_REVALIDATE })
      return res.end()
    }
    if (HIDDEN.has(pathname)) return notFound(req, res, pathname)
    const shown = banner()
    const added = panel(pathname)
    if ((shown || added) && pageWithExtras(req, res, pathname, shown, added)) return
    files(req, res, () => notFound(req, res, pathname))
  }
}

/** A not-found page with its debug box filled for the path asked for, as the Worker fills it (src/hosting/worker.ts). */
function withDebugCells(page: Buffer, cells: Record<DebugCell, string>): Buffer {
  const html = page
    .toString('utf8')
    .replace(
      /(<dd data-debug="(url|city|service)">)[^<]*(<\/dd>)/g,
      (_, open: string, cell: DebugCell, close: string) => `${open}${escapeHtml(cells[cell])}${close}`,
    )
  return Buffer.from(html)
}

/**
 * The page file sirv serves for a path without an extension (`/about` → about.html, `/` → index.html), or undefined:
 * the path names a file of another kind, a folder only, or nothing.
 */
function pageFile(root: string, pathname: string): string | undefined {
  if (path.extname(pathname) !== '') return undefined
  const uri = pathname.replace(/\/$/, '')
  const exact = uri === '' ? undefined : path.join(root, uri)
  if (exact && existsSync(exact) && statSync(exact).isFile()) return undefined
  for (const file of [`${uri}.html`, `${uri}/index.html`].filter((f) => f !== '.html')) {
    const full = path.join(root, file)
    if (existsSync(full) && statSync(full).isFile()) return full
  }
  return undefined
}

/**
 * The one URL of a page asked for by another (`/about/`, `/about.html` → `/about`; `/index.html`, `/index` → `/`), as
 * Cloudflare redirects (`html_handling` of wrangler.jsonc): only when that page's file exists (`/nope/` is simply not found).
 */
function canonicalPath(rawPath: string, exists: (file: string) => boolean): string | undefined {
  if (rawPath.endsWith('.html')) {
    if (!exists(rawPath.slice(1))) return undefined
    const bare = rawPath.slice(0, -'.html'.length)
    return bare === '/index' ? '/' : bare
  }
  if (rawPath === '/index') return exists('index.html') ? '/' : undefined
  if (rawPath.length > 1 && rawPath.endsWith('/')) {
    const bare = rawPath.replace(/\/+$/, '')
    return bare !== '' && exists(`${bare.slice(1)}.html`) ? bare : undefined
  }
  return undefined
}
