import { cityServicePath } from './cityService'
import { servicePath } from './paths'

/** A city slug that no longer names a city: its URLs go to the city's new slug, or (null) to the service pages. */
export interface SlugRedirect {
  from: string
  to: string | null
}

/** The 32 old URLs of a slug and where each goes: the same service and scheme under the new slug, or the service page. */
export function redirectedUrls(redirect: SlugRedirect, serviceSlugs: readonly string[]): { from: string; to: string }[] {
  return serviceSlugs.flatMap((service) =>
    ([1, 2] as const).map((scheme) => ({
      from: cityServicePath(redirect.from, service, scheme),
      to: redirect.to === null ? servicePath(service) : cityServicePath(redirect.to, service, scheme),
    })),
  )
}
