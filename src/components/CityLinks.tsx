import type { Catalogue, City, Service } from '../catalog/index'
import { cityServicePath } from '../urls/cityService'
import { container } from './ui'

/** What is specific to the place: the same service in other cities of the state, and the other services in this city. */
export function CityLinks({ city, service, nearby, catalogue }: { city: City; service: Service; nearby: City[]; catalogue: Catalogue }) {
  const otherServices = catalogue.services.filter((s) => s.slug !== service.slug)
  return (
    <section className="border-t border-slate-200 bg-slate-50 py-16" aria-label={`More in ${city.regionName}`}>
      <div className={`${container} grid gap-12 md:grid-cols-2`}>
        <div data-other-services="">
          <h2 className="text-2xl font-bold text-slate-900">Other Services in {city.displayName}</h2>
          <ul className="mt-4 grid gap-2 sm:grid-cols-2">
            {otherServices.map((s) => (
              <li key={s.slug}>
                <a href={cityServicePath(city.slug, s.slug, 2)} className="text-brand-700 hover:underline">{s.title} in {city.displayName}</a>
              </li>
            ))}
          </ul>
        </div>
        {nearby.length > 0 && (
          <div data-nearby-cities="">
            <h2 className="text-2xl font-bold text-slate-900">{service.title} Elsewhere in {city.regionName}</h2>
            <ul className="mt-4 grid gap-2 sm:grid-cols-2">
              {nearby.map((c) => (
                <li key={c.slug}>
                  <a href={cityServicePath(c.slug, service.slug, 2)} className="text-brand-700 hover:underline">{service.title} in {c.displayName}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  )
}
