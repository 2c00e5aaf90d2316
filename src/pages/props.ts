import type { Catalogue, City, Service } from '../catalog/index'
import { CITIES_PER_CARD, frenchCities, majorCities } from '../catalog/lists'
import type { Lang } from '../i18n/lang'
import { formAction } from '../quote/endpoint'
import { retentionDays } from '../config'
import type {
  CityLink,
  HubCatchment,
  LocalSite,
  NavService,
  NearbyCities,
  CoverageMapData,
  PagePhoto,
  QuoteFormData,
  ServiceSummary,
  Testimonials,
} from '../components/data'
import { pagePhoto } from '../photos/choice'
import { coverageMapSize, MAP_FILES } from '../geo/coverageMap'
import type { HubMapData } from '../geo/hubMap'
import {
  cityLink,
  cityRegion,
  cityTestimonials,
  hubCatchment,
  hubMapOf,
  hubRegion,
  cityProse,
  jobCards,
  pageJobs,
  pageProse,
  nearby,
  ownTestimonials,
  type CityRegion,
  type HubRegion,
} from './cityParts'
import { cityFacts, pageService, type PageModel } from './model'
import { fromFiles } from './dataFiles'
import type { JobCard, JobView, ProseView } from '../components/ContentProse'
import { searchStatus, type IndexDecision, type SearchStatus } from './searchStatus'

/**
 * Everything a page shows, and nothing else. The views, the <head> and the structured data read only this, never the
 * catalogue; the build hashes it with the code into the page's fingerprint (src/build/propsHash.ts), so a page cannot show data
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
  /** A city page's place in search engines' index, as the build decided it (searchStatus.ts): absent on the other pages. */
  search?: SearchStatus
}

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
      nearest: NearbyCities
      /** The towns and codes nearest to it of all served cities (issue 38). */
      catchment: HubCatchment
      /** The city's own testimonials, in the page's language, where it has some. */
      testimonials?: Testimonials
      /** The map of its reach (src/geo/hubMap.ts); null without coordinates. */
      map: HubMapData | null
      quote: QuoteFormData
      /** The city's text of content/ in the page's language, where there is one. */
      prose?: ProseView
      /** Cards of its latest job stories in the page's language. */
      jobs?: readonly JobCard[]
    }
  /** `cities`: every city where the service is offered in the page's language; `allCities`: how many cities the site serves. */
  /** `jobs`: cards of the service's latest job stories of every city, in the page's language. */
  | { kind: 'service'; cities: readonly CityLink[]; allCities: number; quote: QuoteFormData; jobs?: readonly JobCard[] }
  /** `region`: the city's climate region in the page's language, with what it says of this service. */
  /** `nearby`: the 8 nearest cities with pages in the page's language, nearest first, with their distances. */
  /**
   * `prose`: the city's text of content/, `pageProse`: this page's own, `jobs`: its job stories in full, each in the
   * page's language where there is one;
   * `testimonials`: the city's own testimonials (site.yaml's with its `city`), in the page's language, where it has some.
   */
  | {
      kind: 'city-service'
      region: CityRegion
      nearby: NearbyCities
      quote: QuoteFormData
      prose?: ProseView
      pageProse?: ProseView
      jobs?: readonly JobView[]
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
    const { french, quoteServiceChoices: _choices, testimonials, searchIndex: _searchIndex, nearby: _nearby, ...english } = catalogue.site
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

const maps: Partial<Record<Lang, CoverageMapData>> = {}

/** The coverage map file of a language and its size: one object per language and build. */
function coverageMap(lang: Lang): CoverageMapData {
  return (maps[lang] ??= { src: `/${MAP_FILES[lang]}`, ...coverageMapSize() })
}

/** Each language's forms, by the slug of the service they are for ('' for none). */
const quoteForms = new WeakMap<Catalogue, Record<Lang, Map<string, QuoteFormData>>>()

function quoteForm(catalogue: Catalogue, lang: Lang, service?: Pick<Service, 'slug'>): QuoteFormData {
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

/**
 * The props of the page a model describes: everything its view, <head> and structured data show. `decision`: which
 * city pages search engines are asked to index, decided by the build (searchStatus.ts).
 */
export function pageProps(model: PageModel, catalogue: Catalogue, decision: IndexDecision): PageProps {
  const props = pageContent(model, catalogue)
  const search = pageSearchStatus(model, decision)
  return search ? { ...props, search } : props
}

/** Whether search engines are asked to index a city page (a hub, a city-service page in either scheme); undefined for the other pages. */
export function pageSearchStatus(model: PageModel, decision: IndexDecision): SearchStatus | undefined {
  if (model.kind === 'city') return searchStatus(decision, model.city, model.lang)
  if (model.kind === 'city-service') return searchStatus(decision, model.city, model.lang, model.service)
  return undefined
}

/**
 * The pages but the city-service pages, by model (one per page and catalogue, entries.ts): their content, made once for
 * the measure and the build's pass over the pages. Not the 15,000 city-service pages, made and dropped one at a time.
 */
const contents = new WeakMap<PageModel, PageProps>()

/** The props but their search status: what the page shows in its <main> and <head>, from which the build measures its text. */
export function pageContent(model: PageModel, catalogue: Catalogue): PageProps {
  const kept = model.kind === 'city-service' ? undefined : contents.get(model)
  if (kept) return kept
  const parts = sharedParts(catalogue)
  const photo = photoOf(model, catalogue)
  const props = { model, site: parts.site[model.lang], nav: parts.nav, view: viewData(model, catalogue, parts), ...(photo ? { photo } : {}) }
  if (model.kind !== 'city-service') contents.set(model, props)
  return props
}

/** The photo a page shows (src/photos/choice.ts). */
function photoOf(model: PageModel, catalogue: Catalogue): PagePhoto | undefined {
  const page = model.kind === 'static' && (model.page === 'home' || model.page === 'about') ? model.page : undefined
  const city = model.kind === 'city' || model.kind === 'city-service' ? model.city.slug : undefined
  const service = model.kind === 'service' || model.kind === 'city-service' ? model.service.slug : undefined
  return pagePhoto(catalogue, model.lang, { page, city, service })
}

/**
 * Every object the city-service pages of one city in one language are made from, besides their own (props, model,
 * view), whose other values are only their kind, language, path and scheme (given by the city's and the services'
 * slugs): the city's facts, its nearest cities, the site and menus of the language, and for each service of the
 * catalogue the service as the city's country words it, its region's copy, its quote form, its photo, its text
 * and job stories (content/), the city's text, and, given the build's `decision`, its search status. A hash of these (src/build/propsHash.ts,
 * `cityPagesKey`) changes whenever any of those pages would: the build skips a city whose key did not change
 * (src/build/fingerprints.ts). `tests/unit/fingerprints.test.ts` walks every city-service page's props and fails on an
 * object not listed here.
 */
export function cityPagesParts(catalogue: Catalogue, city: City, lang: Lang, decision?: IndexDecision): readonly object[] {
  const parts = sharedParts(catalogue)
  const region = catalogue.climateRegions.get(city.climateRegion)!
  const facts = cityFacts(city)
  const list: object[] = [facts, nearby(city, catalogue, lang), parts.site[lang], parts.nav]
  const prose = cityProse(catalogue, city, lang)
  if (prose) list.push(prose)
  for (const service of catalogue.services) {
    const shown = pageService(service, lang, city)
    list.push(shown, cityRegion(region, lang, service), quoteForm(catalogue, lang, service))
    const photo = pagePhoto(catalogue, lang, { city: city.slug, service: service.slug })
    if (photo) list.push(photo)
    for (const part of [pageProse(catalogue, city, service, lang), pageJobs(catalogue, city, service, lang)]) if (part) list.push(part)
    const quotes = cityTestimonials(catalogue, city, lang)
    if (quotes) list.push(quotes)
    if (decision) list.push(searchStatus(decision, city, lang, service))
  }
  return list
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
        ...defined({ jobs: jobCards(catalogue, lang, { service: model.service.slug }) }),
      }
    case 'city': {
      const city = catalogue.cityBySlug.get(model.city.slug)!
      return {
        kind: 'city',
        region: hubRegion(catalogue.climateRegions.get(city.climateRegion)!, lang),
        nearest: nearby(city, catalogue, lang),
        catchment: hubCatchment(catalogue, city, lang),
        ...ownTestimonials(catalogue, city, lang),
        map: hubMapOf(catalogue, city),
        quote: quoteForm(catalogue, lang),
        ...defined({ prose: cityProse(catalogue, city, lang), jobs: jobCards(catalogue, lang, { city: city.slug }) }),
      }
    }
    case 'city-service': {
      const { service } = model
      const city = catalogue.cityBySlug.get(model.city.slug)!
      const region = cityRegion(catalogue.climateRegions.get(city.climateRegion)!, lang, service)
      return {
        kind: 'city-service',
        region,
        nearby: nearby(city, catalogue, lang),
        quote: quoteForm(catalogue, lang, service),
        ...defined({
          prose: cityProse(catalogue, city, lang),
          pageProse: pageProse(catalogue, city, service, lang),
          jobs: pageJobs(catalogue, city, service, lang),
        }),
        ...ownTestimonials(catalogue, city, lang),
      }
    }
    case 'not-found':
      return { kind: 'not-found', serviceSlugs: { en: parts.nav.map((s) => s.slug), fr: parts.nav.map((s) => s.fr.slug) }, aliases: catalogue.aliases }
    case 'error':
      return { kind: 'error' }
  }
}

/** The entries whose value is defined (props carry no `undefined`: their hash and the threads' copies stay the same). */
function defined<T extends Record<string, unknown>>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> }
}
