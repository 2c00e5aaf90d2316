import type { Lang } from '../../supabase/functions/_shared/quoteContract'

/**
 * The site's languages (defined with the quote form's contract: the function answers in them). English pages sit
 * at the root; French pages, for Québec readers, under /fr (docs/architecture.md, "French pages").
 */
export { LANGS, type Lang } from '../../supabase/functions/_shared/quoteContract'

/** `<html lang>` and hreflang of each language: the French pages are written for Québec (fr-CA). */
export const HTML_LANG: Record<Lang, string> = { en: 'en', fr: 'fr-CA' }

/** The URL prefix of each language's pages. */
export const LANG_PREFIX: Record<Lang, string> = { en: '', fr: '/fr' }

/** The language of a URL path: French under /fr, English elsewhere. */
export const langOfPath = (path: string): Lang => (path === LANG_PREFIX.fr || path.startsWith(`${LANG_PREFIX.fr}/`) ? 'fr' : 'en')
