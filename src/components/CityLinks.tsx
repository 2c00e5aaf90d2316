import type { ShownService } from '../catalog/index'
import { FRENCH_PROVINCES } from '../catalog/cities'
import type { Lang } from '../i18n/lang'
import { deWord } from '../i18n/french'
import { cityServicePath } from '../urls/cityService'
import { container } from './ui'
import { FilledPart } from './renderedOnce'
import type { CityLink, NavService, NearbyCities } from './data'

const COPY = {
  en: {
    more: (city: CityLink) => `More in ${city.stateName}`,
    others: (city: CityLink) => `Other Services in ${city.displayName}`,
    near: (title: string, city: CityLink) => `${title} Near ${city.displayName}`,
    nearLead: 'Distances in a straight line:',
    farLead: (place: string, distance: string, unit: string) =>
      `The nearest other city we serve is ${place}, ${distance}\u00a0${unit} away in a straight line.`,
    inCity: (title: string, city: CityLink) => `${title} in ${city.displayName}`,
    distance: new Intl.NumberFormat('en-US'),
  },
  fr: {
    more: (city: CityLink) => `Plus ${FRENCH_PROVINCES[city.state]?.in ?? `en ${city.stateName}`}`,
    others: (city: CityLink) => `Autres services à ${city.displayName}`,
    near: (title: string, city: CityLink) => `${title} près ${deWord(city.displayName)}`,
    nearLead: 'Distances à vol d’oiseau\u00a0:',
    farLead: (place: string, distance: string, unit: string) => `La ville desservie la plus proche est ${place}, à ${distance}\u00a0${unit} à vol d’oiseau.`,
    inCity: (title: string, city: CityLink) => `${title} à ${city.displayName}`,
    distance: new Intl.NumberFormat('fr-CA'),
  },
} satisfies Record<Lang, Record<string, unknown>>

/** A place as lists name it: its plain name and its state or province once ("Cambridge, MA", never "Cambridge, MA, MA"). */
export const placeName = (city: Pick<CityLink, 'name' | 'state'>) => `${city.name}, ${city.state}`

/**
 * What a city's pages say before the list of its nearest served cities: that the distances are in a straight line, or,
 * when no served city is within `nearby` of data/site.yaml, how far the nearest one is (src/catalog/lists.ts).
 */
export function nearbyLead(nearby: NearbyCities, lang: Lang): string {
  const copy = COPY[lang]
  const [first] = nearby.cities
  return nearby.far && first ? copy.farLead(placeName(first.city), copy.distance.format(first.distance), first.unit) : copy.nearLead
}

/** Links around a city page: the other services in this city, and the same service in the nearest cities, with their distances. */
export function CityLinks({
  city,
  service,
  nearby,
  services,
  lang,
}: {
  city: CityLink
  service: ShownService
  nearby: NearbyCities
  services: readonly NavService[]
  lang: Lang
}) {
  const copy = COPY[lang]
  const fr = lang === 'fr'
  const otherServices = services.filter((s) => s.slug !== service.slug)
  const title = (s: NavService) => (fr ? s.fr.title : s.title)
  const href = (slug: string, s: NavService) => (fr ? cityServicePath(slug, s.fr.slug, 1, 'fr') : cityServicePath(slug, s.slug, 2))
  // Rendered once per service and language, the city's strings filled in (renderedOnce.tsx).
  const values = {
    slug: city.slug,
    others: copy.others(city),
    inCity: otherServices.map((s) => copy.inCity(title(s), city)),
    near: nearby.cities.length > 0 ? copy.near(title(service), city) : undefined,
    nearLead: nearbyLead(nearby, lang),
    nearby: nearby.cities.flatMap(({ city: c, distance, unit }) => [
      href(c.slug, service),
      copy.inCity(title(service), c),
      `(${copy.distance.format(distance)}\u00a0${unit})`,
    ]),
  }
  return (
    <section className="border-t border-slate-200 bg-slate-50 py-16" aria-label={copy.more(city)}>
      <FilledPart
        as="div"
        props={{ className: `${container} grid gap-12 md:grid-cols-2` }}
        owner={services}
        shape={`city links ${lang} ${service.slug}`}
        values={values}
      >
        {(v) => (
          <>
            <div data-other-services="">
              <h2 className="text-2xl font-bold text-slate-900">{v.others}</h2>
              <ul className="mt-4 grid gap-2 sm:grid-cols-2">
                {otherServices.map((s, i) => (
                  <li key={s.slug}>
                    <a href={href(v.slug, s)} className="text-brand-700 hover:underline">
                      {v.inCity[i]}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
            {v.near !== undefined && (
              <div data-nearby-cities="">
                <h2 className="text-2xl font-bold text-slate-900">{v.near}</h2>
                <p className="mt-2 text-sm text-slate-600">{v.nearLead}</p>
                <ul className="mt-4 grid gap-2 sm:grid-cols-2">
                  {Array.from({ length: v.nearby.length / 3 }, (_, i) => (
                    <li key={i}>
                      <a href={v.nearby[3 * i]} className="text-brand-700 hover:underline">
                        {v.nearby[3 * i + 1]}
                      </a>{' '}
                      <span className="text-slate-600">{v.nearby[3 * i + 2]}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </FilledPart>
    </section>
  )
}
