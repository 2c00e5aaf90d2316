import { HTML_LANG, langOfPath } from '../i18n/lang'
import { notFoundRouteContext, SCREEN_OF_VARIANT, type NotFoundScreen } from '../urls/notFound'
import { matchRoute } from '../urls/routes'

/**
 * Runs on every not-found page. Static hosts serve a root 404.html for any unknown URL: this shows the screen
 * that fits the path actually requested, in its language, and fills the debug box with it. It writes to the console
 * only when asked for, with `?debug` in the URL (`search`).
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
  const fill = (key: string, value: string) => root.querySelectorAll(`[data-debug="${key}"]`).forEach((el) => (el.textContent = value))
  const none = lang === 'fr' ? '(aucun)' : '(none)'
  fill('url', path)
  fill('city', parsed?.citySlug || none)
  fill('service', parsed?.serviceSlug || none)
  // Issue 39: the console stays quiet for visitors (the debug box is on the screen that has one, docs/spec.md §2).
  if (!new URLSearchParams(search).has('debug')) return screen
  // A warning, not an error: the 404 status already puts an error in the console.
  if (screen === '404') console.warn('404 Error: User attempted to access non-existent route:', path)
  else
    console.warn(`${screen === 'page' ? 'Page' : 'Service'} not found:`, {
      url: path,
      parsedCity: parsed?.citySlug ?? null,
      parsedService: parsed?.serviceSlug ?? null,
    })
  return screen
}
