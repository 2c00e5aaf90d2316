// What the send-contact-email function needs from data/site.yaml, copied into supabase/functions/_shared/site.json:
// the function is deployed without the rest of the repository. The build keeps the copy current; the local server,
// `npm run outbox` and the tests make the same data from data/site.yaml at run time.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { loadSite, type Site } from '../catalog/site'
import type { SiteData } from '../../supabase/functions/send-contact-email/config'
import { STATIC_PATHS } from '../urls/routes'

export const SITE_JSON = 'supabase/functions/_shared/site.json'

export function functionSiteData(site: Site): SiteData {
  return {
    company: site.company,
    email: site.email,
    siteUrl: site.siteUrl,
    quoteServiceChoices: { en: site.quoteServiceChoices, fr: site.french.quoteServiceChoices },
    pages: { thankYou: { en: STATIC_PATHS.en['thank-you'], fr: STATIC_PATHS.fr['thank-you'] }, home: { en: STATIC_PATHS.en.home, fr: STATIC_PATHS.fr.home } },
  }
}

export function siteJsonText(siteYaml = 'data/site.yaml'): string {
  return `${JSON.stringify(functionSiteData(loadSite(siteYaml)), null, 2)}\n`
}

/** Returns whether the file was already up to date; writes it unless `check`. */
export function syncFunctionData({ root = process.cwd(), check = false, site }: { root?: string; check?: boolean; site?: Site } = {}): boolean {
  const file = path.join(root, SITE_JSON)
  const expected = site ? `${JSON.stringify(functionSiteData(site), null, 2)}\n` : siteJsonText(path.join(root, 'data/site.yaml'))
  let current: string | undefined
  try {
    current = readFileSync(file, 'utf8')
  } catch {
    current = undefined
  }
  if (current === expected) return true
  if (!check) writeFileSync(file, expected)
  return false
}
