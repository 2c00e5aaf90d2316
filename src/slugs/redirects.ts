import { cityKey as keyOf } from '../catalog/cities'
import { cityServicePath } from '../urls/cityService'
import { cityHubPath, servicePath } from '../urls/paths'
import { STATIC_PATHS } from '../urls/routes'
import { liveSlugs, pickCityLabel, type CityLabel, type SlugRecordRow } from './record'

/** A published slug that is not live: its URLs go to the live slug of the same city, or (`to: null`) to the service pages. */
export interface SlugRedirect {
  from: string
  to: string | null
  city: CityLabel
}

/** The redirects a record asks for: every slug that is not live. */
export function slugRedirects(record: readonly SlugRecordRow[]): SlugRedirect[] {
  const liveOf = liveSlugs(record)
  return record
    .filter((r) => r.status !== 'live')
    .map((r) => ({ from: r.slug, to: r.status === 'moved' ? (liveOf.get(keyOf(r)) ?? null) : null, city: pickCityLabel(r) }))
}

/** The 32 old URLs of a slug and where each goes: the same service and scheme under the new slug, or the service page. */
export function redirectedUrls(redirect: Pick<SlugRedirect, 'from' | 'to'>, serviceSlugs: readonly string[]): { from: string; to: string }[] {
  return serviceSlugs.flatMap((service) =>
    ([1, 2] as const).map((scheme) => ({
      from: cityServicePath(redirect.from, service, scheme),
      to: redirect.to === null ? servicePath(service) : cityServicePath(redirect.to, service, scheme),
    })),
  )
}

/** The old hub URL of a slug and where it goes: the hub under the new slug, or the directory when the city was removed. */
export function redirectedHub(redirect: Pick<SlugRedirect, 'from' | 'to'>): { from: string; to: string } {
  return { from: cityHubPath(redirect.from), to: redirect.to === null ? STATIC_PATHS.en['local-services'] : cityHubPath(redirect.to) }
}
