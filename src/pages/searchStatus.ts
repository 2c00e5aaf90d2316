import type { Lang } from '../i18n/lang'

/**
 * Which canonical city pages search engines are asked to index: decided by the build from its measure of every page
 * (src/seo/searchIndex.ts: once per build, and once at the start of `npm start` or `vike dev`, then again for what an
 * edit changes), and handed to the pages' props as this data. A page whose key is not in `out` is indexed.
 */
export interface IndexDecision {
  /** The keys (`searchKey`) of the city pages kept out of the index. */
  readonly out: ReadonlySet<string>
}

/** A city page's key in the decision: `en plano` (its hub), `en plano office-cleaning` (a city-service page). */
export const searchKey = (lang: Lang, citySlug: string, serviceSlug?: string) => (serviceSlug ? `${lang} ${citySlug} ${serviceSlug}` : `${lang} ${citySlug}`)

/**
 * Whether search engines are asked to index a city page (its hub, or its city-service page in either scheme), and its
 * version in the other language (hreflang links only pages indexed in both). One object per combination.
 */
export interface SearchStatus {
  indexed: boolean
  otherLanguageIndexed: boolean
}

const STATUSES: readonly SearchStatus[] = [
  { indexed: false, otherLanguageIndexed: false },
  { indexed: false, otherLanguageIndexed: true },
  { indexed: true, otherLanguageIndexed: false },
  { indexed: true, otherLanguageIndexed: true },
]

/** The search status of a city's hub (no `service`) or city-service page in one language. */
export function searchStatus(decision: IndexDecision, city: { slug: string; french: boolean }, lang: Lang, service?: { slug: string }): SearchStatus {
  const other: Lang = lang === 'fr' ? 'en' : 'fr'
  const indexed = !decision.out.has(searchKey(lang, city.slug, service?.slug))
  const otherIndexed = city.french && !decision.out.has(searchKey(other, city.slug, service?.slug))
  return STATUSES[(indexed ? 2 : 0) + (otherIndexed ? 1 : 0)]!
}
