import type { Service } from '../catalog/index'
import { FRENCH_PROVINCES } from '../catalog/cities'
import type { Lang } from '../i18n/lang'
import { cityServicePath } from '../urls/cityService'
import { container } from './ui'
import type { CityLink, NavService, NearbyCity } from './data'

const COPY = {
  en: {
    more: (city: CityLink) => `More in ${city.stateName}`,
    others: (city: CityLink) => `Other Services in ${city.displayName}`,
    near: (title: string, city: CityLink) => `${title} Near ${city.displayName}`,
    inCity: (title: string, city: CityLink) => `${title} in ${city.displayName}`,
    locale: 'en-US',
  },
  fr: {
    more: (city: CityLink) => `Plus ${FRENCH_PROVINCES[city.state]?.in ?? `en ${city.stateName}`}`,
    others: (city: CityLink) => `Autres services à ${city.displayName}`,
    near: (title: string, city: CityLink) => `${title} près de ${city.displayName}`,
    inCity: (title: string, city: CityLink) => `${title} à ${city.displayName}`,
    locale: 'fr-CA',
  },
} satisfies Record<Lang, Record<string, unknown>>

/** Links around a city page: the other services in this city, and the same service in the nearest cities, with their distances. */
export function CityLinks({
  city,
  service,
  nearby,
  services,
  lang,
}: {
  city: CityLink
  service: Service
  nearby: readonly NearbyCity[]
  services: readonly NavService[]
  lang: Lang
}) {
  const copy = COPY[lang]
  const fr = lang === 'fr'
  const otherServices = services.filter((s) => s.slug !== service.slug)
  const title = (s: NavService) => (fr ? s.fr.title : s.title)
  const href = (c: CityLink, s: NavService) => (fr ? cityServicePath(c.slug, s.fr.slug, 1, 'fr') : cityServicePath(c.slug, s.slug, 2))
  return (
    <section className="border-t border-slate-200 bg-slate-50 py-16" aria-label={copy.more(city)}>
      <div className={`${container} grid gap-12 md:grid-cols-2`}>
        <div data-other-services="">
          <h2 className="text-2xl font-bold text-slate-900">{copy.others(city)}</h2>
          <ul className="mt-4 grid gap-2 sm:grid-cols-2">
            {otherServices.map((s) => (
              <li key={s.slug}>
                <a href={href(city, s)} className="text-brand-700 hover:underline">
                  {copy.inCity(title(s), city)}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {nearby.length > 0 && (
          <div data-nearby-cities="">
            <h2 className="text-2xl font-bold text-slate-900">{copy.near(title(service), city)}</h2>
            <ul className="mt-4 grid gap-2 sm:grid-cols-2">
              {nearby.map(({ city: c, distance, unit }) => (
                <li key={c.slug}>
                  <a href={href(c, service)} className="text-brand-700 hover:underline">
                    {copy.inCity(title(service), c)}
                  </a>{' '}
                  <span className="text-slate-600">{`(${distance.toLocaleString(copy.locale)}\u00a0${unit})`}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  )
}
