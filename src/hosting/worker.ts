import { langOfPath } from '../i18n/lang'
import { debugCells, notFoundPagePath, notFoundRouteContext, ROOT_404_PATHS, type DebugCell, type NotFoundPageData } from '../urls/notFound'
import { matchRoute } from '../urls/routes'

/**
 * The Worker of the site on Cloudflare (wrangler.jsonc). It runs only for the requests that no file of dist/client and
 * no rule of its `_redirects` answers, and answers each with status 404 and the not-found screen that the route table
 * picks for the path (src/urls/), in the path's language, from the prerendered not-found pages: what `npm start`
 * answers (server/static.ts), so that the right screen shows without JavaScript too.
 *
 * It reads the route table's context from the not-found page itself (the services it carries, as the page's script
 * does), and bundles neither the catalogue nor the cities: any city of the catalogue has its pages as files, so a path
 * that reaches the Worker names no known city. The pages come through the assets binding with the headers `_headers`
 * gives them for the request's host (the security headers, and `X-Robots-Tag` on a preview's host); a miss is never
 * cached.
 */

/** The runtime's assets binding (`assets.binding` of wrangler.jsonc). */
interface Env {
  ASSETS: { fetch: (request: Request) => Promise<Response> }
}

/** workerd's streaming HTML parser, the part used here (https://developers.cloudflare.com/workers/runtime-apis/html-rewriter/). */
declare class HTMLRewriter {
  on(
    selector: string,
    handlers: { element: (element: { getAttribute: (name: string) => string | null; setInnerContent: (content: string) => void }) => void },
  ): HTMLRewriter
  transform(response: Response): Response
}

interface NotFoundPage {
  path: string
  response: Response
  html: string
  data: NotFoundPageData
}

/** A not-found page of the build, its HTML read whole with the route table's context it carries; undefined if missing. */
async function notFoundPage(env: Env, request: Request, path: string): Promise<NotFoundPage | undefined> {
  // The request's own URL, host included: `_headers` rules for a host apply to the page as to any file.
  const response = await env.ASSETS.fetch(new Request(new URL(path, request.url)))
  if (!response.ok) return undefined
  let data: NotFoundPageData = {}
  const html = await new HTMLRewriter()
    .on('[data-not-found]', {
      element: (element) => {
        const attribute = (name: string) => unescapeAttribute(element.getAttribute(name) ?? '')
        data = { serviceSlugs: attribute('data-service-slugs'), frenchServiceSlugs: attribute('data-french-service-slugs'), aliases: attribute('data-aliases') }
      },
    })
    .transform(response)
    .text()
  return { path, response, html, data }
}

/** React's escapes in an attribute's value (`&quot;` in the aliases' JSON), which HTMLRewriter gives as written. */
const ESCAPES: Record<string, string> = { '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' }
const unescapeAttribute = (value: string) => value.replace(/&(?:quot|#x27|lt|gt|amp);/g, (escape) => ESCAPES[escape]!)

/** The page's headers for a miss's answer: never cached, no ETag; its length is the rewritten page's. */
function answerHeaders(page: NotFoundPage): Headers {
  const headers = new Headers(page.response.headers)
  headers.delete('Content-Length')
  headers.delete('ETag')
  headers.delete('CF-Cache-Status')
  headers.set('Cache-Control', 'no-store')
  return headers
}

/** The path as the route table reads it (decoded), or as it came when it cannot be decoded. */
function decodedPath(url: URL): string {
  try {
    return decodeURIComponent(url.pathname)
  } catch {
    return url.pathname
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const path = decodedPath(new URL(request.url))
    const lang = langOfPath(path)
    const fallback = (await notFoundPage(env, request, ROOT_404_PATHS[lang])) ?? (await notFoundPage(env, request, ROOT_404_PATHS.en))
    if (!fallback) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const headers = answerHeaders(fallback)
      headers.set('Allow', 'GET, HEAD')
      headers.set('Content-Type', 'text/plain; charset=utf-8')
      return new Response('Method not allowed', { status: 405, headers })
    }
    const match = matchRoute(path, notFoundRouteContext(fallback.data))
    // A path that names a page whose file is missing gets the generic screen, as on npm start.
    const screen = match.kind === 'not-found' ? notFoundPagePath(match.variant, match.lang) : fallback.path
    const page = screen === fallback.path ? fallback : ((await notFoundPage(env, request, screen)) ?? fallback)
    const answer = new Response(request.method === 'HEAD' ? null : page.html, { status: 404, headers: answerHeaders(page) })
    if (request.method === 'HEAD') return answer
    // The debug box shows the path asked for and what it was read as, without JavaScript too (text, escaped).
    const cells = debugCells(path, match)
    return new HTMLRewriter()
      .on('[data-debug]', {
        element: (element) => {
          const cell = element.getAttribute('data-debug')
          if (cell && Object.hasOwn(cells, cell)) element.setInnerContent(cells[cell as DebugCell])
        },
      })
      .transform(answer)
  },
}
