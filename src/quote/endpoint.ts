import { FUNCTION_PATH } from '../../supabase/functions/_shared/quoteContract'
import { supabaseUrl } from '../config'
import type { Lang } from '../i18n/lang'

/**
 * Where the quote form posts when its script is not running (no JavaScript, or its code did not load): the
 * Supabase project's function when VITE_SUPABASE_URL is set at build time (deployed with verify_jwt = false,
 * supabase/config.toml), else the local server's copy on the site's own origin. `?lang=` tells the function the
 * language of its answers; nothing the visitor types goes in the URL.
 */
export function formAction(lang: Lang, project = supabaseUrl()): string {
  const base = project ? project.replace(/\/+$/, '') : ''
  return `${base}${FUNCTION_PATH}${lang === 'fr' ? '?lang=fr' : ''}`
}
