import type { Catalogue, Service } from '../catalog/index'
import { COUNTRY_NAMES } from '../catalog/cities'
import { cityServicePath } from '../urls/cityService'
import { container } from './ui'

/** Every city where a service is offered, grouped by country and state or province (the directory's 'View all cities →'). */
export function AvailableIn({ service, catalogue }: { service: Service; catalogue: Catalogue }) {
  const regions = [...catalogue.citiesByRegion.values()].sort((a, b) => a[0]!.regionName.localeCompare(b[0]!.regionName))
  return (
    <section className="border-t border-slate-200 bg-slate-50 py-16" aria-labelledby="available-in-heading" data-available-in="">
      <div className={container}>
        <h2 id="available-in-heading" className="text-3xl font-bold text-slate-900">Available in</h2>
        <p className="mt-3 text-slate-700">
          {service.title} is available in {catalogue.cities.length} cities across the USA and Canada. Find yours by state or province.
        </p>
        {(['US', 'CA'] as const).map((country) => (
          <div key={country} className="mt-10">
            <h3 className="text-2xl font-semibold text-slate-900">{COUNTRY_NAMES[country]}</h3>
            <div className="mt-4 gap-8 sm:columns-2 lg:columns-4">
              {regions
                .filter((cities) => cities[0]!.country === country)
                .map((cities) => (
                  <div key={cities[0]!.state} className="mb-6 break-inside-avoid">
                    <h4 className="font-semibold text-slate-800">{cities[0]!.regionName}</h4>
                    <ul className="mt-1 space-y-1 text-sm">
                      {[...cities].sort((a, b) => a.name.localeCompare(b.name)).map((city) => (
                        <li key={city.slug}>
                          <a href={cityServicePath(city.slug, service.slug, 2)} className="text-brand-700 hover:underline">{city.name}</a>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
            </div>
          </div>
        ))}
      </div>
    </section>
  )
}
