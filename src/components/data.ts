import type { Site } from '../catalog/index'
import type { PhotoImage } from '../photos/places'

// The data the components show, as plain objects: src/pages/props.ts makes them from the catalogue, once per build,
// and hands each page only what it shows.

/** data/site.yaml as the pages of one language show it. */
export type LocalSite = Omit<Site, 'french' | 'quoteServiceChoices' | 'testimonials' | 'searchIndex' | 'nearby'>

/** The home page's testimonials, their texts in the page's language. */
export type Testimonials = Site['testimonials']

/** A service as the menus and lists of links show it. */
export interface NavService {
  slug: string
  alias?: string
  title: string
  icon: string
  fr: { slug: string; title: string }
}

/** A service as the home page's cards and the directory show it, in one language. */
export interface ServiceSummary {
  /** The catalogue's (English) slug. */
  key: string
  /** Its URL slug in the page's language. */
  slug: string
  icon: string
  title: string
  subtitle: string
  description: string
}

/** A city as a link to one of its pages shows it. */
export interface CityLink {
  slug: string
  name: string
  displayName: string
  state: string
  stateName: string
  country: 'US' | 'CA'
}

/** A city a city page lists as near: its link, and its great-circle distance rounded to a whole number (at least 1) of the page's unit. */
export interface NearbyCity {
  city: CityLink
  distance: number
  /** Miles on English pages of US cities, km on Canadian cities' pages and on French pages. */
  unit: 'mi' | 'km'
}

/**
 * A city's nearest served cities, nearest first (src/catalog/lists.ts): those within `nearby` of data/site.yaml, or,
 * `far`, the three nearest when none is that near (the pages say so in words).
 */
export interface NearbyCities {
  cities: readonly NearbyCity[]
  far: boolean
}

/**
 * What a city's hub lists of its surroundings (src/geo/catchment.ts): the towns and codes nearest to it of all served
 * cities, within `reach` (in `unit`, straight-line distances).
 */
export interface HubCatchment {
  /** The nearest towns (at most HUB_TOWNS), nearest first. */
  towns: readonly { name: string; state: string; distance: number }[]
  /** Towns of the catchment beyond those listed. */
  moreTowns: number
  /** ZIP codes (US cities) or postal areas (Canadian cities), in order. */
  codes: readonly string[]
  codeKind: 'zip' | 'postal'
  reach: number
  unit: 'mi' | 'km'
}

/** The quote form of a page: where it posts without JavaScript, its choices, the one preselected, the page's service. */
export interface QuoteFormData {
  action: string
  choices: readonly string[]
  preselected?: string
  /** The catalogue slug of the page's service (service and city pages), sent with the request. */
  serviceSlug?: string
}

/** The shared coverage map file of a language (src/geo/coverageMap.ts) and its size. */
export interface CoverageMapData {
  src: string
  width: number
  height: number
}

/** A page's photo (data/photos.yaml), as its files were made, described in the page's language. */
export interface PagePhoto extends PhotoImage {
  alt: string
  caption?: string
  credit?: string
  /** The `sizes` of its place (src/photos/places.ts). */
  sizes: string
  /** A hero: loaded at once, at high priority, and preloaded; else lazily. */
  hero: boolean
}
