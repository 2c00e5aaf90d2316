import type { Lang } from '../i18n/lang'
import { cityServicePath } from '../urls/cityService'
import { cityHubPath, servicePath } from '../urls/paths'
import { STATIC_PATHS } from '../urls/routes'
import type { PageModel } from './model'

/** The language's own name, as its readers write it: the label of the header's language switch. */
const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', fr: 'Français' }

/**
 * The canonical URL of the page in each language, where the page exists in both: the static pages, the service
 * pages, and the hub and city pages of the cities with French pages. Empty for every other page (no counterpart).
 */
export function languageVersions(model: PageModel): Partial<Record<Lang, string>> {
  switch (model.kind) {
    case 'static':
      return { en: STATIC_PATHS.en[model.page], fr: STATIC_PATHS.fr[model.page] }
    case 'service':
      return { en: servicePath(model.service.slug), fr: servicePath(model.service.fr.slug, 'fr') }
    case 'city':
      return model.city.french ? { en: cityHubPath(model.city.slug), fr: cityHubPath(model.city.slug, 'fr') } : {}
    case 'city-service': {
      const { city, service } = model
      if (!city.french) return {}
      return { en: cityServicePath(city.slug, service.slug, 2), fr: cityServicePath(city.slug, service.fr.slug, 1, 'fr') }
    }
    case 'not-found':
    case 'error':
      return {}
  }
}

/** The header's language switch: the same page in the other language, or null when there is none. */
export function otherLanguage(model: PageModel): { lang: Lang; href: string; label: string } | null {
  const other: Lang = model.lang === 'fr' ? 'en' : 'fr'
  const href = languageVersions(model)[other]
  return href ? { lang: other, href, label: LANGUAGE_NAMES[other] } : null
}
