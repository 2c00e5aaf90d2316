import { COUNTRY_NAMES, FRENCH_COUNTRY_NAMES, FRENCH_PROVINCES } from '../catalog/cities'
import type { Lang } from '../i18n/lang'
import type { CityLink } from './data'

/** A state or province as a group shows it: its name in the page's language. */
const stateLabel = (city: CityLink, lang: Lang) => (lang === 'fr' ? (FRENCH_PROVINCES[city.state]?.name ?? city.stateName) : city.stateName)

/**
 * Cities grouped by country, then by state or province (A–Z), each group folded in a `<details>` whose summary names it and
 * counts its cities: a phone shows the groups, not hundreds of links. Each group carries its state's code (`data-state`).
 */
export function StateGroups({ cities, href, lang }: { cities: readonly CityLink[]; href: (city: CityLink) => string; lang: Lang }) {
  const byState = new Map<string, CityLink[]>()
  for (const city of cities) {
    const key = `${city.country}-${city.state}`
    byState.set(key, [...(byState.get(key) ?? []), city])
  }
  const groups = [...byState.values()].sort((a, b) => stateLabel(a[0]!, lang).localeCompare(stateLabel(b[0]!, lang), lang))
  const countries = (['US', 'CA'] as const).filter((country) => groups.some((g) => g[0]!.country === country))
  const countryNames = lang === 'fr' ? FRENCH_COUNTRY_NAMES : COUNTRY_NAMES
  const columns = (list: CityLink[][]) => (
    <div className="mt-4 gap-8 sm:columns-2 lg:columns-4">
      {list.map((group) => (
        <StateGroup key={`${group[0]!.country}-${group[0]!.state}`} cities={group} href={href} lang={lang} />
      ))}
    </div>
  )
  if (countries.length === 1) return columns(groups)
  return (
    <>
      {countries.map((country) => (
        <div key={country} className="mt-10">
          <h3 className="text-2xl font-semibold text-slate-900">{countryNames[country]}</h3>
          {columns(groups.filter((g) => g[0]!.country === country))}
        </div>
      ))}
    </>
  )
}

function StateGroup({ cities, href, lang }: { cities: readonly CityLink[]; href: (city: CityLink) => string; lang: Lang }) {
  const first = cities[0]!
  const label = stateLabel(first, lang)
  return (
    <details className="mb-3 break-inside-avoid" data-state={first.state}>
      <summary className="cursor-pointer py-1 font-semibold text-slate-800">
        {label} <span className="font-normal text-slate-600">({cities.length})</span>
      </summary>
      <ul className="mt-1 mb-2 space-y-1 pl-4 text-sm">
        {[...cities]
          .sort((a, b) => a.name.localeCompare(b.name, lang))
          .map((city) => (
            <li key={city.slug}>
              <a href={href(city)} className="text-brand-700 hover:underline">
                {city.name}
              </a>
            </li>
          ))}
      </ul>
    </details>
  )
}
