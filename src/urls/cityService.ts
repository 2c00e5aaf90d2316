/**
 * The two city-service URL schemes of docs/spec.md §5, parsed in one place.
 *
 *   scheme 1: /{city}-{service}
 *   scheme 2: /{city}-{service}-janitorial
 *
 * The trap: `routine-janitorial` itself ends in `-janitorial`, so `/{city}-routine-janitorial`
 * is a scheme-1 URL that also looks like scheme 2. Scheme 1 is tried first (it comes first in
 * the spec's route table), which keeps that URL on the Routine Janitorial page of the city.
 */

import { LANG_PREFIX, type Lang } from '../i18n/lang'

export const JANITORIAL_SUFFIX = '-janitorial'
const HYPHEN = '-'.charCodeAt(0)

export interface ParsedCityService {
  citySlug: string
  serviceSlug: string
}

/** Scheme 1: a known service slug at the end of the segment; the rest (minus the hyphen) is the city slug. */
export function parseCityService(segment: string, serviceSlugs: readonly string[]): ParsedCityService | null {
  let best: ParsedCityService | null = null
  for (const serviceSlug of serviceSlugs) {
    // The longest matching service slug wins, so the result never depends on the catalogue's order.
    if (best && best.serviceSlug.length >= serviceSlug.length) continue
    if (segment === serviceSlug) best = { citySlug: '', serviceSlug }
    // `-{service}` at the end, without making that string (the build checks every page's path: 15,000 × 16 slugs).
    else if (segment.endsWith(serviceSlug) && segment.charCodeAt(segment.length - serviceSlug.length - 1) === HYPHEN)
      best = { citySlug: segment.slice(0, -serviceSlug.length - 1), serviceSlug }
  }
  return best
}

/** Scheme 2: 'janitorial' must be the last hyphen-separated piece; the service slug ends what precedes it. */
export function parseJanitorialCityService(segment: string, serviceSlugs: readonly string[]): ParsedCityService | null {
  if (!segment.endsWith(JANITORIAL_SUFFIX)) return null
  return parseCityService(segment.slice(0, -JANITORIAL_SUFFIX.length), serviceSlugs)
}

/** A city-service URL. French pages (`/fr/montreal-decapage-et-cirage`) take the French service slug and scheme 1. */
export function cityServicePath(citySlug: string, serviceSlug: string, scheme: 1 | 2, lang: Lang = 'en'): string {
  return `${LANG_PREFIX[lang]}/${citySlug}-${serviceSlug}${scheme === 2 ? JANITORIAL_SUFFIX : ''}`
}
