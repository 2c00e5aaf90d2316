import type { Service } from '../catalog/index'
import { COUNTRY_NAMES, FRENCH_PROVINCES } from '../catalog/cities'
import type { Lang } from '../i18n/lang'
import type { CityLink } from './data'
import { cityServicePath } from '../urls/cityService'
import { servicePath } from '../urls/paths'
import { container } from './ui'

/** Every city where a service is offered, grouped by country and state or province (the directory's 'View all cities →'). */
export function AvailableIn({ service, cities, allCities, lang }: { service: Service; cities: readonly CityLink[]; allCities: number; lang: Lang }) {
  if (lang === 'fr') return <AvailableInFrench service={service} cities={cities} allCities={allCities} />
  const byState = new Map<string, CityLink[]>()
  for (const city of cities) byState.set(`${city.country}-${city.state}`, [...(byState.get(`${city.country}-${city.state}`) ?? []), city])
  const regions = [...byState.values()].sort((a, b) => a[0]!.stateName.localeCompare(b[0]!.stateName))
  return (
    <section className="border-t border-slate-200 bg-slate-50 py-16" aria-labelledby="available-in-heading" data-available-in="">
      <div className={container}>
        <h2 id="available-in-heading" className="text-3xl font-bold text-slate-900">
          Available in
        </h2>
        <p className="mt-3 text-slate-700">
          {service.title} is available in {allCities} cities across the USA and Canada. Find yours by state or province.
        </p>
        {(['US', 'CA'] as const).map((country) => (
          <div key={country} className="mt-10">
            <h3 className="text-2xl font-semibold text-slate-900">{COUNTRY_NAMES[country]}</h3>
            <div className="mt-4 gap-8 sm:columns-2 lg:columns-4">
              {regions
                .filter((cities) => cities[0]!.country === country)
                .map((cities) => (
                  <CityList
                    key={cities[0]!.state}
                    heading={cities[0]!.stateName}
                    cities={cities}
                    href={(city) => cityServicePath(city.slug, service.slug, 2)}
                  />
                ))}
            </div>
          </div>
        ))}
      </div>
    </section>
  )
}

/** The French pages of a service: the cities with French pages, by province, and the way to the other cities. */
function AvailableInFrench({ service, cities, allCities }: { service: Service; cities: readonly CityLink[]; allCities: number }) {
  const provinces = [...new Set(cities.map((c) => c.state))].sort((a, b) => FRENCH_PROVINCES[a]!.name.localeCompare(FRENCH_PROVINCES[b]!.name, 'fr'))
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
        <div className="mt-6 gap-8 sm:columns-2 lg:columns-4">
          {provinces.map((province) => (
            <CityList
              key={province}
              heading={FRENCH_PROVINCES[province]!.name}
              cities={cities.filter((c) => c.state === province)}
              href={(city) => cityServicePath(city.slug, service.fr.slug, 1, 'fr')}
            />
          ))}
        </div>
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

function CityList({ heading, cities, href }: { heading: string; cities: readonly CityLink[]; href: (city: CityLink) => string }) {
  return (
    <div className="mb-6 break-inside-avoid">
      <h4 className="font-semibold text-slate-800">{heading}</h4>
      <ul className="mt-1 space-y-1 text-sm">
        {[...cities]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((city) => (
            <li key={city.slug}>
              <a href={href(city)} className="text-brand-700 hover:underline">
                {city.name}
              </a>
            </li>
          ))}
      </ul>
    </div>
  )
}
