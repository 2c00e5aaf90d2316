import type { Catalogue } from '../catalog/index'
import type { PagePhoto } from '../components/data'
import type { Lang } from '../i18n/lang'
import { placeKind, PLACE_LOOKS } from './places'

/** What a page is, as far as its photo goes: the home or about page, or the pages of a city and of a service. */
export interface PhotoSubject {
  page?: 'home' | 'about'
  city?: string
  service?: string
}

const chosen = new WeakMap<Catalogue, Map<string, PagePhoto | null>>()

/**
 * The photo a page shows (data/photos.yaml): home and about their own, a city's pages the city's before the service's,
 * a service's pages the service's. Only a photo whose files the build made; one object per place and language.
 */
export function pagePhoto(catalogue: Catalogue, lang: Lang, { page, city, service }: PhotoSubject): PagePhoto | undefined {
  if (catalogue.photos.size === 0) return undefined
  const places = [page, city && `city:${city}`, service && `service:${service}`]
  const on = places.find((place) => place && catalogue.photos.get(place)?.image)
  if (!on) return undefined
  let made = chosen.get(catalogue)
  if (!made) chosen.set(catalogue, (made = new Map<string, PagePhoto | null>()))
  const key = `${lang} ${on}`
  if (!made.has(key)) {
    const { alt, alt_fr, caption, caption_fr, credit, image } = catalogue.photos.get(on)!
    const look = PLACE_LOOKS[placeKind(on)]
    // A photo shown on French pages has its French description: checked by the catalogue.
    const text = lang === 'fr' ? { alt: alt_fr!, caption: caption_fr } : { alt, caption }
    made.set(key, {
      ...image!,
      alt: text.alt,
      ...(text.caption ? { caption: text.caption } : {}),
      ...(credit ? { credit } : {}),
      sizes: look.sizes,
      hero: look.hero,
    })
  }
  return made.get(key) ?? undefined
}
