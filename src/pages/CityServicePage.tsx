import type { Catalogue, City, Service } from '../catalog/index'
import { COUNTRY_NAMES } from '../catalog/cities'
import { CityLinks } from '../components/CityLinks'
import { QuoteBlock } from '../components/QuoteBlock'
import { ServiceDetails } from '../components/ServiceDetails'
import { ButtonLink, container, telHref } from '../components/ui'
import { withCity } from './model'

/** Both city-service schemes (SPEC §2); the second also shows the contact address and 'Serving {city}'. */
export function CityServicePage({ city, service, scheme, catalogue }: { city: City; service: Service; scheme: 1 | 2; catalogue: Catalogue }) {
  const { site } = catalogue
  const name = city.displayName
  return (
    <div data-city={city.slug} data-service={service.slug} data-scheme={scheme}>
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className={`${container} py-16`}>
          <p className="font-semibold uppercase tracking-wide text-brand-100">
            <span aria-hidden="true">{service.icon}</span> {service.title}
          </p>
          <h1 className="mt-3 text-4xl font-extrabold md:text-5xl">{service.title} in {name}</h1>
          {scheme === 2 && <p className="mt-3 text-xl text-brand-50">Serving {name}</p>}
          <p className="mt-2 text-brand-50">
            {city.name}, {city.regionName} · {COUNTRY_NAMES[city.country]}
          </p>
        </div>
      </section>
      <div className={`${container} grid gap-12 py-16 lg:grid-cols-3`}>
        <div className="space-y-14 lg:col-span-2">
          <section>
            <h2 className="text-3xl font-bold text-slate-900">{service.title} Services in {name}</h2>
            <p className="mt-4 text-lg text-slate-700">{withCity(service.localDescription, city)}</p>
            <p className="mt-4 text-slate-700">{service.description}</p>
            <div className="mt-6">
              <ButtonLink href="/quote">Get Free Estimate in {name}</ButtonLink>
            </div>
          </section>
          <ServiceDetails service={service} city={city} />
        </div>
        <aside className="space-y-6" aria-labelledby="city-contact-heading">
          <div className="rounded-2xl bg-brand-50 p-6">
            <h2 id="city-contact-heading" className="text-2xl font-bold text-slate-900">Contact Us in {name}</h2>
            <p className="mt-3 text-slate-700">
              Call: <a href={telHref(site.phone)} className="whitespace-nowrap font-semibold text-brand-700 underline">{site.phone}</a>
            </p>
            {scheme === 2 && (
              <p className="mt-1 text-slate-700">
                Email: <a href={`mailto:${site.email}`} className="font-semibold text-brand-700 underline wrap-anywhere">{site.email}</a>
              </p>
            )}
          </div>
          <QuoteBlock catalogue={catalogue} preselected={catalogue.quoteChoiceOf[service.slug]} />
        </aside>
      </div>
      <CityLinks city={city} service={service} catalogue={catalogue} />
    </div>
  )
}
