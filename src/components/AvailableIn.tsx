import type { Service } from '../catalog/index'
import type { Lang } from '../i18n/lang'
import type { CityLink } from './data'
import { cityServicePath } from '../urls/cityService'
import { servicePath } from '../urls/paths'
import { StateGroups } from './StateGroups'
import { container } from './ui'

/**
 * Every city where a service is offered (the directory's 'View all cities →'), grouped by country and state or province, each
 * group folded (`<details>`): a phone shows the groups, not hundreds of links.
 */
export function AvailableIn({ service, cities, allCities, lang }: { service: Service; cities: readonly CityLink[]; allCities: number; lang: Lang }) {
  if (lang === 'fr') return <AvailableInFrench service={service} cities={cities} allCities={allCities} />
  return (
    <section className="border-t border-slate-200 bg-slate-50 py-16" aria-labelledby="available-in-heading" data-available-in="">
      <div className={container}>
        <h2 id="available-in-heading" className="text-3xl font-bold text-slate-900">
          Available in
        </h2>
        <p className="mt-3 text-slate-700">
          {service.title} is available in {allCities} cities across the USA and Canada. Find yours by state or province.
        </p>
        <StateGroups cities={cities} href={(city) => cityServicePath(city.slug, service.slug, 2)} lang="en" />
      </div>
    </section>
  )
}

/** The French pages of a service: the cities with French pages, by province, and the way to the other cities. */
function AvailableInFrench({ service, cities, allCities }: { service: Service; cities: readonly CityLink[]; allCities: number }) {
  return (
    <section className="border-t border-slate-200 bg-slate-50 py-16" aria-labelledby="available-in-heading" data-available-in="">
      <div className={container}>
        <h2 id="available-in-heading" className="text-3xl font-bold text-slate-900">
          Offert à
        </h2>
        <p className="mt-3 text-slate-700">
          Notre service de {service.fr.title.charAt(0).toLowerCase() + service.fr.title.slice(1)} est offert en français dans {cities.length} villes. Trouvez la
          vôtre par province.
        </p>
        <StateGroups cities={cities} href={(city) => cityServicePath(city.slug, service.fr.slug, 1, 'fr')} lang="fr" />
        <p className="mt-6 text-slate-700">
          Ailleurs au Canada et aux États-Unis ({allCities} villes)&nbsp;:{' '}
          <a href={servicePath(service.slug)} hrefLang="en" lang="en" className="font-semibold text-brand-700 underline">
            {service.title} (English)
          </a>
        </p>
      </div>
    </section>
  )
}
