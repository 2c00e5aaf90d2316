import { withCity, type Catalogue, type City, type Service } from '../catalog/index'
import { COUNTRY_NAMES, FRENCH_COUNTRY_NAMES, FRENCH_PROVINCES } from '../catalog/cities'
import { nearbyCities } from '../catalog/lists'
import { CityLinks } from '../components/CityLinks'
import { QuoteBlock } from '../components/QuoteBlock'
import { ServiceDetails } from '../components/ServiceDetails'
import { ButtonLink, container, telHref } from '../components/ui'
import type { Lang } from '../i18n/lang'
import { STATIC_PATHS } from '../urls/routes'

const COPY = {
  en: {
    title: (service: string, city: string) => `${service} in ${city}`,
    serving: (city: string) => `Serving ${city}`,
    place: (city: City) => `${city.name}, ${city.regionName} · ${COUNTRY_NAMES[city.country]}`,
    servicesIn: (service: string, city: string) => `${service} Services in ${city}`,
    estimate: (city: string) => `Get Free Estimate in ${city}`,
    contact: (city: string) => `Contact Us in ${city}`,
    call: 'Call:',
    email: 'Email:',
  },
  fr: {
    title: (service: string, city: string) => `${service} à ${city}`,
    serving: (city: string) => `Au service de ${city}`,
    place: (city: City) => `${city.name}, ${FRENCH_PROVINCES[city.state]?.name ?? city.regionName} · ${FRENCH_COUNTRY_NAMES[city.country]}`,
    servicesIn: (service: string, city: string) => `${service}\u00a0: nos services à ${city}`,
    estimate: (city: string) => `Obtenir une soumission gratuite à ${city}`,
    contact: (city: string) => `Nous joindre à ${city}`,
    call: 'Téléphone\u00a0:',
    email: 'Courriel\u00a0:',
  },
} satisfies Record<Lang, Record<string, unknown>>

/** Both city-service schemes (SPEC §2); the second also shows the contact address and 'Serving {city}'. French pages have one scheme. */
export function CityServicePage({ city, service, scheme, catalogue, lang }: { city: City; service: Service; scheme: 1 | 2; catalogue: Catalogue; lang: Lang }) {
  const { site } = catalogue
  const copy = COPY[lang]
  const text = lang === 'fr' ? service.fr : service
  const name = city.displayName
  // The French page is the only one of its language: it carries what the English -janitorial page adds.
  const full = scheme === 2 || lang === 'fr'
  return (
    <div data-city={city.slug} data-service={service.slug} data-scheme={scheme}>
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className={`${container} py-16`}>
          <p className="font-semibold uppercase tracking-wide text-brand-100">
            <span aria-hidden="true">{service.icon}</span> {text.title}
          </p>
          <h1 className="mt-3 text-4xl font-extrabold md:text-5xl">{copy.title(text.title, name)}</h1>
          {full && <p className="mt-3 text-xl text-brand-50">{copy.serving(name)}</p>}
          <p className="mt-2 text-brand-50">{copy.place(city)}</p>
        </div>
      </section>
      <div className={`${container} grid gap-12 py-16 lg:grid-cols-3`}>
        <div className="space-y-14 lg:col-span-2">
          <section>
            <h2 className="text-3xl font-bold text-slate-900">{copy.servicesIn(text.title, name)}</h2>
            <p className="mt-4 text-lg text-slate-700">{withCity(text.localDescription, city, lang)}</p>
            <p className="mt-4 text-slate-700">{text.description}</p>
            <div className="mt-6">
              <ButtonLink href={STATIC_PATHS[lang].quote}>{copy.estimate(name)}</ButtonLink>
            </div>
          </section>
          <ServiceDetails service={service} city={city} lang={lang} />
        </div>
        <aside className="space-y-6" aria-labelledby="city-contact-heading">
          <div className="rounded-2xl bg-brand-50 p-6">
            <h2 id="city-contact-heading" className="text-2xl font-bold text-slate-900">{copy.contact(name)}</h2>
            <p className="mt-3 text-slate-700">
              {copy.call} <a href={telHref(site.phone)} className="whitespace-nowrap font-semibold text-brand-700 underline">{site.phone}</a>
            </p>
            {full && (
              <p className="mt-1 text-slate-700">
                {copy.email} <a href={`mailto:${site.email}`} className="font-semibold text-brand-700 underline wrap-anywhere">{site.email}</a>
              </p>
            )}
          </div>
          <QuoteBlock catalogue={catalogue} lang={lang} preselected={catalogue.quoteChoiceOf[lang][service.slug]} />
        </aside>
      </div>
      <CityLinks city={city} service={service} nearby={nearbyCities(city, catalogue)} catalogue={catalogue} lang={lang} />
    </div>
  )
}
