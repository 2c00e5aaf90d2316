import type { Catalogue } from '../catalog/index'
import { PageHero, container } from '../components/ui'
import { cityServicePath } from '../urls/cityService'
import { servicePath } from '../urls/paths'
import { CITIES_PER_CARD, majorCities, SERVICES_PER_MAJOR_CITY } from './lists'

export function DirectoryPage({ catalogue }: { catalogue: Catalogue }) {
  const { services, cities } = catalogue
  return (
    <>
      <PageHero>
        <h1 className="text-4xl font-extrabold md:text-5xl">Professional Cleaning Services in Your City</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-50">Janitorial and cleaning crews in 100+ cities across the USA and Canada.</p>
      </PageHero>

      <section className={`${container} py-16`} aria-labelledby="local-areas-heading">
        <h2 id="local-areas-heading" className="text-3xl font-bold text-slate-900">Local Service Areas</h2>
        <p className="mt-3 max-w-3xl text-slate-700">
          We serve 100+ cities across the USA and Canada. Pick a service to see the cities near you, or go to the service page for the full list.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-directory-cards="">
          {services.map((s) => (
            <li key={s.slug} className="flex flex-col rounded-xl border border-slate-200 p-6 shadow-sm" data-directory-card={s.slug}>
              <span aria-hidden="true" className="text-4xl">{s.icon}</span>
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{s.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{s.subtitle}</p>
              <p className="mt-4 text-sm font-semibold text-slate-800">Available in:</p>
              <ul className="mt-2 max-h-40 space-y-1 overflow-y-auto text-sm" tabIndex={0} aria-label={`Cities for ${s.title}`}>
                {cities.slice(0, CITIES_PER_CARD).map((c) => (
                  <li key={c.slug}>
                    <a href={cityServicePath(c.slug, s.slug, 2)} className="text-brand-700 hover:underline">{s.title} in {c.displayName}</a>
                  </li>
                ))}
              </ul>
              <a href={servicePath(s.slug)} className="mt-4 font-semibold text-brand-700 hover:text-brand-800" aria-label={`View all cities → for ${s.title}`}>
                View all cities →
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-slate-50 py-16" aria-labelledby="major-areas-heading">
        <div className={container}>
          <h2 id="major-areas-heading" className="text-3xl font-bold text-slate-900">Major Service Areas</h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-major-cities="">
            {majorCities(catalogue).map((c) => (
              <li key={c.slug} className="rounded-xl bg-white p-5 shadow-sm" data-major-city={c.slug}>
                <h3 className="font-semibold text-slate-900">{c.name}, {c.state}</h3>
                <ul className="mt-2 space-y-1 text-sm">
                  {services.slice(0, SERVICES_PER_MAJOR_CITY).map((s) => (
                    <li key={s.slug}>
                      <a href={cityServicePath(c.slug, s.slug, 2)} className="text-brand-700 hover:underline">{s.title} in {c.displayName}</a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  )
}
