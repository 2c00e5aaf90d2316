import type { HubMapData } from '../geo/hubMap'
import type { Lang } from '../i18n/lang'

const COPY = {
  en: {
    heading: (city: string) => `Where we reach from ${city}`,
    title: (city: string, towns: string, reach: string) =>
      `Map of ${city} and the towns of 1,000 people or more it reaches within ${reach} in a straight line${towns ? `: ${towns}` : ''}`,
    more: (n: number) => `and ${n.toLocaleString('en-US')} more`,
    caption: (city: string, reach: string) =>
      `The dashed circle is ${reach} from ${city} in a straight line; each dot is a town we reach from it. Outlines: U.S. Census Bureau, Natural Earth.`,
  },
  fr: {
    heading: (city: string) => `Notre rayon d’action autour de ${city}`,
    title: (city: string, towns: string, reach: string) =>
      `Carte de ${city} et des localités de 1\u00a0000 habitants ou plus desservies à moins de ${reach} à vol d’oiseau${towns ? `\u00a0: ${towns}` : ''}`,
    more: (n: number) => `et ${n.toLocaleString('fr-CA')} autres`,
    caption: (city: string, reach: string) =>
      `Le cercle pointillé est à ${reach} de ${city} à vol d’oiseau\u00a0; chaque point est une localité desservie depuis cette ville. Contours\u00a0: U.S. Census Bureau, Natural Earth.`,
  },
} satisfies Record<Lang, Record<string, unknown>>

/** The map's colours: water, the land around, the states and provinces, their borders, the reach, the city (the site's accent). */
const WATER = '#dbeafe'
const LAND = '#e2e8f0'
const REGION = '#f8fafc'
const BORDER = '#94a3b8'
const REACH = '#047857'
const CITY = '#f97316'

/**
 * The map of a hub's reach (src/geo/hubMap.ts): the states and provinces around the city, the towns it reaches (the
 * largest named) and the reach, a circle of its straight-line distance. Inline SVG, no script; its title names the city
 * and the towns it shows, and the list of towns after it says the rest in words.
 */
export function HubMap({ map, city, reach, lang }: { map: HubMapData; city: string; reach: string; lang: Lang }) {
  const copy = COPY[lang]
  const named = map.towns.filter((t) => t.label).map((t) => t.name)
  const towns = map.towns.length <= named.length + 2 ? map.towns.map((t) => t.name) : [...named, copy.more(map.towns.length - named.length)]
  const title = copy.title(city, towns.join(', '), reach)
  return (
    <section aria-labelledby="hub-map-heading" data-hub-map="">
      <h2 id="hub-map-heading" className="text-3xl font-bold text-slate-900">
        {copy.heading(city)}
      </h2>
      <figure className="mt-4 overflow-hidden rounded-2xl border border-slate-200">
        <svg viewBox={`0 0 ${map.width} ${map.height}`} role="img" aria-labelledby="hub-map-title" className="block h-auto w-full" data-hub-map-svg="">
          <title id="hub-map-title">{title}</title>
          <rect width={map.width} height={map.height} fill={WATER} />
          <path d={map.land} fill={LAND} />
          <path d={map.regions} fill={REGION} stroke={BORDER} strokeWidth="0.8" strokeLinejoin="round" />
          <path d={map.lakes} fill={WATER} stroke={BORDER} strokeWidth="0.4" />
          <circle cx={map.reach.x} cy={map.reach.y} r={map.reach.r} fill={REACH} fillOpacity="0.07" stroke={REACH} strokeWidth="1.5" strokeDasharray="6 4" />
          <text x={map.reach.x} y={Math.round((map.reach.y - map.reach.r - 4) * 10) / 10} textAnchor="middle" fontSize="12" fill={REACH} fontWeight="600">
            {reach}
          </text>
          <g fill="#334155">
            {map.towns.map((t, i) => (
              <circle key={i} cx={t.x} cy={t.y} r="2.5" />
            ))}
          </g>
          {/* Labels over a white halo, so that they read over the lines under them. */}
          <g fontSize="12" fill="#1e293b" stroke="#fff" strokeWidth="3" strokeLinejoin="round" paintOrder="stroke">
            {map.towns.map((t, i) =>
              t.label ? (
                <text key={i} x={t.label.x} y={t.label.y} textAnchor={t.label.anchor}>
                  {t.name}
                </text>
              ) : null,
            )}
            <text x={map.city.label.x} y={map.city.label.y} textAnchor={map.city.label.anchor} fontSize="14" fontWeight="700" fill="#0f172a">
              {city}
            </text>
          </g>
          <circle cx={map.city.x} cy={map.city.y} r="5.5" fill={CITY} stroke="#fff" strokeWidth="2" data-marker="" />
        </svg>
        <figcaption className="bg-slate-50 px-4 py-2 text-sm text-slate-600">{copy.caption(city, reach)}</figcaption>
      </figure>
    </section>
  )
}
