import type { Catalogue, City, Service } from '../catalog/index'
import { FRENCH_PROVINCES } from '../catalog/cities'
import type { Lang } from '../i18n/lang'
import { cityServicePath } from '../urls/cityService'
import { container } from './ui'

const COPY = {
  en: {
    more: (city: City) => `More in ${city.regionName}`,
    others: (city: City) => `Other Services in ${city.displayName}`,
    elsewhere: (title: string, city: City) => `${title} Elsewhere in ${city.regionName}`,
    inCity: (title: string, city: City) => `${title} in ${city.displayName}`,
  },
  fr: {
    more: (city: City) => `Plus ${FRENCH_PROVINCES[city.state]?.in ?? `en ${city.regionName}`}`,
    others: (city: City) => `Autres services à ${city.displayName}`,
    elsewhere: (title: string, city: City) => `${title} ailleurs ${FRENCH_PROVINCES[city.state]?.in ?? `en ${city.regionName}`}`,
    inCity: (title: string, city: City) => `${title} à ${city.displayName}`,
  },
} satisfies Record<Lang, Record<string, unknown>>

/** Links around a city page: the other services in this city, and the same service in other cities of the state. */
export function CityLinks({ city, service, nearby, catalogue, lang }: { city: City; service: Service; nearby: City[]; catalogue: Catalogue; lang: Lang }) {
  const copy = COPY[lang]
  const fr = lang === 'fr'
  const otherServices = catalogue.services.filter((s) => s.slug !== service.slug)
  const title = (s: Service) => (fr ? s.fr.title : s.title)
  const href = (c: City, s: Service) => (fr ? cityServicePath(c.slug, s.fr.slug, 1, 'fr') : cityServicePath(c.slug, s.slug, 2))
  return (
    <section className="border-t border-slate-200 bg-slate-50 py-16" aria-label={copy.more(city)}>
      <div className={`${container} grid gap-12 md:grid-cols-2`}>
        <div data-other-services="">
          <h2 className="text-2xl font-bold text-slate-900">{copy.others(city)}</h2>
          <ul className="mt-4 grid gap-2 sm:grid-cols-2">
            {otherServices.map((s) => (
              <li key={s.slug}>
                <a href={href(city, s)} className="text-brand-700 hover:underline">{copy.inCity(title(s), city)}</a>
              </li>
            ))}
          </ul>
        </div>
        {nearby.length > 0 && (
          <div data-nearby-cities="">
            <h2 className="text-2xl font-bold text-slate-900">{copy.elsewhere(title(service), city)}</h2>
            <ul className="mt-4 grid gap-2 sm:grid-cols-2">
              {nearby.map((c) => (
                <li key={c.slug}>
                  <a href={href(c, service)} className="text-brand-700 hover:underline">{copy.inCity(title(service), c)}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  )
}
