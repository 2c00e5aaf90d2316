import { LANG_PREFIX, type Lang } from '../i18n/lang'

/** The URL of a service page: `/services/strip-wax`, a header alias `/services/move-in-out`, `/fr/services/decapage-et-cirage`. */
export const servicePath = (slug: string, lang: Lang = 'en') => `${LANG_PREFIX[lang]}/services/${slug}`

/** The file the build writes for a URL path (one `name.html` per page, no `name/index.html`): `/` → index.html, `/about` → about.html, `/fr` → fr.html. */
export function fileForPath(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`
}

/** The URL path of a page's file under the build folder (`fileForPath` back). */
export function pathForFile(file: string): string {
  const name = file
    .split('\\')
    .join('/')
    .replace(/\.html$/, '')
  return name === 'index' ? '/' : `/${name}`
}

/** The URL of a city's hub page: `/local-services/boise`, `/fr/services-locaux/montreal`. */
export const cityHubPath = (slug: string, lang: Lang = 'en') => `${LANG_PREFIX[lang]}/${lang === 'fr' ? 'services-locaux' : 'local-services'}/${slug}`
