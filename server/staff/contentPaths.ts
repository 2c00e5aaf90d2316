import type { Lang } from '../../src/i18n/lang'

// SWAP AT MERGE (issue 59): the content/ module of branch i59-content owns these paths; replace this file's function
// with its export. Convention: content/cities/<city>.md (the hub and its 16 service pages), content/cities/<city>/
// <service>.md (one city-service page), `.fr.md` for French pages.

/** The content file whose prose a city page shows: the city's own for a hub, the city-service page's own otherwise. */
export function contentFileOf(lang: Lang, citySlug: string, serviceSlug?: string): string {
  const ending = lang === 'fr' ? '.fr.md' : '.md'
  return serviceSlug ? `content/cities/${citySlug}/${serviceSlug}${ending}` : `content/cities/${citySlug}${ending}`
}
