import type { Lang } from '../i18n/lang'
import { GeoNamesCredit } from './ui'
import type { CoverageMapData } from './data'

const COPY = {
  en: {
    heading: 'Where we clean',
    lead: 'Every dot is a city we serve: choose one to see its services.',
    map: 'Map of the cities we serve',
    directory: 'All the cities we serve',
    credit: 'City locations:',
    outlines: 'outlines: U.S. Census Bureau, Natural Earth',
  },
  fr: {
    heading: 'Où nous intervenons',
    lead: 'Chaque point est une ville desservie en français\u00a0: choisissez-en une pour voir ses services.',
    map: 'Carte des villes desservies',
    directory: 'Toutes les villes desservies',
    credit: 'Emplacement des villes\u00a0:',
    outlines: 'contours\u00a0: U.S. Census Bureau, Natural Earth',
  },
} satisfies Record<Lang, Record<string, unknown>>

/**
 * The coverage map on the directory: the shared SVG file (src/geo/coverageMap.ts) in a frame, so that its dots are
 * links (they open in the whole window) and every page shares one cached file. No JavaScript.
 */
export function CoverageMap({ map, lang }: { map: CoverageMapData; lang: Lang }) {
  const copy = COPY[lang]
  return (
    <section className="mx-auto max-w-7xl px-4 pt-12" aria-labelledby="coverage-map-heading" data-coverage-map="">
      <h2 id="coverage-map-heading" className="text-3xl font-bold text-slate-900">
        {copy.heading}
      </h2>
      <p className="mt-3 text-slate-700">{copy.lead}</p>
      {/* The map keeps its aspect ratio before its file arrives: an empty SVG of the same viewBox sizes the box (no inline
          style), and the frame fills it. A lazy <iframe> rather than an <object>: the browser fetches and draws the map's
          456 links only when the visitor scrolls near it (an <object> loads with the page: Lighthouse's performance
          on the directory fell from 100 to 96–98). */}
      <div className="relative mx-auto mt-6 max-w-4xl rounded-xl bg-slate-50">
        <svg aria-hidden="true" viewBox={`0 0 ${map.width} ${map.height}`} className="block h-auto w-full" />
        <iframe src={map.src} title={copy.map} loading="lazy" className="absolute inset-0 h-full w-full border-0" />
      </div>
      <MapCredit lang={lang} />
    </section>
  )
}

/** The attribution GeoNames' licence (CC BY 4.0) asks for, and the outlines' sources (public domain). */
function MapCredit({ lang }: { lang: Lang }) {
  const copy = COPY[lang]
  return (
    <p className="mt-2 text-xs text-slate-600" data-map-credit="">
      {copy.credit} <GeoNamesCredit />
      {lang === 'fr' ? '\u00a0; ' : '; '}
      {copy.outlines}.
    </p>
  )
}
