import { Breadcrumbs } from '../components/Breadcrumbs'
import { CityContact } from '../components/CityContact'
import { nearbyLead, placeName } from '../components/CityLinks'
import type { CityLink, HubCatchment, LocalSite, NavService, PagePhoto } from '../components/data'
import { HeroGrid } from '../components/HeroGrid'
import { HubMap } from '../components/HubMap'
import { QuickBar } from '../components/QuickBar'
import { LocalIntro, localIntroText, PlaceFacts, placeFactsText, placeLine } from '../components/LocalConditions'
import { QuoteBlock } from '../components/QuoteBlock'
import { Testimonials } from '../components/Testimonials'
import { JobCards, ProseSection } from '../components/ContentProse'
import { container, withQuoteColumn } from '../components/ui'
import type { Lang } from '../i18n/lang'
import { cityServicePath } from '../urls/cityService'
import { cityHubPath } from '../urls/paths'
import { STATIC_PATHS } from '../urls/routes'
import type { CityFacts } from './model'
import type { ViewData } from './props'

const COPY = {
  en: {
    home: 'Home',
    localServices: 'Local services',
    title: (city: string) => `Cleaning Services in ${city}`,
    services: (city: string) => `Our Services in ${city}`,
    servicesLead: (city: string) => `Sixteen cleaning services for businesses and homes in ${city}. Pick one for its local details, process and FAQs.`,
    nearest: 'Nearest served cities',
    nearestLead: 'Distances in a straight line, nearest first:',
    clients: (city: string) => `What Our Clients in ${city} Say`,
    work: (city: string) => `Our work in ${city}`,
    jobs: (city: string) => `Recent jobs in ${city}`,
    distance: (n: number, unit: 'mi' | 'km') => `(${n.toLocaleString('en-US')}\u00a0${unit})`,
    towns: (city: string) => `Towns we reach from ${city}`,
    townsLead: (city: string, reach: string) =>
      `Towns of 1,000 people or more whose nearest served city is ${city}, within ${reach} in a straight line, nearest first:`,
    moreTowns: (n: number) => `and ${n.toLocaleString('en-US')} more`,
    codes: { zip: 'ZIP codes', postal: 'Postal codes' },
    codesLead: (n: number, kind: 'zip' | 'postal', city: string, reach: string) =>
      kind === 'zip'
        ? `${n.toLocaleString('en-US')} ZIP ${n === 1 ? 'code is' : 'codes are'} nearer to ${city} than to any other served city, within ${reach}.`
        : `${n.toLocaleString('en-US')} postal ${n === 1 ? 'area (the first three characters of a postal code) is' : 'areas (the first three characters of a postal code) are'} nearer to ${city} than to any other served city, within ${reach}.`,
    showCodes: (n: number, kind: 'zip' | 'postal') =>
      kind === 'zip' ? `Show the ${n.toLocaleString('en-US')} ZIP codes` : `Show the ${n.toLocaleString('en-US')} postal areas`,
    reach: (n: number, unit: 'mi' | 'km') => `${n.toLocaleString('en-US')}\u00a0${unit}`,
  },
  fr: {
    home: 'Accueil',
    localServices: 'Services locaux',
    title: (city: string) => `Services d’entretien à ${city}`,
    services: (city: string) => `Nos services à ${city}`,
    servicesLead: (city: string) =>
      `Seize services d’entretien pour les entreprises et les résidences à ${city}. Choisissez-en un pour ses particularités locales, ses étapes et sa FAQ.`,
    nearest: 'Villes desservies les plus proches',
    nearestLead: 'Distances à vol d’oiseau, de la plus proche à la plus éloignée\u00a0:',
    clients: (city: string) => `Ce que disent nos clients à ${city}`,
    work: (city: string) => `Notre travail à ${city}`,
    jobs: (city: string) => `Nos chantiers récents à ${city}`,
    distance: (n: number, unit: 'mi' | 'km') => `(${n.toLocaleString('fr-CA')}\u00a0${unit})`,
    towns: (city: string) => `Localités desservies depuis ${city}`,
    townsLead: (city: string, reach: string) =>
      `Localités de 1\u00a0000 habitants ou plus dont la ville desservie la plus proche est ${city}, à moins de ${reach} à vol d’oiseau, de la plus proche à la plus éloignée\u00a0:`,
    moreTowns: (n: number) => `et ${n.toLocaleString('fr-CA')} autres`,
    codes: { zip: 'Codes ZIP', postal: 'Codes postaux' },
    codesLead: (n: number, kind: 'zip' | 'postal', city: string, reach: string) =>
      kind === 'zip'
        ? `${n.toLocaleString('fr-CA')} ${n === 1 ? 'code ZIP est plus proche' : 'codes ZIP sont plus proches'} de la ville ${city} que de toute autre ville desservie, à moins de ${reach}.`
        : `${n.toLocaleString('fr-CA')} ${n === 1 ? 'région de tri (les trois premiers caractères d’un code postal) est plus proche' : 'régions de tri (les trois premiers caractères d’un code postal) sont plus proches'} de la ville ${city} que de toute autre ville desservie, à moins de ${reach}.`,
    showCodes: (n: number, kind: 'zip' | 'postal') =>
      kind === 'zip' ? `Voir les ${n.toLocaleString('fr-CA')} codes ZIP` : `Voir les ${n.toLocaleString('fr-CA')} régions de tri`,
    reach: (n: number, unit: 'mi' | 'km') => `${n.toLocaleString('fr-CA')}\u00a0${unit}`,
  },
} satisfies Record<Lang, Record<string, unknown>>

/** The hub of a city (issue 15): its services, its local conditions, the phone and the quote form. */
export function CityHubPage({
  city,
  site,
  nav,
  view,
  lang,
  path,
  photo,
}: {
  city: CityFacts
  site: LocalSite
  nav: readonly NavService[]
  view: Extract<ViewData, { kind: 'city' }>
  lang: Lang
  path: string
  photo?: PagePhoto
}) {
  const copy = COPY[lang]
  const fr = lang === 'fr'
  const name = city.displayName
  const serviceHref = (c: Pick<CityLink, 'slug'>, s: NavService) => (fr ? cityServicePath(c.slug, s.fr.slug, 1, 'fr') : cityServicePath(c.slug, s.slug, 2))
  return (
    <div data-city-hub={city.slug}>
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <HeroGrid photo={photo} lang={lang} className="py-12 md:py-16">
          <Breadcrumbs
            lang={lang}
            items={[
              { name: copy.home, href: STATIC_PATHS[lang].home },
              { name: copy.localServices, href: STATIC_PATHS[lang]['local-services'] },
              { name, href: path },
            ]}
          />
          <h1 className="mt-6 text-4xl font-extrabold md:text-5xl">{copy.title(name)}</h1>
          <p className="mt-3 text-lg text-brand-50">{placeLine(city, lang)}</p>
        </HeroGrid>
      </section>
      <div className={`${container} ${withQuoteColumn}`}>
        <div className="min-w-0 space-y-14">
          <section aria-labelledby="hub-services-heading">
            <h2 id="hub-services-heading" className="text-3xl font-bold text-slate-900">
              {copy.services(name)}
            </h2>
            <p className="mt-3 text-slate-700">{copy.servicesLead(name)}</p>
            {/* Two columns on phones from 360 px, one compact column below: the sixteen fit in about one screen, and the
                page's own text and the form come sooner; the icons from 640 px, where the names have room beside them. */}
            <ul className="mt-6 grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 sm:gap-3" data-hub-services="">
              {nav.map((s) => (
                <li key={s.slug}>
                  <a
                    href={serviceHref(city, s)}
                    className="flex h-full items-center gap-2 rounded-lg border border-slate-200 p-2.5 text-sm font-semibold leading-snug text-brand-700 hover:bg-brand-50 sm:gap-3 sm:p-4 sm:text-base"
                  >
                    <span aria-hidden="true" className="hidden text-2xl sm:inline">
                      {s.icon}
                    </span>
                    <span className="min-w-0 [overflow-wrap:anywhere]">{fr ? s.fr.title : s.title}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="local-heading" data-hub-local="">
            <LocalIntro {...localIntroText(city, view.region, lang)} lang={lang} />
            <PlaceFacts {...placeFactsText(city, lang)} lang={lang} />
          </section>
          {view.prose && <ProseSection id="city-content-heading" heading={copy.work(name)} prose={view.prose} />}
          {view.map && <HubMap map={view.map} city={name} reach={copy.reach(view.catchment.reach, view.catchment.unit)} lang={lang} />}
          <Catchment catchment={view.catchment} city={name} lang={lang} />
          {view.nearest.cities.length > 0 && (
            <section aria-labelledby="nearest-heading" data-hub-nearest="" data-far={view.nearest.far ? '' : undefined}>
              <h2 id="nearest-heading" className="text-3xl font-bold text-slate-900">
                {copy.nearest}
              </h2>
              <p className="mt-3 text-slate-700">{view.nearest.far ? nearbyLead(view.nearest, lang) : copy.nearestLead}</p>
              <ul className="mt-4 grid gap-2 sm:grid-cols-2">
                {view.nearest.cities.map(({ city: c, distance, unit }) => (
                  <li key={c.slug}>
                    <a href={cityHubPath(c.slug, lang)} className="text-brand-700 hover:underline">
                      {placeName(c)}
                    </a>{' '}
                    <span className="whitespace-nowrap text-sm text-slate-600" data-distance={distance} data-unit={unit}>
                      {copy.distance(distance, unit)}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {/* Below 1024 px the phone and the quote stay in reach down the whole column, up to the form (QuickBar.tsx). */}
          <QuickBar phone={site.phone} lang={lang} />
        </div>
        <aside className="space-y-6" aria-labelledby="hub-contact-heading">
          <CityContact city={name} site={site} lang={lang} headingId="hub-contact-heading" />
          <QuoteBlock trust={site.trust} quote={view.quote} lang={lang} page={path} city={city.slug} cityName={name} />
          {/* The latest job stories, under the form: the column is as long as the page's on wide screens. */}
          {view.jobs && <JobCards cards={view.jobs} lang={lang} heading={copy.jobs(name)} />}
        </aside>
      </div>
      {view.testimonials && <Testimonials testimonials={view.testimonials} lang={lang} heading={copy.clients(name)} />}
    </div>
  )
}

/**
 * The towns and codes nearest to this city of all served cities (issue 38): lists under headings, never sentences of
 * names; at most 40 towns, then how many more; the codes counted, their list folded.
 */
function Catchment({ catchment, city, lang }: { catchment: HubCatchment; city: string; lang: Lang }) {
  const copy = COPY[lang]
  const { towns, moreTowns, codes, codeKind, reach, unit } = catchment
  const within = copy.reach(reach, unit)
  return (
    <>
      {towns.length > 0 && (
        <section aria-labelledby="hub-towns-heading" data-hub-towns="">
          <h2 id="hub-towns-heading" className="text-3xl font-bold text-slate-900">
            {copy.towns(city)}
          </h2>
          <p className="mt-3 text-slate-700">{copy.townsLead(city, within)}</p>
          <ul className="mt-4 grid gap-x-6 gap-y-1 text-slate-700 sm:grid-cols-2">
            {towns.map((t) => (
              <li key={`${t.name} ${t.state}`}>
                {t.name}, {t.state}{' '}
                <span className="whitespace-nowrap text-sm text-slate-600" data-distance={t.distance}>
                  {copy.distance(t.distance, unit)}
                </span>
              </li>
            ))}
          </ul>
          {moreTowns > 0 && <p className="mt-2 text-slate-700">{copy.moreTowns(moreTowns)}</p>}
        </section>
      )}
      {codes.length > 0 && (
        <section aria-labelledby="hub-codes-heading" data-hub-codes="">
          <h2 id="hub-codes-heading" className="text-3xl font-bold text-slate-900">
            {copy.codes[codeKind]}
          </h2>
          <p className="mt-3 text-slate-700">{copy.codesLead(codes.length, codeKind, city, within)}</p>
          <details className="mt-3">
            <summary className="cursor-pointer font-semibold text-brand-700">{copy.showCodes(codes.length, codeKind)}</summary>
            <p className="mt-2 break-words text-slate-700">{codes.join(' ')}</p>
          </details>
        </section>
      )}
    </>
  )
}
