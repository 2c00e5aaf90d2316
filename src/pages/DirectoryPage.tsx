import { PageHero, container } from '../components/ui'
import type { Lang } from '../i18n/lang'
import { cityServicePath } from '../urls/cityService'
import { cityHubPath, servicePath } from '../urls/paths'
import { CityFinder } from '../components/CityFinder'
import { CoverageMap } from '../components/CoverageMap'
import { CITIES_A_Z_ID } from '../components/cityFinderIds'
import { StateGroups } from '../components/StateGroups'
import { STATIC_PATHS } from '../urls/routes'
import { SERVICES_PER_MAJOR_CITY } from '../catalog/lists'
import type { CityLink, ServiceSummary } from '../components/data'
import type { ViewData } from './props'

const COPY = {
  en: {
    title: 'Professional Cleaning Services in Your City',
    // docs/spec.md §2 claims "100+ cities": what is true, from the data (issues 15 and 28): every town is served, and this
    // many cities have their own pages.
    lead: (count: string) =>
      `Janitorial and cleaning crews for every town and city of the USA and Canada: ${count} cities have their own pages here, and the crews of the nearest one come to yours.`,
    areas: 'Local Service Areas',
    areasLead: (count: string) =>
      `Each service in the ${count} cities with their own pages. Pick a service to see the cities near you, or go to the service page for the full list.`,
    elsewhere: null,
    availableIn: 'Available in:',
    citiesFor: (title: string) => `Cities for ${title}`,
    inCity: (title: string, city: string) => `${title} in ${city}`,
    all: 'View all cities →',
    allFor: (title: string) => `View all cities → for ${title}`,
    major: 'Major Service Areas',
    aToZ: 'Every city with its own pages, A–Z',
    aToZLead: 'The cities with their own pages, by state and province (every other town is served by the nearest of them). Open one to see its cities.',
  },
  fr: {
    title: 'Services d’entretien professionnels dans votre ville',
    lead: (_count: string) =>
      'Des équipes d’entretien ménager et de conciergerie pour toutes les municipalités du Québec, du Canada et des États-Unis\u00a0: les villes du Québec ont leurs pages en français ici.',
    areas: 'Villes desservies',
    areasLead: (_count: string) => 'Choisissez un service pour voir les villes où nous l’offrons en français, ou consultez la page du service.',
    elsewhere: 'Ailleurs au Canada et aux États-Unis\u00a0: ',
    availableIn: 'Offert à\u00a0:',
    citiesFor: (title: string) => `Villes pour ${title}`,
    inCity: (title: string, city: string) => `${title} à ${city}`,
    all: 'Voir toutes les villes →',
    allFor: (title: string) => `Voir toutes les villes → pour ${title}`,
    major: 'Principales villes desservies',
    aToZ: 'Les villes qui ont leurs pages en français, de A à Z',
    aToZLead: 'Toutes les villes où nous offrons nos services en français, par province. Ouvrez-en une pour voir ses villes.',
  },
} satisfies Record<Lang, Record<string, unknown>>

/** The directory (docs/spec.md §2); in French, of the cities with French pages, with a way to the English directory. */
export function DirectoryPage({ view, lang }: { view: Extract<ViewData, { kind: 'local-services' }>; lang: Lang }) {
  const { services, cardCities, majorCities: major, cities } = view
  const count = view.cityCount.toLocaleString('en')
  const copy = COPY[lang]
  const fr = lang === 'fr'
  const title = (s: ServiceSummary) => s.title
  const cityHref = (c: CityLink, s: ServiceSummary) => (fr ? cityServicePath(c.slug, s.slug, 1, 'fr') : cityServicePath(c.slug, s.slug, 2))
  return (
    <>
      <PageHero>
        <h1 className="text-4xl font-extrabold md:text-5xl">{copy.title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-50">{copy.lead(count)}</p>
      </PageHero>

      <CityFinder lang={lang} where="directory" cityCount={view.cityCount} />

      <section className={`${container} py-16`} aria-labelledby="local-areas-heading">
        <h2 id="local-areas-heading" className="text-3xl font-bold text-slate-900">
          {copy.areas}
        </h2>
        <p className="mt-3 max-w-3xl text-slate-700">{copy.areasLead(count)}</p>
        {copy.elsewhere && (
          <p className="mt-2 max-w-3xl text-slate-700">
            {copy.elsewhere}
            <a href={STATIC_PATHS.en['local-services']} hrefLang="en" lang="en" className="font-semibold text-brand-700 underline">
              Local Service Areas (English)
            </a>
          </p>
        )}
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-directory-cards="">
          {services.map((s) => (
            <li key={s.key} className="flex flex-col rounded-xl border border-slate-200 p-6 shadow-sm" data-directory-card={s.key}>
              <span aria-hidden="true" className="text-4xl">
                {s.icon}
              </span>
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{title(s)}</h3>
              <p className="mt-1 text-sm text-slate-600">{s.subtitle}</p>
              <p className="mt-4 text-sm font-semibold text-slate-800">{copy.availableIn}</p>
              <ul className="mt-2 max-h-40 space-y-1 overflow-y-auto text-sm" tabIndex={0} aria-label={copy.citiesFor(title(s))}>
                {cardCities.map((c) => (
                  <li key={c.slug}>
                    <a href={cityHref(c, s)} className="text-brand-700 hover:underline">
                      {copy.inCity(title(s), c.displayName)}
                    </a>
                  </li>
                ))}
              </ul>
              <a href={servicePath(s.slug, lang)} className="mt-4 font-semibold text-brand-700 hover:text-brand-800" aria-label={copy.allFor(title(s))}>
                {copy.all}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-slate-50 py-16" aria-labelledby="major-areas-heading">
        <div className={container}>
          <h2 id="major-areas-heading" className="text-3xl font-bold text-slate-900">
            {copy.major}
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-major-cities="">
            {major.map((c) => (
              <li key={c.slug} className="rounded-xl bg-white p-5 shadow-sm" data-major-city={c.slug}>
                <h3 className="font-semibold text-slate-900">
                  {c.name}, {c.state}
                </h3>
                <ul className="mt-2 space-y-1 text-sm">
                  {services.slice(0, SERVICES_PER_MAJOR_CITY).map((s) => (
                    <li key={s.slug}>
                      <a href={cityHref(c, s)} className="text-brand-700 hover:underline">
                        {copy.inCity(title(s), c.displayName)}
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CoverageMap map={view.map} lang={lang} />

      <section
        id={CITIES_A_Z_ID}
        className={`${container} scroll-mt-24 py-16 [contain-intrinsic-size:auto_3000px] [content-visibility:auto]`}
        aria-labelledby="a-z-heading"
      >
        <h2 id="a-z-heading" className="text-3xl font-bold text-slate-900">
          {copy.aToZ}
        </h2>
        <p className="mt-3 max-w-3xl text-slate-700">{copy.aToZLead}</p>
        <StateGroups cities={cities} href={(c) => cityHubPath(c.slug, lang)} lang={lang} />
      </section>
    </>
  )
}
