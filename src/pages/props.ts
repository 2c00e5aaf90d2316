import { hash } from 'node:crypto'
import { DATA_FILES, type Catalogue, type City, type Service } from '../catalog/index'
import { CITIES_PER_CARD, frenchCities, majorCities, nearbyCities } from '../catalog/lists'
import type { ClimateRegion, RegionCopy, RegionService } from '../catalog/regions'
import type { Lang } from '../i18n/lang'
import { formAction } from '../quote/endpoint'
import { retentionDaysOf } from '../../supabase/functions/_shared/quoteContract'
import type {
  CityLink,
  HubCatchment,
  LocalSite,
  NavService,
  NearbyCity,
  CoverageMapData,
  PagePhoto,
  QuoteFormData,
  ServiceSummary,
  Testimonials,
} from '../components/data'
import { placeKind, PLACE_LOOKS } from '../photos/places'
import { KM_PER_MILE } from '../geo/distance'
import { coverageMapSize, dotPosition, MAP_FILES } from '../geo/coverageMap'
import { cityFacts, type PageModel } from './model'
import { serviceFor } from '../catalog/canadianCopy'
import { catchments, withoutServedTowns, type Catchment } from '../geo/catchment'
import { indexDecision, isIndexed, searchIndex, searchKey, type IndexDecision, type SearchIndex, type TextKey } from '../seo/searchIndex'

/**
 * Everything a page shows, and nothing else. The views, the <head> and the structured data read only this, never the
 * catalogue; the build hashes it with the code into the page's fingerprint (`propsHash`), so a page cannot show data
 * its fingerprint does not cover. Plain data only (objects, arrays, strings, numbers, booleans, null).
 */
export interface PageProps {
  model: PageModel
  /** The company's constants, with its texts (blurb, coverage) in the page's language. */
  site: LocalSite
  /** The services as the header and footer menus list them. */
  nav: readonly NavService[]
  view: ViewData
  /** The page's photo (data/photos.yaml), where it has one: absent, the page is as it was before photos. */
  photo?: PagePhoto
  /** A city page's place in search engines' index, measured (src/seo/searchIndex.ts): absent on the other pages. */
  search?: SearchStatus
}

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
function searchStatus(catalogue: Catalogue, city: Pick<City, 'slug' | 'french'>, lang: Lang, service?: Pick<Service, 'slug'>): SearchStatus {
  const other: Lang = lang === 'fr' ? 'en' : 'fr'
  const indexed = isIndexed(catalogue, searchKey(lang, city.slug, service?.slug), measuredIndex)
  const otherIndexed = city.french && isIndexed(catalogue, searchKey(other, city.slug, service?.slug), measuredIndex)
  return STATUSES[(indexed ? 2 : 0) + (otherIndexed ? 1 : 0)]!
}

/** What a city page shows of its climate region: its name, climate and seasons, and its advice and question for the page's service. */
export type CityRegion = Omit<RegionCopy, 'services'> & { service: RegionService }

/** What a city's hub page shows of its climate region: its name and climate. */
type HubRegion = Pick<RegionCopy, 'name' | 'climate'>

export type ViewData =
  | { kind: 'home'; services: readonly ServiceSummary[]; testimonials: Testimonials; quote: QuoteFormData }
  | { kind: 'about' }
  | { kind: 'contact'; quote: QuoteFormData }
  /** `choiceOf`: each catalogue service slug's choice in the form, for the service a city page's link brings along. */
  | { kind: 'quote'; quote: QuoteFormData; choiceOf: Readonly<Record<string, string>> }
  | { kind: 'thank-you' }
  /** `retentionDays`: how long a stored request is kept (RETENTION_DAYS, read at build time like the function reads it). */
  | { kind: 'privacy'; retentionDays: number }
  /**
   * `cardCities`: the first cities of each service card; `majorCities`: 'Major Service Areas'; `cities`: every city with a hub in the
   * page's language (the A–Z list, which the finder also searches); `cityCount`: how many cities the site serves.
   */
  | {
      kind: 'local-services'
      services: readonly ServiceSummary[]
      cardCities: readonly CityLink[]
      majorCities: readonly CityLink[]
      cities: readonly CityLink[]
      cityCount: number
      map: CoverageMapData
    }
  /**
   * A city's hub page. `region`: its climate region's name and climate in the page's language. `nearest`: its 8 nearest
   * served cities by great-circle distance, with their distances (the list its city-service pages show).
   */
  | {
      kind: 'city'
      region: HubRegion
      nearest: readonly NearbyCity[]
      /** The towns and codes nearest to it of all served cities (issue 38). */
      catchment: HubCatchment
      /** The city's own testimonials, in the page's language, where it has some. */
      testimonials?: Testimonials
      map: CoverageMapData
      locator: { x: number; y: number } | null
      quote: QuoteFormData
    }
  /** `cities`: every city where the service is offered in the page's language; `allCities`: how many cities the site serves. */
  | { kind: 'service'; cities: readonly CityLink[]; allCities: number; quote: QuoteFormData }
  /** `region`: the city's climate region in the page's language, with what it says of this service. */
  /** `nearby`: the 8 nearest cities with pages in the page's language, nearest first, with their distances. */
  /**
   * `job`: the note of data/local-notes.csv for this city and service, in the page's language, where there is one;
   * `testimonials`: the city's own testimonials (site.yaml's with its `city`), in the page's language, where it has some.
   */
  | {
      kind: 'city-service'
      region: CityRegion
      nearby: readonly NearbyCity[]
      quote: QuoteFormData
      job?: JobNote
      testimonials?: Testimonials
    }
  | { kind: 'not-found'; serviceSlugs: Readonly<Record<Lang, readonly string[]>>; aliases: Readonly<Record<string, string>> }
  | { kind: 'error' }

const shared = new WeakMap<
  Catalogue,
  {
    site: Record<Lang, LocalSite>
    testimonials: Record<Lang, Testimonials>
    nav: NavService[]
    summaries: Record<Lang, ServiceSummary[]>
    allCities: CityLink[]
    frenchCities: CityLink[]
    /**
     * The same, in an order population does not decide (by slug), for the lists a page orders itself (StateGroups: by
     * state, then name): a change of a population that orders none of a page's lists changes none of its props.
     */
    bySlug: Record<Lang, CityLink[]>
  }
>()
const links = new WeakMap<City, CityLink>()

/** What a link shows of a city (not its population, line or local details): one object per city, shared by every page. */
function cityLink(city: City): CityLink {
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

function sharedParts(catalogue: Catalogue) {
  let parts = shared.get(catalogue)
  if (!parts) {
    for (const service of catalogue.services) fromFiles(service, 'services', 'servicesFr')
    for (const city of catalogue.cities) {
      fromFiles(city, 'cities')
      // What the models of its pages show of it (model.ts): marked once here, not once per page.
      fromFiles(cityFacts(city), 'cities')
    }
    fromFiles(catalogue.aliases, 'services')
    const nav = catalogue.services.map((s) => ({
      slug: s.slug,
      ...(s.alias ? { alias: s.alias } : {}),
      title: s.title,
      icon: s.icon,
      fr: { slug: s.fr.slug, title: s.fr.title },
    }))
    const summary = (s: Service, lang: Lang): ServiceSummary => {
      const { slug, title, subtitle, description } = lang === 'fr' ? s.fr : s
      return fromFiles({ key: s.slug, slug, icon: s.icon, title, subtitle, description }, lang === 'fr' ? 'servicesFr' : 'services')
    }
    const summaries = { en: catalogue.services.map((s) => summary(s, 'en')), fr: catalogue.services.map((s) => summary(s, 'fr')) }
    for (const item of nav) fromFiles(item, 'services', 'servicesFr')
    const { french, quoteServiceChoices: _choices, testimonials, searchIndex: _searchIndex, ...english } = catalogue.site
    const site = { en: fromFiles(english, 'site'), fr: fromFiles({ ...english, blurb: french.blurb, coverage: french.coverage }, 'site') }
    // The home page's four (the others are a city's: cityTestimonials).
    const home = testimonials.filter((t) => !t.city)
    const quotes = {
      en: fromFiles(home, 'site'),
      fr: fromFiles(
        home.map((t, i) => ({ ...t, text: french.testimonials[i]!.text })),
        'site',
      ),
    }
    const allCities = catalogue.cities.map(cityLink)
    const frenchLinks = frenchCities(catalogue).map(cityLink)
    const sortedBySlug = (links: CityLink[]) => [...links].sort((a, b) => (a.slug < b.slug ? -1 : 1))
    parts = {
      site,
      testimonials: quotes,
      nav,
      summaries,
      allCities,
      frenchCities: frenchLinks,
      bySlug: { en: sortedBySlug(allCities), fr: sortedBySlug(frenchLinks) },
    }
    shared.set(catalogue, parts)
  }
  return parts
}

const nearbyOf = new WeakMap<City, Partial<Record<Lang, NearbyCity[]>>>()

/** A city's nearest cities as its pages in one language list them: one list per city and language, shared by its 16 services. */
function nearby(city: City, catalogue: Catalogue, lang: Lang): NearbyCity[] {
  let lists = nearbyOf.get(city)
  if (!lists) nearbyOf.set(city, (lists = {}))
  let list = lists[lang]
  if (!list) {
    const unit = lang === 'fr' || city.country === 'CA' ? 'km' : 'mi'
    list = lists[lang] = nearbyCities(city, catalogue, lang).map(({ city: other, km }) =>
      fromFiles({ city: cityLink(other), distance: Math.max(1, Math.round(unit === 'km' ? km : km / KM_PER_MILE)), unit }, 'cities'),
    )
  }
  return list
}
const maps: Partial<Record<Lang, CoverageMapData>> = {}

/** The coverage map file of a language and its size: one object per language and build. */
function coverageMap(lang: Lang): CoverageMapData {
  return (maps[lang] ??= { src: `/${MAP_FILES[lang]}`, ...coverageMapSize() })
}

/** Each language's forms, by the slug of the service they are for ('' for none). */
const quoteForms = new WeakMap<Catalogue, Record<Lang, Map<string, QuoteFormData>>>()

function quoteForm(catalogue: Catalogue, lang: Lang, service?: Service): QuoteFormData {
  let forms = quoteForms.get(catalogue)
  if (!forms) quoteForms.set(catalogue, (forms = { en: new Map(), fr: new Map() }))
  const key = service?.slug ?? ''
  let form = forms[lang].get(key)
  if (!form) {
    const choices = lang === 'fr' ? catalogue.site.french.quoteServiceChoices : catalogue.site.quoteServiceChoices
    const preselected = service ? catalogue.quoteChoiceOf[lang][service.slug] : undefined
    forms[lang].set(
      key,
      (form = fromFiles(
        { action: formAction(lang), choices, ...(preselected ? { preselected } : {}), ...(service ? { serviceSlug: service.slug } : {}) },
        'site',
        'services',
      )),
    )
  }
  return form
}

/** The props of the page a model describes: everything its view, <head> and structured data show. */
export function pageProps(model: PageModel, catalogue: Catalogue): PageProps {
  const props = basePageProps(model, catalogue)
  if (model.kind === 'city') props.search = searchStatus(catalogue, model.city, model.lang)
  else if (model.kind === 'city-service') props.search = searchStatus(catalogue, model.city, model.lang, model.service)
  return props
}

/** The search index of a catalogue's pages, measured once per catalogue (src/seo/searchIndex.ts). */
export const measuredIndex = (catalogue: Catalogue): SearchIndex => searchIndex(catalogue, basePageProps, textKey(catalogue))

/** The city pages kept out of the index, for render threads (which adopt it rather than measure again). */
export const outOfIndex = (catalogue: Catalogue): IndexDecision => indexDecision(measuredIndex(catalogue))

/** The props but their search status: what the search index measures the pages' text from (it decides the status). */
function basePageProps(model: PageModel, catalogue: Catalogue): PageProps {
  const parts = sharedParts(catalogue)
  const photo = pagePhoto(model, catalogue)
  return { model, site: parts.site[model.lang], nav: parts.nav, view: viewData(model, catalogue, parts), ...(photo ? { photo } : {}) }
}

/**
 * Every object the city-service pages of one city in one language are made from, besides their own (props, model,
 * view), whose other values are only their kind, language, path and scheme (given by the city's and the services'
 * slugs): the city's facts, its nearest cities, the site and menus of the language, and for each service of the
 * catalogue the service as the city's country words it, its region's copy, its quote form, its photo, its note
 * (data/local-notes.csv) and its search
 * status (whether search engines are asked to index the page, decided by measuring every city's pages). A hash of
 * these (`cityPagesKey`) changes whenever any of those pages would: the build skips a city whose key did not change
 * (src/build/fingerprints.ts). `tests/unit/fingerprints.test.ts` walks every city-service page's props and fails on an
 * object not listed here.
 */
export function cityPagesParts(catalogue: Catalogue, city: City, lang: Lang, { withSearch = true }: { withSearch?: boolean } = {}): readonly object[] {
  const parts = sharedParts(catalogue)
  const region = catalogue.climateRegions.get(city.climateRegion)!
  const facts = cityFacts(city)
  const list: object[] = [facts, nearby(city, catalogue, lang), parts.site[lang], parts.nav]
  for (const service of catalogue.services) {
    const shown = serviceFor(service, city)
    list.push(shown, cityRegion(region, lang, service), quoteForm(catalogue, lang, service))
    const photo = pagePhoto({ kind: 'city-service', lang, path: '', scheme: 1, city: facts, service: shown }, catalogue)
    if (photo) list.push(photo)
    const job = jobNote(catalogue, city, service, lang)
    if (job) list.push(job)
    const quotes = cityTestimonials(catalogue, city, lang)
    if (quotes) list.push(quotes)
    if (withSearch) list.push(searchStatus(catalogue, city, lang, service))
  }
  return list
}

/**
 * What the text of a page is made from, as a key (src/seo/searchIndex.ts): the parts of its city's pages but their
 * search status for a city-service page (the same for the 16 of a city), the props for the others.
 */
function textKey(catalogue: Catalogue): TextKey {
  const ofCity = new Map<string, string>()
  return (model) => {
    if (model.kind === 'city-service') {
      const id = `${model.lang} ${model.city.slug}`
      let key = ofCity.get(id)
      if (key === undefined) {
        let text = `${model.lang} `
        for (const part of cityPagesParts(catalogue, catalogue.cityBySlug.get(model.city.slug)!, model.lang, { withSearch: false }))
          text += `${propsHash(part)},`
        ofCity.set(id, (key = hash('sha1', text, 'base64url').slice(0, 22)))
      }
      return key
    }
    return pageFingerprint(basePageProps(model, catalogue), 'text')
  }
}

/** A hash of `cityPagesParts()` and of the code: equal for two builds whose pages of this city and language are equal. */
export function cityPagesKey(catalogue: Catalogue, city: City, lang: Lang, code: string): string {
  let text = `${code} ${lang} `
  for (const part of cityPagesParts(catalogue, city, lang)) text += `${propsHash(part)},`
  return hash('sha1', text, 'base64url').slice(0, 22)
}

const pagePhotos = new WeakMap<Catalogue, Map<string, PagePhoto | null>>()

/**
 * The photo a page shows: home and about their own, a service's pages (and its city pages) the service's, a city's
 * pages the city's (before the service's). Only a photo whose files the build made; one object per place and language.
 */
function pagePhoto(model: PageModel, catalogue: Catalogue): PagePhoto | undefined {
  if (catalogue.photos.size === 0) return undefined
  const places: string[] = []
  if (model.kind === 'static' && (model.page === 'home' || model.page === 'about')) places.push(model.page)
  if (model.kind === 'city' || model.kind === 'city-service') places.push(`city:${model.city.slug}`)
  if (model.kind === 'service' || model.kind === 'city-service') places.push(`service:${model.service.slug}`)
  const on = places.find((place) => catalogue.photos.get(place)?.image)
  if (!on) return undefined
  let made = pagePhotos.get(catalogue)
  if (!made) pagePhotos.set(catalogue, (made = new Map<string, PagePhoto | null>()))
  const key = `${model.lang} ${on}`
  if (!made.has(key)) {
    const { alt, alt_fr, caption, caption_fr, credit, image } = catalogue.photos.get(on)!
    const look = PLACE_LOOKS[placeKind(on)]
    // A photo shown on French pages has its French description: checked by the catalogue.
    const text = model.lang === 'fr' ? { alt: alt_fr!, caption: caption_fr } : { alt, caption }
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

function viewData(model: PageModel, catalogue: Catalogue, parts: ReturnType<typeof sharedParts>): ViewData {
  const { lang } = model
  switch (model.kind) {
    case 'static':
      switch (model.page) {
        case 'home':
          return { kind: 'home', services: parts.summaries[lang], testimonials: parts.testimonials[lang], quote: quoteForm(catalogue, lang) }
        case 'contact':
          return { kind: model.page, quote: quoteForm(catalogue, lang) }
        case 'quote':
          return { kind: model.page, quote: quoteForm(catalogue, lang), choiceOf: fromFiles({ ...catalogue.quoteChoiceOf[lang] }, 'site', 'services') }
        case 'local-services': {
          const cities = lang === 'fr' ? parts.frenchCities : parts.allCities
          return {
            kind: 'local-services',
            services: parts.summaries[lang],
            cardCities: cities.slice(0, CITIES_PER_CARD),
            majorCities: lang === 'fr' ? cities : majorCities(catalogue).map(cityLink),
            // The A–Z list, by state and name on the page (StateGroups).
            cities: parts.bySlug[lang],
            cityCount: parts.allCities.length,
            map: coverageMap(lang),
          }
        }
        case 'about':
        case 'thank-you':
          return { kind: model.page }
        case 'privacy':
          return { kind: 'privacy', retentionDays: retentionDays() }
      }
      break
    case 'service':
      return {
        kind: 'service',
        cities: parts.bySlug[lang],
        allCities: parts.allCities.length,
        quote: quoteForm(catalogue, lang, model.service),
      }
    case 'city': {
      const city = catalogue.cityBySlug.get(model.city.slug)!
      return {
        kind: 'city',
        region: hubRegion(catalogue.climateRegions.get(city.climateRegion)!, lang),
        nearest: nearby(city, catalogue, lang),
        catchment: hubCatchment(catalogue, city, lang),
        ...ownTestimonials(catalogue, city, lang),
        map: coverageMap(lang),
        locator: dotPosition(city) ?? null,
        quote: quoteForm(catalogue, lang),
      }
    }
    case 'city-service': {
      const { service } = model
      const city = catalogue.cityBySlug.get(model.city.slug)!
      const region = cityRegion(catalogue.climateRegions.get(city.climateRegion)!, lang, service)
      const job = jobNote(catalogue, city, service, lang)
      return {
        kind: 'city-service',
        region,
        nearby: nearby(city, catalogue, lang),
        quote: quoteForm(catalogue, lang, service),
        ...(job ? { job } : {}),
        ...ownTestimonials(catalogue, city, lang),
      }
    }
    case 'not-found':
      return { kind: 'not-found', serviceSlugs: { en: parts.nav.map((s) => s.slug), fr: parts.nav.map((s) => s.fr.slug) }, aliases: catalogue.aliases }
    case 'error':
      return { kind: 'error' }
  }
}

/** How many towns a hub lists, nearest first; the others are counted ("and 12 more"). */
const HUB_TOWNS = 40

const catchmentsOf = new WeakMap<Catalogue, Map<string, Catchment>>()
let lastCatchments: { key: string; all: Map<string, Catchment> } | undefined

/**
 * Each city's catchment (src/geo/catchment.ts), made once per catalogue, or once for catalogues whose cities are in the
 * same places (a population edit). `keep`: the build's kept values, which keep it between builds by the same key.
 */
export function catalogueCatchments(catalogue: Catalogue, keep?: <T>(name: string, inputs: string[], compute: () => T) => T): Map<string, Catchment> {
  let all = catchmentsOf.get(catalogue)
  if (!all) {
    const { reach } = catalogue.site.searchIndex
    // By slug and place, not by population or name: a population edit or a rename places no town elsewhere (the
    // towns that are served cities are left out after, by name).
    const cities = [...catalogue.cities].sort((a, b) => (a.slug < b.slug ? -1 : 1))
    const key = JSON.stringify([reach, cities.map((c) => [c.slug, c.country, c.coordinates?.lat, c.coordinates?.lon])])
    const compute = () => catchments(cities, reach)
    if (lastCatchments?.key !== key) lastCatchments = { key, all: keep ? keep('catchments', [key], compute) : compute() }
    catchmentsOf.set(catalogue, (all = withoutServedTowns(lastCatchments.all, cities)))
  }
  return all
}

/** What a city's hub lists of its surroundings, in the page's language's unit. */
function hubCatchment(catalogue: Catalogue, city: City, lang: Lang): HubCatchment {
  const { towns, codes } = catalogueCatchments(catalogue).get(city.slug)!
  const unit = lang === 'fr' || city.country === 'CA' ? 'km' : 'mi'
  const { reach } = catalogue.site.searchIndex
  const reachKm = city.country === 'US' ? reach.mi * KM_PER_MILE : reach.km
  const inUnit = (km: number) => Math.max(1, Math.round(unit === 'km' ? km : km / KM_PER_MILE))
  return fromFiles(
    {
      towns: towns.slice(0, HUB_TOWNS).map((t) => ({ name: t.name, state: t.state, distance: inUnit(t.km) })),
      moreTowns: Math.max(0, towns.length - HUB_TOWNS),
      codes,
      codeKind: city.country === 'US' ? 'zip' : 'postal',
      reach: inUnit(reachKm),
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
function cityTestimonials(catalogue: Catalogue, city: City, lang: Lang): Testimonials | undefined {
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

const ownTestimonials = (catalogue: Catalogue, city: City, lang: Lang) => {
  const testimonials = cityTestimonials(catalogue, city, lang)
  return testimonials ? { testimonials } : {}
}

/** A note of data/local-notes.csv as one page shows it (one object per note and language). */
interface JobNote {
  text: string
}

const jobNotes = new WeakMap<object, Partial<Record<Lang, JobNote>>>()

/** The note of data/local-notes.csv for this city and service in this language, if any. */
function jobNote(catalogue: Catalogue, city: City, service: Pick<Service, 'slug'>, lang: Lang): JobNote | undefined {
  const row = catalogue.localNotes.get(`${city.slug} ${service.slug}`)
  const text = lang === 'fr' ? row?.noteFr : row?.note
  if (!row || !text) return undefined
  let notes = jobNotes.get(row)
  if (!notes) jobNotes.set(row, (notes = {}))
  return (notes[lang] ??= fromFiles({ text }, 'cities'))
}

const hubRegions = new WeakMap<ClimateRegion, Partial<Record<Lang, HubRegion>>>()

/** A region's name and climate in one language, one object per region and language. */
function hubRegion(region: ClimateRegion, lang: Lang): HubRegion {
  let parts = hubRegions.get(region)
  if (!parts) hubRegions.set(region, (parts = {}))
  // A region with French pages has its French copy: checked by the catalogue.
  const { name, climate } = lang === 'fr' ? region.fr! : region
  return (parts[lang] ??= fromFiles({ name, climate }, 'regions'))
}

/** RETENTION_DAYS of the build's environment, checked as the function checks it (docs/deploy.md). */
function retentionDays(): number {
  const days = retentionDaysOf(process.env.RETENTION_DAYS)
  if (days === null) throw new Error(`RETENTION_DAYS: expected a whole number of days from 1 to 36500, got "${process.env.RETENTION_DAYS}"`)
  return days
}

const regionParts = new WeakMap<ClimateRegion, Record<Lang, Map<string, CityRegion>>>()

/** A region's copy for one service in one language, one object per region, language and service. */
function cityRegion(region: ClimateRegion, lang: Lang, service: Service): CityRegion {
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

type DataFile = keyof typeof DATA_FILES
const DATA_FILE_KEYS = Object.keys(DATA_FILES) as DataFile[]
/** Each marked part's data files, as a bit per file of DATA_FILE_KEYS. */
const sources = new WeakMap<object, number>()

/** Marks a part of the props as made from these data files (see `sourcesOf`). */
function fromFiles<T extends object>(part: T, ...files: DataFile[]): T {
  sources.set(part, sourceBits(files))
  return part
}

/** The lists `sourcesOf` returns, one per set of files: the pages share a handful. */
const sourceLists = new Map<number, readonly DataFile[]>()

/**
 * The data files a page's props were made from: the parts of the props marked where they are made, so that the
 * sitemap's `lastmod` follows from what the page shows. In the order of DATA_FILES.
 */
export function sourcesOf(props: PageProps): readonly DataFile[] {
  let bits = 0
  const walk = (value: unknown) => {
    if (value === null || typeof value !== 'object') return
    const files = sources.get(value)
    if (files !== undefined) bits |= files
    else for (const item of Array.isArray(value) ? value : Object.values(value)) walk(item)
  }
  walk(props)
  return sourcesOfBits(bits)
}

/** The data files of a set of bits (`sourceBits`), one shared list per set. */
export function sourcesOfBits(bits: number): readonly DataFile[] {
  let list = sourceLists.get(bits)
  if (!list) sourceLists.set(bits, (list = DATA_FILE_KEYS.filter((_, i) => bits & (1 << i))))
  return list
}

/** A list of data files as bits, kept in the build's state (`sourcesOfBits` gives the list back). */
export const sourceBits = (files: readonly DataFile[]) => files.reduce((bits, file) => bits | (1 << DATA_FILE_KEYS.indexOf(file)), 0)

const hashes = new WeakMap<object, string>()

/**
 * A hash of plain data, the same for the same content. Each object's hash is kept (data shared by many pages, such as
 * a service's copy, is hashed once per build), so the objects must not change once hashed: props are made from the
 * catalogue, which nothing changes after it is assembled. Anything but plain data (a Map, a function) is refused,
 * as its content would not be seen.
 */
function propsHash(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')
      throw new TypeError(`page props hold a ${typeof value}, which is not plain data`)
    return value === undefined ? 'u' : JSON.stringify(value)
  }
  const known = hashes.get(value)
  if (known) return known
  const digest = digestOf(value)
  hashes.set(value, digest)
  return digest
}

/**
 * A page's fingerprint: one hash of the code and of the text of its props, in which the page's own objects (its
 * props, their model and view, made for each page) are written out in full and the parts pages share (the
 * catalogue's) stand as their kept hashes. One hash per page, not one per own object, and no hash kept for the own
 * objects: keeping those only burdened the garbage collector, which treats each weakly held key apart (~25 % of a
 * pass over every page).
 */
export function pageFingerprint(props: PageProps, code: string): string {
  const text = textOf(props, (item, key) => (key === 'model' || key === 'view' ? textOf(item as object, childHash) : propsHash(item)))
  return hash('sha1', `${code} ${text}`, 'base64url').slice(0, 16)
}

const childHash = (item: unknown) => propsHash(item)

/** An object's hash: the hash of its text (`textOf`), its items standing as their own hashes. */
function digestOf(value: object): string {
  return hash('sha1', textOf(value, childHash), 'base64url').slice(0, 22)
}

/** `"key":` of each key of the props, made once. */
const keyTexts = new Map<string, string>()

/**
 * An object's text from its items' texts (`child`): `[a,b,]` or `{"key":a,}`, undefined items left out. One string per
 * object, hashed at once: the same digest as feeding the parts to one sha1 in turn, at 60 % of the time.
 */
function textOf(value: object, child: (item: unknown, key?: string) => string): string {
  let text: string
  if (Array.isArray(value)) {
    text = '['
    for (const item of value) text += `${child(item)},`
    return text
  }
  const proto = Object.getPrototypeOf(value) as unknown
  if (proto !== Object.prototype && proto !== null)
    throw new TypeError(`page props hold a ${value.constructor?.name ?? 'non-plain'} object, which is not plain data`)
  text = '{'
  // for…in: a plain object's own keys, in the order of Object.entries(), without an array per key.
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key]
    if (item === undefined) continue
    let keyText = keyTexts.get(key)
    if (keyText === undefined) keyTexts.set(key, (keyText = `${JSON.stringify(key)}:`))
    text += `${keyText}${child(item, key)},`
  }
  return text
}
