import { fileForPath } from './paths'

/**
 * The not-found variants, in one place: which screen each shows, the file the build writes for it, and the
 * screen's title and texts (SPEC §2 and §8). The route table decides the variant of a path; the pages, the
 * <head>, the 404 page's script, the local server and the static hosts' rules all read it from here.
 */

/**
 * Which not-found case a path is:
 * - `unknown-service`: /services/{unknown}.
 * - `unparseable-janitorial`: a -janitorial path that names no known city and service.
 * - `unknown-city-service`: a segment ending in a service slug whose city is unknown (gets the debug box).
 * - `no-segment`: `/-janitorial`, a -janitorial path with nothing before it.
 * - `404`: anything else.
 */
export type NotFoundVariant = 'unknown-service' | 'unparseable-janitorial' | 'unknown-city-service' | 'no-segment' | '404'

/** The four screens; two variants share the 'Service Not Found' screen of the service page. */
export type NotFoundScreen = 'service' | 'city-service' | 'page' | '404'

export const SCREEN_OF_VARIANT: Record<NotFoundVariant, NotFoundScreen> = {
  'unknown-service': 'service',
  'unparseable-janitorial': 'service',
  'unknown-city-service': 'city-service',
  'no-segment': 'page',
  '404': '404',
}

export interface NotFoundScreenDef {
  /** The variant the screen's own page is rendered for. */
  variant: NotFoundVariant
  /** The URL of the page the build writes for the screen (hosts and the local server answer misses with it). */
  path: string
  /** The <title> (before " – {company}"). */
  title: string
  /** Shown above the heading, large ('404' on the generic page only). */
  code?: string
  heading: string
  text?: string
  /** The link back home. */
  homeLink: string
  /** The debug box: URL, parsed city, parsed service, available services. */
  debugBox?: true
}

/** The root 404 page, which static hosts serve for every unknown URL. */
export const ROOT_404_PATH = '/404'

export const NOT_FOUND_SCREENS: Record<NotFoundScreen, NotFoundScreenDef> = {
  '404': { variant: '404', path: ROOT_404_PATH, title: '404 – Page not found', code: '404', heading: 'Oops! Page not found', homeLink: 'Return to Home' },
  page: { variant: 'no-segment', path: '/not-found/page', title: 'Page Not Found', heading: 'Page Not Found', text: "The page you're looking for doesn't exist.", homeLink: 'Return Home' },
  service: { variant: 'unknown-service', path: '/not-found/service', title: 'Service Not Found', heading: 'Service Not Found', text: "The service you're looking for doesn't exist.", homeLink: 'Return Home' },
  'city-service': {
    variant: 'unknown-city-service',
    path: '/not-found/city-service',
    title: 'Service or Location Not Found',
    heading: 'Service Not Found',
    text: "The service or location you're looking for doesn't exist.",
    homeLink: 'Return Home',
    debugBox: true,
  },
}

// (Literal lists rather than computed ones, so that the 404 page's script, which needs only SCREEN_OF_VARIANT,
// does not bundle the texts.)
/** The screens in the order the root 404 page carries them. */
export const NOT_FOUND_SCREEN_NAMES: readonly NotFoundScreen[] = ['404', 'page', 'service', 'city-service']

/** The screen pages other than the root 404, which are pages of their own. */
export const NOT_FOUND_PAGE_PATHS: readonly string[] = ['/not-found/page', '/not-found/service', '/not-found/city-service']

/** The variant a screen page is rendered for (`/not-found/service` → `unknown-service`), or undefined. */
export function variantOfScreenPage(path: string): NotFoundVariant | undefined {
  if (!NOT_FOUND_PAGE_PATHS.includes(path)) return undefined
  return Object.values(NOT_FOUND_SCREENS).find((s) => s.path === path)?.variant
}

/** The path of the page that shows a variant's screen. */
export const notFoundPagePath = (variant: NotFoundVariant) => NOT_FOUND_SCREENS[SCREEN_OF_VARIANT[variant]].path

/** The file of the page that shows a variant's screen (`404.html`, `not-found/service.html`). */
export const notFoundFile = (variant: NotFoundVariant) => fileForPath(notFoundPagePath(variant))
