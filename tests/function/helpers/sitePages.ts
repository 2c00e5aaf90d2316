import path from 'node:path'
import { loadCatalogue, type Catalogue } from '../../../src/catalog/index'
import { pageModel } from '../../../src/pages/model'
import { pageProps } from '../../../src/pages/props'
import { renderHtml } from '../../../src/pages/renderHtml'
import { NONE_OUT } from '../../helpers/decision'

let loaded: Catalogue | undefined

/** A page of the site as the build renders it from data/ (the real page components), with Vike's stylesheet and script tags; null for a missing page. */
export function sitePage(urlPath: string): string | null {
  const catalogue = (loaded ??= loadCatalogue(path.resolve('data')))
  const model = pageModel(urlPath, catalogue)
  if (model.kind === 'not-found') return null
  return renderHtml(pageProps(model, catalogue, NONE_OUT)).replace(
    '</head>',
    '<link rel="stylesheet" type="text/css" href="/assets/static/style.css"><script src="/assets/entries/page.js" type="module" async></script></head>',
  )
}

/**
 * Loads the data and renders one page once, before a test lets the function ask for one: a static host answers at once,
 * and the function waits 3 s at most for the page. On a busy machine the first page (the catalogue loaded, the
 * components imported) can take longer, and the function would answer with its bare page instead.
 */
export function warmSitePages(): void {
  sitePage('/quote')
}

/** A stand-in for the site's static host, as the `fetch` the function reads pages with: each page of the data, else 404. `requested`: the URLs asked for. */
export function siteHost(): { fetch: typeof fetch; requested: string[] } {
  warmSitePages()
  const requested: string[] = []
  const fetchPage: typeof fetch = async (input) => {
    const url = new URL(input instanceof Request ? input.url : input)
    requested.push(url.href)
    const html = sitePage(url.pathname)
    return html === null
      ? new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
      : new Response(html, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } })
  }
  return { fetch: fetchPage, requested }
}
