// What the send-contact-email function needs from the data (data/site.yaml, the cities and services), copied into
// supabase/functions/_shared/site.json: the function is deployed without the rest of the repository. The build keeps
// the copy current; the local server, `npm run outbox` and the tests make the same data from the catalogue at run time.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { loadCatalogue, type Catalogue } from '../catalog/index'
import { frenchCities } from '../catalog/lists'
import type { SiteData } from '../../supabase/functions/send-contact-email/config'
import { cityServicePath } from '../urls/cityService'
import { STATIC_PATHS } from '../urls/routes'

export const SITE_JSON = 'supabase/functions/_shared/site.json'

export function functionSiteData(catalogue: Catalogue): SiteData {
  const { site } = catalogue
  return {
    company: site.company,
    email: site.email,
    siteUrl: site.siteUrl,
    quoteServiceChoices: { en: site.quoteServiceChoices, fr: site.french.quoteServiceChoices },
    pages: { thankYou: { en: STATIC_PATHS.en['thank-you'], fr: STATIC_PATHS.fr['thank-you'] }, home: { en: STATIC_PATHS.en.home, fr: STATIC_PATHS.fr.home } },
    places: {
      cities: Object.fromEntries(catalogue.cities.map((c) => [c.slug, `${c.name}, ${c.state}`])),
      frenchCities: frenchCities(catalogue).map((c) => c.slug),
      services: Object.fromEntries(catalogue.services.map((s) => [s.slug, { title: s.title, fr: s.fr.slug }])),
      // The canonical city page of each language (the -janitorial one in English).
      cityServicePath: { en: cityServicePath('{city}', '{service}', 2, 'en'), fr: cityServicePath('{city}', '{service}', 1, 'fr') },
    },
  }
}

const jsonText = (catalogue: Catalogue) => `${JSON.stringify(functionSiteData(catalogue), null, 2)}\n`

export function siteJsonText(dataDir = 'data'): string {
  return jsonText(loadCatalogue(path.resolve(dataDir)))
}

/** Returns whether the file was already up to date; writes it unless `check`. */
export function syncFunctionData({ root = process.cwd(), check = false, catalogue }: { root?: string; check?: boolean; catalogue?: Catalogue } = {}): boolean {
  const file = path.join(root, SITE_JSON)
  const expected = catalogue ? jsonText(catalogue) : siteJsonText(path.join(root, 'data'))
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
