import { langOfPath, type Lang } from '../i18n/lang'
import { fileForPath } from './paths'
import type { NotFoundVariant, RouteContext, RouteMatch } from './routes'

/**
 * The not-found variants, in one place: which screen each shows, the page the build writes for it, and the
 * screen's title and texts in each language (docs/spec.md §2 and §8 for English). The route table decides the variant of a
 * path; the pages, the <head>, the 404 page's script, the local server and the static hosts' rules read it here.
 */

export type { NotFoundVariant }

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
  /** The debug box (URL, parsed city, parsed service, available services) and its labels. */
  debugBox?: { label: string; url: string; city: string; service: string; services: string; none: string }
}

// (Literal lists rather than computed ones, so that the 404 page's script, which needs only SCREEN_OF_VARIANT and
// the paths, does not bundle the texts.)
/** The screens in the order the root 404 page carries them. */
export const NOT_FOUND_SCREEN_NAMES: readonly NotFoundScreen[] = ['404', 'page', 'service', 'city-service']

/** The root 404 page of each language, which static hosts serve for unknown URLs (under /fr: the French one). */
export const ROOT_404_PATHS: Record<Lang, string> = { en: '/404', fr: '/fr/404' }
export const ROOT_404_PATH = ROOT_404_PATHS.en

/**
 * The pages static hosts serve for misses, each for the paths under its folder: Cloudflare Pages serves the nearest
 * 404.html up the requested path's folders, Netlify the file a 404 rule of `_redirects` names (src/hosting/redirects.ts).
 * Each shows its folder's screen without JavaScript and carries every other screen for its script, which shows the one
 * that fits the requested path (`/services/a/b` is the generic 404 of the route table).
 */
const FALLBACK_PATHS: Record<Lang, readonly string[]> = {
  en: [ROOT_404_PATHS.en, '/services/404'],
  fr: [ROOT_404_PATHS.fr, '/fr/services/404'],
}

/** The screen pages other than the root 404s, which are pages of their own. French has no `-janitorial` paths. */
export const NOT_FOUND_PAGE_PATHS: Record<Lang, readonly string[]> = {
  en: ['/not-found/page', '/services/404', '/not-found/city-service'],
  fr: ['/fr/services/404', '/fr/introuvable/ville-service'],
}

const DEBUG_EN = { label: 'Debug information', url: 'URL', city: 'Parsed city', service: 'Parsed service', services: 'Available services', none: '(none)' }
const DEBUG_FR = { label: 'Renseignements de débogage', url: 'URL', city: 'Ville lue', service: 'Service lu', services: 'Services offerts', none: '(aucun)' }

export const NOT_FOUND_SCREENS: Record<Lang, Record<NotFoundScreen, NotFoundScreenDef>> = {
  en: {
    '404': { variant: '404', path: ROOT_404_PATHS.en, title: '404 – Page not found', code: '404', heading: 'Oops! Page not found', homeLink: 'Return to Home' },
    page: {
      variant: 'no-segment',
      path: '/not-found/page',
      title: 'Page Not Found',
      heading: 'Page Not Found',
      text: "The page you're looking for doesn't exist.",
      homeLink: 'Return Home',
    },
    service: {
      variant: 'unknown-service',
      path: '/services/404',
      title: 'Service Not Found',
      heading: 'Service Not Found',
      text: "The service you're looking for doesn't exist.",
      homeLink: 'Return Home',
    },
    'city-service': {
      variant: 'unknown-city-service',
      path: '/not-found/city-service',
      title: 'Service or Location Not Found',
      heading: 'Service Not Found',
      text: "The service or location you're looking for doesn't exist.",
      homeLink: 'Return Home',
      debugBox: DEBUG_EN,
    },
  },
  fr: {
    '404': {
      variant: '404',
      path: ROOT_404_PATHS.fr,
      title: '404 – Page introuvable',
      code: '404',
      heading: 'Oups\u00a0! Page introuvable',
      homeLink: 'Retour à l’accueil',
    },
    // Not reachable in French (no -janitorial paths); kept so that every screen exists in both languages.
    page: {
      variant: 'no-segment',
      path: ROOT_404_PATHS.fr,
      title: 'Page introuvable',
      heading: 'Page introuvable',
      text: 'La page que vous cherchez n’existe pas.',
      homeLink: 'Retour à l’accueil',
    },
    service: {
      variant: 'unknown-service',
      path: '/fr/services/404',
      title: 'Service introuvable',
      heading: 'Service introuvable',
      text: 'Le service que vous cherchez n’existe pas.',
      homeLink: 'Retour à l’accueil',
    },
    'city-service': {
      variant: 'unknown-city-service',
      path: '/fr/introuvable/ville-service',
      title: 'Service ou endroit introuvable',
      heading: 'Service introuvable',
      text: 'Le service ou l’endroit que vous cherchez n’existe pas.',
      homeLink: 'Retour à l’accueil',
      debugBox: DEBUG_FR,
    },
  },
}

/** The variant a screen page is rendered for (`/not-found/service` → `unknown-service`), or undefined. */
export function variantOfScreenPage(path: string, lang: Lang): NotFoundVariant | undefined {
  if (!NOT_FOUND_PAGE_PATHS[lang].includes(path)) return undefined
  return Object.values(NOT_FOUND_SCREENS[lang]).find((s) => s.path === path)?.variant
}

/** Whether a not-found page is one hosts serve for misses (FALLBACK_PATHS), which carries every screen. */
export const isFallbackPath = (path: string, lang: Lang) => FALLBACK_PATHS[lang].includes(path)

/** The path of the page that shows a variant's screen (`/services/404`, `/not-found/city-service`, `/fr/404`). */
export const notFoundPagePath = (variant: NotFoundVariant, lang: Lang = 'en') => NOT_FOUND_SCREENS[lang][SCREEN_OF_VARIANT[variant]].path

/** The file of the page that shows a variant's screen (`404.html`, `services/404.html`, `fr/404.html`). */
export const notFoundFile = (variant: NotFoundVariant, lang: Lang = 'en') => fileForPath(notFoundPagePath(variant, lang))

/**
 * What every not-found page carries for the route table, as the `data-` attributes of its `[data-not-found]` element
 * (`data-service-slugs`, `data-french-service-slugs`: slugs separated by spaces; `data-aliases`: JSON).
 */
export interface NotFoundPageData {
  serviceSlugs?: string
  frenchServiceSlugs?: string
  aliases?: string
}

/**
 * The route table's context where a miss is answered from a not-found page (its script in the browser, the Worker on
 * Cloudflare: src/hosting/worker.ts): the services the page carries, and no city, since the page of every known city is
 * a file, which the host serves before a miss gets here.
 */
export function notFoundRouteContext(data: NotFoundPageData): RouteContext {
  const frenchSlugs = (data.frenchServiceSlugs ?? '').split(' ').filter(Boolean)
  return {
    serviceSlugs: (data.serviceSlugs ?? '').split(' ').filter(Boolean),
    aliases: JSON.parse(data.aliases || '{}') as Record<string, string>,
    hasCity: () => false,
    fr: { services: Object.fromEntries(frenchSlugs.map((slug) => [slug, slug])), hasCity: () => false },
  }
}

/** The cells of the debug box that depend on the path asked for (`data-debug` of the not-found pages). */
export type DebugCell = 'url' | 'city' | 'service'

/**
 * What the debug box shows for a path asked for (docs/spec.md §2): the path, and the city and service the route table
 * read from it, else "(none)" in the path's language. The page's script fills it in the browser; the hosts that route a
 * miss (the Worker, `npm start`) fill it in the HTML, for the screen without JavaScript.
 */
export function debugCells(path: string, match: RouteMatch): Record<DebugCell, string> {
  const parsed = match.kind === 'not-found' ? match.parsed : null
  const none = NOT_FOUND_SCREENS[langOfPath(path)]['city-service'].debugBox!.none
  return { url: path, city: parsed?.citySlug || none, service: parsed?.serviceSlug || none }
}
