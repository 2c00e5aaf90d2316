import { LANG_PREFIX, type Lang } from '../i18n/lang'

/** The URL of a service page: `/services/strip-wax`, a header alias `/services/move-in-out`, `/fr/services/decapage-et-cirage`. */
export const servicePath = (slug: string, lang: Lang = 'en') => `${LANG_PREFIX[lang]}/services/${slug}`

/** The file the build writes for a URL path (one `name.html` per page, no `name/index.html`): `/` → index.html, `/about` → about.html, `/fr` → fr.html. */
export function fileForPath(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`
}

/** The URL of a city's hub page (issue 15): `/local-services/boise`, `/fr/services-locaux/montreal`. */
export const cityHubPath = (citySlug: string, lang: Lang = 'en') => (lang === 'fr' ? `/fr/services-locaux/${citySlug}` : `/local-services/${citySlug}`)
