import { withCity, type Catalogue } from '../catalog/index'
import { cityServicePath } from '../urls/cityService'
import { NOT_FOUND_SCREENS, ROOT_404_PATH, SCREEN_OF_VARIANT } from '../urls/notFound'
import { servicePath } from '../urls/paths'
import type { PageModel } from './model'

export type HeadTag = { tag: 'title'; text: string } | { tag: 'meta' | 'link'; attrs: Record<string, string> }

const STATIC_HEADS = {
  home: { title: 'Professional Cleaning Services', description: 'Eco-friendly commercial janitorial and residential cleaning across the USA & Canada: 16 services, trained and insured crews, 24/7 availability and a free quote within 24 hours.' },
  about: { title: 'About Us', description: 'Our story, mission, vision and values: eco-friendly cleaning by trained, insured crews for businesses and homes across the USA & Canada.' },
  contact: { title: 'Contact Us', description: 'Contact our cleaning team: service 24/7 and emergency support 24/7 across the continental United States and Canada. Send a request and hear back within 24 hours.' },
  quote: { title: 'Get Your Free Quote', description: 'Request a free, no-obligation cleaning quote. We reply within 24 hours, offer an optional on-site consultation and schedule service around you.' },
  'local-services': { title: 'Cleaning Services in Your City', description: 'Find janitorial and cleaning services near you: 16 services in hundreds of cities across the USA & Canada, from strip and wax to disinfecting.' },
} as const

/** Cuts a text to at most `max` characters at a word boundary (SPEC §9: city meta descriptions are cut at 160). */
export function cutAt(text: string, max = 160): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`
}

/** The one URL a page declares canonical (null: none). SPEC: a -janitorial page names itself. */
export function canonicalPath(model: PageModel): string | null {
  switch (model.kind) {
    case 'static':
      return model.path
    case 'service':
      return servicePath(model.service.slug)
    case 'city-service':
      return cityServicePath(model.city.slug, model.service.slug, 2)
    case 'not-found':
      // A not-found file names its own URL (the root fallback is served as /404); it is also noindex.
      return model.fallback ? ROOT_404_PATH : model.path
    case 'error':
      return null
  }
}

export const absoluteUrl = (siteUrl: string, path: string) => `${siteUrl}${path}`

/** The <head> of a page, as data: title, description, keywords, social tags, canonical link, robots. */
export function buildHead(model: PageModel, catalogue: Catalogue): HeadTag[] {
  const { company, siteUrl, shareImage } = catalogue.site
  let title: string
  let description: string
  let keywords: string[] | undefined
  let type = 'website'

  switch (model.kind) {
    case 'static': {
      const head = STATIC_HEADS[model.page]
      title = `${head.title} – ${company}`
      description = head.description
      break
    }
    case 'service':
      title = `${model.service.title} – ${company}`
      // The alias page says it differently so that no two pages share a description.
      description = cutAt(model.viaAlias ? `${model.service.title}: ${model.service.description}` : `${model.service.subtitle}. ${model.service.description}`)
      keywords = model.service.seoKeywords
      break
    case 'city-service': {
      const { city, service } = model
      title = `${service.title} in ${city.displayName} – ${company}`
      // SPEC §9: the first scheme's description is the local description cut at 160 characters.
      description =
        model.scheme === 1
          ? cutAt(withCity(service.localDescription, city))
          : cutAt(`${service.title} in ${city.displayName}, ${city.regionName}: ${service.subtitle}. Free quote within 24 hours, service 24/7.`)
      keywords = [...service.seoKeywords, `${service.title.toLowerCase()} ${city.name}`, `cleaning services ${city.name} ${city.state}`]
      type = 'article'
      break
    }
    case 'not-found': {
      const screen = NOT_FOUND_SCREENS[SCREEN_OF_VARIANT[model.variant]]
      title = `${screen.title} – ${company}`
      description = `${screen.title}: the address you followed does not lead to a page of ${company}.`
      break
    }
    case 'error':
      title = `Unexpected Application Error – ${company}`
      description = `Something went wrong on the ${company} website.`
      break
  }

  const canonical = canonicalPath(model)
  const image = absoluteUrl(siteUrl, shareImage)
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
    { tag: 'meta', attrs: { property: 'og:image', content: image } },
    { tag: 'meta', attrs: { property: 'og:image:width', content: '1200' } },
    { tag: 'meta', attrs: { property: 'og:image:height', content: '630' } },
    { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } },
    { tag: 'meta', attrs: { name: 'twitter:title', content: title } },
    { tag: 'meta', attrs: { name: 'twitter:description', content: description } },
    { tag: 'meta', attrs: { name: 'twitter:image', content: image } },
  )
  if (model.kind === 'not-found' || model.kind === 'error') tags.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } })
  if (canonical !== null) {
    const url = absoluteUrl(siteUrl, canonical)
    tags.push({ tag: 'meta', attrs: { property: 'og:url', content: url } }, { tag: 'link', attrs: { rel: 'canonical', href: url } })
  }
  return tags
}
