import type { ShownService } from '../catalog/index'
import type { Lang } from '../i18n/lang'
import { deWord } from '../i18n/french'
import type { CityLink } from './data'
import { cityServicePath } from '../urls/cityService'
import { servicePath } from '../urls/paths'
import { FilledPart } from './renderedOnce'
import { StateGroups } from './StateGroups'
import { container } from './ui'

/**
 * Every city where a service is offered (the directory's 'View all cities →'), grouped by country and state or province, each
 * group folded (`<details>`): a phone shows the groups, not hundreds of links. The hundreds of links are the same on every
 * service page but for the service's slug in them: rendered once per list of cities and language, the service's strings
 * filled in (renderedOnce.tsx; a service page took ~3 ms to render, ten times a city's page).
 */
export function AvailableIn({ service, cities, allCities, lang }: { service: ShownService; cities: readonly CityLink[]; allCities: number; lang: Lang }) {
  if (lang === 'fr') return <AvailableInFrench service={service} cities={cities} allCities={allCities} />
  return (
    <section className="border-t border-slate-200 bg-slate-50 py-16" aria-labelledby="available-in-heading" data-available-in="">
      <FilledPart
        as="div"
        props={{ className: container }}
        owner={cities}
        shape="available-in en"
        values={{ title: service.title, slug: service.slug, count: String(allCities) }}
      >
        {(v) => (
          <>
            <h2 id="available-in-heading" className="text-3xl font-bold text-slate-900">
              Available in
            </h2>
            <p className="mt-3 text-slate-700">
              {v.title} is available in {v.count} cities across the USA and Canada. Find yours by state or province.
            </p>
            <StateGroups cities={cities} href={(city) => cityServicePath(city.slug, v.slug, 2)} lang="en" />
          </>
        )}
      </FilledPart>
    </section>
  )
}

/** The French pages of a service: the cities with French pages, by province, and the way to the other cities. */
function AvailableInFrench({ service, cities, allCities }: { service: ShownService; cities: readonly CityLink[]; allCities: number }) {
  const values = {
    // « Notre service de décapage… », « Notre service d’entretien… »
    ofTitle: deWord(service.fr.title.charAt(0).toLowerCase() + service.fr.title.slice(1)),
    slug: service.fr.slug,
    count: String(allCities),
    englishPath: servicePath(service.slug),
    englishTitle: service.title,
  }
  return (
    <section className="border-t border-slate-200 bg-slate-50 py-16" aria-labelledby="available-in-heading" data-available-in="">
      <FilledPart as="div" props={{ className: container }} owner={cities} shape="available-in fr" values={values}>
        {(v) => (
          <>
            <h2 id="available-in-heading" className="text-3xl font-bold text-slate-900">
              Offert à
            </h2>
            <p className="mt-3 text-slate-700">
              Notre service {v.ofTitle} est offert en français dans {cities.length} villes. Trouvez la vôtre par province.
            </p>
            <StateGroups cities={cities} href={(city) => cityServicePath(city.slug, v.slug, 1, 'fr')} lang="fr" />
            <p className="mt-6 text-slate-700">
              Ailleurs au Canada et aux États-Unis ({v.count} villes)&nbsp;:{' '}
              <a href={v.englishPath} hrefLang="en" lang="en" className="font-semibold text-brand-700 underline">
                {v.englishTitle} (English)
              </a>
            </p>
          </>
        )}
      </FilledPart>
    </section>
  )
}
