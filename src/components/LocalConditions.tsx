import { withCity, type City } from '../catalog/index'
import { COUNTRY_NAMES, FRENCH_COUNTRY_NAMES, FRENCH_PROVINCES } from '../catalog/cities'
import { timeZoneName } from '../catalog/timeZones'
import type { Lang } from '../i18n/lang'

// What the data knows of a place, as the city's hub and its city-service pages show it (docs/staff-guide.md, "Regions
// and local details"): where it is, its climate region, its time zone and the optional local details.

type Place = Pick<City, 'name' | 'displayName' | 'state' | 'stateName' | 'country' | 'timeZone' | 'details'>

const COPY = {
  en: {
    place: (city: Place) => `${city.name}, ${city.stateName} · ${COUNTRY_NAMES[city.country]}`,
    local: (city: string) => `Local conditions in ${city}`,
    region: 'Climate region:',
    timeZone: 'Time zone',
    scheduled: (zone: string, city: string) => `${zone}: visits, calls and quotes for ${city} are scheduled in local time.`,
    crewBase: 'Crew base',
    neighborhoods: 'Neighborhoods served',
  },
  fr: {
    place: (city: Place) => `${city.name}, ${FRENCH_PROVINCES[city.state]?.name ?? city.stateName} · ${FRENCH_COUNTRY_NAMES[city.country]}`,
    local: (city: string) => `Conditions locales à ${city}`,
    region: 'Région climatique\u00a0:',
    timeZone: 'Fuseau horaire',
    scheduled: (zone: string, city: string) =>
      `${zone.charAt(0).toUpperCase()}${zone.slice(1)}\u00a0: les visites, les appels et les soumissions pour ${city} sont planifiés à l’heure locale.`,
    crewBase: 'Base de l’équipe',
    neighborhoods: 'Quartiers desservis',
  },
} satisfies Record<Lang, Record<string, unknown>>

/** "Boise, Idaho · United States" (« Montréal, Québec · Canada »). */
export const placeLine = (city: Place, lang: Lang) => COPY[lang].place(city)

/** The texts of the local conditions' introduction: its heading, the climate region and its climate in this city. */
export function localIntroText(city: Place, region: { name: string; climate: string }, lang: Lang) {
  return { heading: COPY[lang].local(city.displayName), regionName: region.name, climate: withCity(region.climate, city, lang) }
}

/** The heading of the local conditions, the climate region and its climate in this city (`localIntroText`). */
export function LocalIntro({ heading, regionName, climate, lang }: { heading: string; regionName: string; climate: string; lang: Lang }) {
  return (
    <>
      <h2 id="local-heading" className="text-3xl font-bold text-slate-900">
        {heading}
      </h2>
      <p className="mt-2 font-semibold text-brand-700">
        {COPY[lang].region} {regionName}
      </p>
      <p className="mt-4 text-slate-700">{climate}</p>
    </>
  )
}

/** The texts of the place's facts: the sentence of its time zone, the crew base and neighborhoods when filled in. */
export function placeFactsText(city: Place, lang: Lang) {
  const { crewBase, neighborhoods } = city.details
  return { timeZone: COPY[lang].scheduled(timeZoneName(city.timeZone, lang), city.displayName), crewBase, neighborhoods }
}

/** The place's facts (`placeFactsText`): its time zone (from its coordinates where its state has several), the crew base and neighborhoods when filled. */
export function PlaceFacts({
  timeZone,
  crewBase,
  neighborhoods,
  lang,
}: {
  timeZone: string
  crewBase?: string | undefined
  neighborhoods?: readonly string[] | undefined
  lang: Lang
}) {
  const copy = COPY[lang]
  return (
    <dl className="mt-8 grid gap-x-6 gap-y-3 rounded-2xl bg-slate-50 p-6 text-slate-700 sm:grid-cols-[max-content_1fr]">
      <dt className="font-semibold text-slate-900">{copy.timeZone}</dt>
      <dd>{timeZone}</dd>
      {crewBase && (
        <>
          <dt className="font-semibold text-slate-900">{copy.crewBase}</dt>
          <dd>{crewBase}</dd>
        </>
      )}
      {neighborhoods && (
        <>
          <dt className="font-semibold text-slate-900">{copy.neighborhoods}</dt>
          <dd>
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {neighborhoods.map((n, i) => (
                <li key={i}>{n}</li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </dl>
  )
}
