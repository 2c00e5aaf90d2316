import { serviceCopy, withCity } from '../catalog/index'
import type { LocalSite, PagePhoto } from '../components/data'
import { PHOTO_FORMATS, photoSrcSet } from '../photos/places'
import { cityServicePath } from '../urls/cityService'
import { HTML_LANG, LANGS, type Lang } from '../i18n/lang'
import { NOT_FOUND_SCREENS, ROOT_404_PATHS, SCREEN_OF_VARIANT } from '../urls/notFound'
import type { StaticPage } from '../urls/routes'
import { languageVersions } from './languages'
import { servicePath } from '../urls/paths'
import { FRENCH_PROVINCES } from '../catalog/cities'
import type { PageModel } from './model'
import type { SearchStatus } from './searchStatus'

export type HeadTag = { tag: 'title'; text: string } | { tag: 'meta' | 'link'; attrs: Record<string, string> }

const STATIC_HEADS: Record<Lang, Record<StaticPage, { title: string; description: string }>> = {
  en: {
    home: {
      title: 'Professional Cleaning Services',
      description:
        'Eco-friendly commercial janitorial and residential cleaning across the USA & Canada: 16 services, trained and insured crews, 24/7 availability and a free quote within 24 hours.',
    },
    about: {
      title: 'About Us',
      description: 'Our story, mission, vision and values: eco-friendly cleaning by trained, insured crews for businesses and homes across the USA & Canada.',
    },
    contact: {
      title: 'Contact Us',
      description:
        'Contact our cleaning team: service 24/7 and emergency support 24/7 across the continental United States and Canada. Send a request and hear back within 24 hours.',
    },
    quote: {
      title: 'Get Your Free Quote',
      description:
        'Request a free, no-obligation cleaning quote. We reply within 24 hours, offer an optional on-site consultation and schedule service around you.',
    },
    'local-services': {
      title: 'Cleaning Services in Your City',
      description:
        'Find janitorial and cleaning services near you: 16 services in hundreds of cities across the USA & Canada, from strip and wax to disinfecting.',
    },
    'thank-you': { title: 'Thank You', description: 'Your quote request has been received. We reply within 24 hours.' },
    privacy: {
      title: 'Privacy Notice',
      description: 'What our quote form collects, why, where it is stored, how long we keep it, who receives it, and how to ask for a copy or its deletion.',
    },
  },
  fr: {
    home: {
      title: 'Entretien et conciergerie',
      description:
        'Entretien ménager commercial et résidentiel écologique au Québec, partout au Canada et aux États-Unis\u00a0: 16 services, équipes formées et assurées, 24 h sur 24, soumission gratuite en 24 heures.',
    },
    about: {
      title: 'À propos',
      description:
        'Notre histoire, notre mission, notre vision et nos valeurs\u00a0: un entretien ménager écologique par des équipes formées et assurées, pour les entreprises et les résidences.',
    },
    contact: {
      title: 'Nous joindre',
      description:
        'Joignez notre équipe d’entretien\u00a0: service et soutien d’urgence 24 heures sur 24, 7 jours sur 7. Envoyez votre demande et recevez une réponse en 24 heures.',
    },
    quote: {
      title: 'Soumission gratuite',
      description:
        'Demandez une soumission gratuite et sans engagement. Réponse en 24 heures, visite des lieux au besoin et service planifié selon votre horaire.',
    },
    'thank-you': { title: 'Merci', description: 'Votre demande de soumission a bien été reçue. Nous répondons en 24 heures.' },
    privacy: {
      title: 'Politique de confidentialité',
      description:
        'Ce que notre formulaire de soumission recueille, pourquoi, où c’est conservé, combien de temps, qui le reçoit et comment en obtenir une copie ou la suppression.',
    },
    'local-services': {
      title: 'Nos services d’entretien dans votre ville',
      description:
        'Trouvez nos services d’entretien ménager et de conciergerie dans les villes du Québec\u00a0: 16 services, du décapage et cirage à la désinfection.',
    },
  },
}

/** Cuts a text to at most `max` characters at a word boundary (docs/spec.md §9: city meta descriptions are cut at 160). */
export function cutAt(text: string, max = 160): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.\u2013-]+$/, '')}…`
}

/**
 * The one URL a page declares canonical (null: none), in its own language. docs/spec.md: a -janitorial page names itself;
 * its first-scheme twin names it too; a header alias names the catalogue URL.
 */
export function canonicalPath(model: PageModel): string | null {
  switch (model.kind) {
    case 'static':
    case 'city':
      return model.path
    case 'service':
      return model.lang === 'fr' ? servicePath(model.service.fr.slug, 'fr') : servicePath(model.service.slug)
    case 'city-service':
      return model.lang === 'fr' ? model.path : cityServicePath(model.city.slug, model.service.slug, 2)
    case 'not-found':
      // A not-found file names its own URL (the root fallback is served as /404 or /fr/404, whatever Vike calls it); it is also noindex.
      return model.fallback && model.variant === '404' ? ROOT_404_PATHS[model.lang] : model.path
    case 'error':
      return null
  }
}

export const absoluteUrl = (siteUrl: string, path: string) => `${siteUrl}${path}`

/**
 * Pages search engines should not index: the not-found and error screens, the thank-you page after a form post, and
 * the city pages their measure keeps out (`search`: src/seo/searchIndex.ts).
 */
export const isNoindex = (model: PageModel, search?: SearchStatus) =>
  model.kind === 'not-found' || model.kind === 'error' || (model.kind === 'static' && model.page === 'thank-you') || search?.indexed === false

const OG_LOCALE: Record<Lang, string> = { en: 'en_US', fr: 'fr_CA' }

const fitTitle = (title: string, company: string) => (`${title} – ${company}`.length <= 70 ? `${title} – ${company}` : title)

/** The <head> of a page, as data: title, description, keywords, social tags, canonical link, robots. */
export function buildHead(model: PageModel, site: LocalSite, photo?: PagePhoto, search?: SearchStatus): HeadTag[] {
  const { company, siteUrl, shareImage } = site
  let title: string
  let description: string
  let keywords: string[] | undefined
  let type = 'website'

  const fr = model.lang === 'fr'
  switch (model.kind) {
    case 'static': {
      const head = STATIC_HEADS[model.lang][model.page]
      title = `${head.title} – ${company}`
      description = head.description
      break
    }
    case 'service': {
      const copy = serviceCopy(model.service, model.lang)
      title = fr ? fitTitle(copy.title, company) : `${copy.title} – ${company}`
      // The alias page says it differently so that no two pages share a description.
      description = cutAt(model.viaAlias ? `${copy.title}: ${copy.description}` : `${copy.subtitle}. ${copy.description}`)
      keywords = copy.seoKeywords
      break
    }
    case 'city': {
      const { city } = model
      if (fr) {
        const province = FRENCH_PROVINCES[city.state]?.name ?? city.stateName
        title = fitTitle(`Entretien ménager à ${city.name} (${province})`, company)
        description = `Nos 16 services d’entretien ménager et de conciergerie à ${city.name}, ${province}\u00a0: conditions locales, fuseau horaire et soumission gratuite en 24 heures.`
        break
      }
      title = fitTitle(`Cleaning Services in ${city.name}, ${city.state}`, company)
      description = `Our 16 janitorial and cleaning services in ${city.name}, ${city.stateName}: local conditions, time zone, and a free quote within 24 hours.`
      break
    }
    case 'city-service': {
      const { city, service } = model
      if (fr) {
        // Some French service names are long: past 70 characters (what search results show) the company is left out.
        const copy = serviceCopy(service, 'fr')
        title = fitTitle(`${copy.title} à ${city.displayName}`, company)
        description = cutAt(withCity(copy.localDescription, city))
        keywords = [...copy.seoKeywords, `${copy.title.toLowerCase()} ${city.name}`, `entretien ménager ${city.name}`]
        type = 'article'
        break
      }
      title = `${service.title} in ${city.displayName} – ${company}`
      // docs/spec.md §9: the first scheme's description is the local description cut at 160 characters.
      description =
        model.scheme === 1
          ? cutAt(withCity(service.localDescription, city))
          : cutAt(`${service.title} in ${city.displayName}, ${city.stateName}: ${service.subtitle}. Free quote within 24 hours, service 24/7.`)
      keywords = [...service.seoKeywords, `${service.title.toLowerCase()} ${city.name}`, `cleaning services ${city.name} ${city.state}`]
      type = 'article'
      break
    }
    case 'not-found': {
      const screen = NOT_FOUND_SCREENS[model.lang][SCREEN_OF_VARIANT[model.variant]]
      title = `${screen.title} – ${company}`
      description = fr
        ? `${screen.title}\u00a0: l’adresse suivie ne mène à aucune page de ${company}.`
        : `${screen.title}: the address you followed does not lead to a page of ${company}.`
      break
    }
    case 'error':
      title = fr ? `Erreur inattendue de l’application – ${company}` : `Unexpected Application Error – ${company}`
      description = fr ? `Une erreur s’est produite sur le site de ${company}.` : `Something went wrong on the ${company} website.`
      break
  }

  const canonical = canonicalPath(model)
  // A page's share image is its hero photo's 1200 × 630 crop (src/photos/), where it has one.
  const image = absoluteUrl(siteUrl, photo?.og ?? shareImage)
  const tags: HeadTag[] = [
    { tag: 'title', text: title },
    { tag: 'meta', attrs: { name: 'description', content: description } },
  ]
  if (keywords) tags.push({ tag: 'meta', attrs: { name: 'keywords', content: keywords.join(', ') } })
  tags.push(
    { tag: 'meta', attrs: { property: 'og:title', content: title } },
    { tag: 'meta', attrs: { property: 'og:description', content: description } },
    { tag: 'meta', attrs: { property: 'og:type', content: type } },
    { tag: 'meta', attrs: { property: 'og:site_name', content: company } },
    { tag: 'meta', attrs: { property: 'og:locale', content: OG_LOCALE[model.lang] } },
    { tag: 'meta', attrs: { property: 'og:image', content: image } },
    { tag: 'meta', attrs: { property: 'og:image:width', content: '1200' } },
    { tag: 'meta', attrs: { property: 'og:image:height', content: '630' } },
    { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } },
    { tag: 'meta', attrs: { name: 'twitter:title', content: title } },
    { tag: 'meta', attrs: { name: 'twitter:description', content: description } },
    { tag: 'meta', attrs: { name: 'twitter:image', content: image } },
  )
  // The hero photo is the page's largest paint beside the text (1024 px and wider): there the browser fetches it at
  // once, in the first format it takes. Narrower, it comes under the text, mostly below the fold, and a preload took
  // bandwidth from the stylesheet (Lighthouse mobile: first paint 1.3 → 1.4 s, performance 99); the <img> still asks
  // for it at high priority.
  if (photo?.hero) {
    const [best] = PHOTO_FORMATS
    tags.push({
      tag: 'link',
      attrs: {
        rel: 'preload',
        as: 'image',
        type: best.type,
        imageSrcSet: photoSrcSet(photo, best.ext),
        imageSizes: photo.sizes,
        media: '(min-width: 1024px)',
        fetchPriority: 'high',
      },
    })
  }
  const noindex = isNoindex(model, search)
  // A city page kept out of the index still passes on its links (to its hub, its services, the nearby cities).
  if (noindex) tags.push({ tag: 'meta', attrs: { name: 'robots', content: search?.indexed === false ? 'noindex, follow' : 'noindex' } })
  if (canonical !== null) {
    const url = absoluteUrl(siteUrl, canonical)
    tags.push({ tag: 'meta', attrs: { property: 'og:url', content: url } }, { tag: 'link', attrs: { rel: 'canonical', href: url } })
  }
  // hreflang: a canonical page that exists in both languages, indexed in both, names both (and English as the
  // default), reciprocally.
  const versions = languageVersions(model)
  if (
    !noindex &&
    search?.otherLanguageIndexed !== false &&
    canonical !== null &&
    canonical === model.path &&
    canonical === versions[model.lang] &&
    LANGS.every((lang) => versions[lang])
  ) {
    for (const lang of LANGS) tags.push({ tag: 'link', attrs: { rel: 'alternate', hrefLang: HTML_LANG[lang], href: absoluteUrl(siteUrl, versions[lang]!) } })
    tags.push({ tag: 'link', attrs: { rel: 'alternate', hrefLang: 'x-default', href: absoluteUrl(siteUrl, versions.en!) } })
  }
  return tags
}
