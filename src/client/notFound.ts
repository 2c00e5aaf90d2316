import { HTML_LANG, langOfPath } from '../i18n/lang'
import { debugCells, notFoundRouteContext, SCREEN_OF_VARIANT, type NotFoundScreen } from '../urls/notFound'
import { matchRoute } from '../urls/routes'

/**
 * Runs on every not-found page. Static hosts serve a root 404.html for any unknown URL: this shows the screen
 * that fits the path actually requested, in its language, and fills the debug box with it. The 404 screen writes the
 * bad path to the console (docs/spec.md §2); the other screens write to it only when asked, with `?debug` in the URL
 * (`search`).
 */
export function showNotFound(doc: Document = document, path = location.pathname, search = location.search): NotFoundScreen | null {
  const root = doc.querySelector<HTMLElement>('[data-not-found]')
  if (!root) return null
  const match = matchRoute(path, notFoundRouteContext(root.dataset))
  const lang = langOfPath(path)
  const screen = match.kind === 'not-found' ? SCREEN_OF_VARIANT[match.variant] : '404'
  const template = root.querySelector<HTMLTemplateElement>(`template[data-screen="${lang}:${screen}"]`)
  const view = root.querySelector<HTMLElement>('[data-not-found-view]')
  if (template && view && (root.dataset.notFound !== screen || root.dataset.notFoundLang !== lang)) {
    view.replaceChildren(template.content.cloneNode(true))
    root.dataset.notFound = screen
    if (root.dataset.notFoundLang !== lang) {
      view.lang = HTML_LANG[lang]
      root.dataset.notFoundLang = lang
    }
    const heading = view.querySelector('h1')?.textContent
    if (heading) doc.title = doc.title.replace(/^[^–]*–/, `${heading} –`)
  }
  const parsed = match.kind === 'not-found' ? match.parsed : null
  for (const [key, value] of Object.entries(debugCells(path, match))) root.querySelectorAll(`[data-debug="${key}"]`).forEach((el) => (el.textContent = value))
  // A warning, not an error: the 404 status already puts an error in the console. The spec's one line (§2, "It writes
  // the bad path to the console"), on the 404 screen only: the others keep quiet unless asked (their debug box shows it).
  if (screen === '404') console.warn('404 Error: User attempted to access non-existent route:', path)
  else if (new URLSearchParams(search).has('debug'))
    console.warn(`${screen === 'page' ? 'Page' : 'Service'} not found:`, {
      url: path,
      parsedCity: parsed?.citySlug ?? null,
      parsedService: parsed?.serviceSlug ?? null,
    })
  return screen
}
