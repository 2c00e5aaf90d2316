import type { Catalogue, City, Service } from '../catalog/index'
import { nearbyCities } from '../catalog/lists'
import type { ClimateRegion, RegionCopy, RegionService } from '../catalog/regions'
import type { CityLink, HubCatchment, NearbyCities, NearbyCity, Testimonials } from '../components/data'
import { catalogueCatchments } from '../geo/catchment'
import { hubMaps, type HubMapData } from '../geo/hubMap'
import { distanceIn, settingKm, unitFor } from '../geo/distance'
import type { Lang } from '../i18n/lang'
import { fromFiles } from './dataFiles'
import type { JobPhoto, Prose } from '../catalog/content'
import type { PagePhoto } from '../components/data'
import { JOB_CARD_SIZES, PLACE_LOOKS } from '../photos/places'
import { jobMonth, type JobCard, type JobView, type ProseView } from '../components/ContentProse'
import { cityServicePath } from '../urls/cityService'

// The parts of a city's pages (its hub and its city-service pages) that props.ts puts together: each made once per
// city (or region, note, service) and language, and shared by the pages that show it, so that a page's fingerprint
// hashes each once (src/build/propsHash.ts).

/** What a city page shows of its climate region: its name, climate and seasons, and its advice and question for the page's service. */
export type CityRegion = Omit<RegionCopy, 'services'> & { service: RegionService }

/** What a city's hub page shows of its climate region: its name and climate. */
export type HubRegion = Pick<RegionCopy, 'name' | 'climate'>

const links = new WeakMap<City, CityLink>()

/** What a link shows of a city (not its population, line or local details): one object per city, shared by every page. */
export function cityLink(city: City): CityLink {
  let link = links.get(city)
  if (!link)
    links.set(
      city,
      (link = fromFiles(
        { slug: city.slug, name: city.name, displayName: city.displayName, state: city.state, stateName: city.stateName, country: city.country },
        'cities',
      )),
    )
  return link
}

const nearbyOf = new WeakMap<City, Partial<Record<Lang, NearbyCities>>>()

/** A city's nearest cities as its pages in one language list them: one list per city and language, shared by its hub and 16 services. */
export function nearby(city: City, catalogue: Catalogue, lang: Lang): NearbyCities {
  let lists = nearbyOf.get(city)
  if (!lists) nearbyOf.set(city, (lists = {}))
  const known = lists[lang]
  if (known) return known
  const unit: NearbyCity['unit'] = unitFor(lang, city.country)
  const { cities, far } = nearbyCities(city, catalogue, lang)
  const made: NearbyCities = fromFiles(
    { cities: cities.map(({ city: other, km }) => ({ city: cityLink(other), distance: distanceIn(km, unit), unit })), far },
    'cities',
    'site',
  )
  lists[lang] = made
  return made
}

/** How many towns a hub lists and shows on its map, nearest first; the others are counted ("and 12 more"). */
const HUB_TOWNS = 40

const mapsOf = new WeakMap<Catalogue, Map<string, HubMapData>>()

/**
 * The map of a city's reach on its hub (src/geo/hubMap.ts), the same in both languages; null for a city without
 * coordinates. Every hub's map is made at the first one's, from those the last build kept where nothing changed.
 */
export function hubMapOf(catalogue: Catalogue, city: City): HubMapData | null {
  let maps = mapsOf.get(catalogue)
  if (!maps) {
    const all = catalogueCatchments(catalogue)
    const placed = catalogue.cities.flatMap((c) =>
      // The towns the hub lists (the nearest 40), as dots.
      c.coordinates
        ? [
            {
              slug: c.slug,
              at: { ...c.coordinates, name: c.displayName },
              reachKm: settingKm(catalogue.site.searchIndex.reach, c.country),
              towns: all.get(c.slug)!.towns.slice(0, HUB_TOWNS),
            },
          ]
        : [],
    )
    mapsOf.set(catalogue, (maps = hubMaps(placed)))
    for (const map of maps.values()) fromFiles(map, 'cities', 'site')
  }
  return maps.get(city.slug) ?? null
}

/** What a city's hub lists of its surroundings, in the page's language's unit. */
export function hubCatchment(catalogue: Catalogue, city: City, lang: Lang): HubCatchment {
  const { towns, codes } = catalogueCatchments(catalogue).get(city.slug)!
  const unit = unitFor(lang, city.country)
  const inUnit = (km: number) => distanceIn(km, unit)
  return fromFiles(
    {
      towns: towns.slice(0, HUB_TOWNS).map((t) => ({ name: t.name, state: t.state, distance: inUnit(t.km) })),
      moreTowns: Math.max(0, towns.length - HUB_TOWNS),
      codes,
      codeKind: city.country === 'US' ? 'zip' : 'postal',
      reach: inUnit(settingKm(catalogue.site.searchIndex.reach, city.country)),
      unit,
    },
    'cities',
    'site',
  )
}

const cityQuotes = new WeakMap<Catalogue, Record<Lang, Map<string, Testimonials>>>()

/**
 * A city's own testimonials (site.yaml's with its slug as `city`) in one language, one list per city and language:
 * on English pages their `text`, on French pages their `text_fr` (a testimonial without one is not shown there).
 */
export function cityTestimonials(catalogue: Catalogue, city: City, lang: Lang): Testimonials | undefined {
  let lists = cityQuotes.get(catalogue)
  if (!lists) {
    lists = { en: new Map(), fr: new Map() }
    for (const t of catalogue.site.testimonials) {
      if (!t.city) continue
      const shown = { ...t, text_fr: undefined }
      lists.en.set(t.city, [...(lists.en.get(t.city) ?? []), shown])
      if (t.text_fr) lists.fr.set(t.city, [...(lists.fr.get(t.city) ?? []), { ...shown, text: t.text_fr }])
    }
    for (const map of Object.values(lists)) for (const list of map.values()) fromFiles(list, 'site')
    cityQuotes.set(catalogue, lists)
  }
  return lists[lang].get(city.slug)
}

export const ownTestimonials = (catalogue: Catalogue, city: City, lang: Lang) => {
  const testimonials = cityTestimonials(catalogue, city, lang)
  return testimonials ? { testimonials } : {}
}

/** The city's text of content/ in this language (content/cities/<slug>.md or .fr.md), if any: one object per file. */
export function cityProse(catalogue: Catalogue, city: City, lang: Lang): ProseView | undefined {
  const prose = catalogue.content.cities.get(city.slug)?.[lang]
  return prose && proseView(prose)
}

/** The text of content/ for this city and service in this language (content/cities/<slug>/<service>.md), if any. */
export function pageProse(catalogue: Catalogue, city: City, service: Pick<Service, 'slug'>, lang: Lang): ProseView | undefined {
  const prose = catalogue.content.pages.get(`${city.slug} ${service.slug}`)?.[lang]
  return prose && proseView(prose)
}

const proseViews = new WeakMap<Prose, ProseView>()
function proseView(prose: Prose): ProseView {
  let view = proseViews.get(prose)
  if (!view) proseViews.set(prose, (view = fromFiles({ html: prose.html }, 'cities')))
  return view
}

const jobLists = new WeakMap<Catalogue, Map<string, readonly JobView[] | null>>()

/** The job stories of this city and service in this language, in full, the latest first; one list per page. */
export function pageJobs(catalogue: Catalogue, city: City, service: Pick<Service, 'slug'>, lang: Lang): readonly JobView[] | undefined {
  let lists = jobLists.get(catalogue)
  if (!lists) jobLists.set(catalogue, (lists = new Map<string, readonly JobView[] | null>()))
  const key = `${city.slug} ${service.slug} ${lang}`
  let list = lists.get(key)
  if (list === undefined) {
    const jobs = (catalogue.content.jobsByPage.get(`${city.slug} ${service.slug}`) ?? []).filter((j) => j.lang === lang)
    list =
      jobs.length === 0
        ? null
        : fromFiles(
            jobs.map((j) => {
              const photos = j.photos.flatMap((p) => jobPhoto(p, PLACE_LOOKS.job.sizes) ?? [])
              return {
                title: j.title,
                when: jobMonth(j.date, lang),
                html: j.html,
                ...(j.quote ? { quote: j.quote } : {}),
                ...(photos.length ? { photos } : {}),
              }
            }),
            'cities',
          )
    lists.set(key, list)
  }
  return list ?? undefined
}

/** A job's photo as a page shows it (lazily, further down), once the build has made its files. */
const jobPhoto = (photo: JobPhoto, sizes: string): PagePhoto | undefined => photo.image && { ...photo.image, alt: photo.alt, sizes, hero: false }

/** How many job cards a city's hub and a service's page show: the latest. */
const JOB_CARDS = 3

const cardLists = new WeakMap<Catalogue, Map<string, readonly JobCard[] | null>>()

/**
 * Job cards, the latest first: a city's hub's (`city`), or a service's page's (`service`: the latest of every city,
 * each with its place). Each links to the city-service page that tells the story in full.
 */
export function jobCards(catalogue: Catalogue, lang: Lang, of: { city: string } | { service: string }): readonly JobCard[] | undefined {
  let lists = cardLists.get(catalogue)
  if (!lists) cardLists.set(catalogue, (lists = new Map<string, readonly JobCard[] | null>()))
  const key = 'city' in of ? `city ${of.city} ${lang}` : `service ${of.service} ${lang}`
  let list = lists.get(key)
  if (list === undefined) {
    const all = 'city' in of ? catalogue.content.jobsByCity.get(of.city) : catalogue.content.jobsByService.get(of.service)
    const cards = (all ?? [])
      .filter((j) => j.lang === lang)
      .slice(0, JOB_CARDS)
      .map((j): JobCard => {
        const city = catalogue.cityBySlug.get(j.city)!
        const service = catalogue.serviceBySlug.get(j.service)!
        const href = lang === 'fr' ? cityServicePath(city.slug, service.fr.slug, 1, 'fr') : cityServicePath(city.slug, service.slug, 2)
        const photo = j.photos[0] && jobPhoto(j.photos[0], JOB_CARD_SIZES['city' in of ? 'aside' : 'main'])
        return {
          title: j.title,
          when: jobMonth(j.date, lang),
          summary: j.summary,
          href,
          ...('service' in of ? { place: city.displayName } : {}),
          ...(photo ? { photo } : {}),
        }
      })
    list = cards.length === 0 ? null : fromFiles(cards, 'cities')
    lists.set(key, list)
  }
  return list ?? undefined
}

const hubRegions = new WeakMap<ClimateRegion, Partial<Record<Lang, HubRegion>>>()

/** A region's name and climate in one language, one object per region and language. */
export function hubRegion(region: ClimateRegion, lang: Lang): HubRegion {
  let parts = hubRegions.get(region)
  if (!parts) hubRegions.set(region, (parts = {}))
  // A region with French pages has its French copy: checked by the catalogue.
  const { name, climate } = lang === 'fr' ? region.fr! : region
  return (parts[lang] ??= fromFiles({ name, climate }, 'regions'))
}

const regionParts = new WeakMap<ClimateRegion, Record<Lang, Map<string, CityRegion>>>()

/** A region's copy for one service in one language, one object per region, language and service. */
export function cityRegion(region: ClimateRegion, lang: Lang, service: Pick<Service, 'slug'>): CityRegion {
  let parts = regionParts.get(region)
  if (!parts) regionParts.set(region, (parts = { en: new Map(), fr: new Map() }))
  let part = parts[lang].get(service.slug)
  if (!part) {
    // A region with French pages has its French copy: checked by the catalogue.
    const { name, climate, seasons, services } = lang === 'fr' ? region.fr! : region
    parts[lang].set(service.slug, (part = fromFiles({ name, climate, seasons, service: services[service.slug] }, 'regions')))
  }
  return part
}
