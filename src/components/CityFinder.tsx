import { PLACE_PARAMS } from '../../supabase/functions/_shared/quoteContract'
import { FINDER_INDEX_PATH, FINDER_NOTICE_PATH } from '../finder/format'
import type { Lang } from '../i18n/lang'
import { cityHubPath } from '../urls/paths'
import { STATIC_PATHS } from '../urls/routes'
import { CITIES_A_Z_ID, FINDER_ID } from './cityFinderIds'
import { CityFinderNoScript } from './CityFinderNoScript'
import { GeoNamesCredit } from './ui'

const COPY = {
  en: {
    heading: { directory: 'Find cleaning near you', notFound: 'Looking for cleaning near you?' },
    claim: (count: string | undefined) =>
      `We serve every town and city of the USA and Canada. ${count ? `${count} cities have their own pages here` : 'Hundreds of cities have their own pages'}; anywhere else, crews from the nearest of them come to you.`,
    quote: 'Get a free quote for your town',
    label: 'Town, ZIP or postal code',
    hint: 'Type a town, and its state or province if you like (“springfield il”), a ZIP code (“59715”) or a postal code (“E1C 4B7”).',
    submit: 'Find',
    locate: 'Use my location',
    browse: 'Or browse every city with its own pages, A–Z',
    places: 'Places:',
    codes: 'ZIP and postal codes: zipcodes, © Dav Glass (BSD license);',
    notice: 'sources and licenses',
  },
  fr: {
    heading: { directory: 'Trouver nos services près de chez vous', notFound: 'Vous cherchez un service d’entretien près de chez vous\u00a0?' },
    claim: (count: string | undefined) =>
      `Nous desservons toutes les villes et municipalités du Canada et des États-Unis. ${count ? `${count} villes ont leurs propres pages` : 'Des centaines de villes ont leurs propres pages'}\u00a0; ailleurs, les équipes de la plus proche se rendent chez vous.`,
    quote: 'Obtenir une soumission gratuite pour votre municipalité',
    label: 'Ville, code postal ou code ZIP',
    hint: 'Tapez une ville, et sa province ou son État si vous voulez («\u00a0trois rivieres\u00a0»), un code postal («\u00a0E1C 4B7\u00a0») ou un code ZIP américain («\u00a059715\u00a0»).',
    submit: 'Chercher',
    locate: 'Utiliser ma position',
    browse: 'Ou parcourez de A à Z les villes qui ont leurs propres pages',
    places: 'Lieux\u00a0:',
    codes: 'codes ZIP et postaux\u00a0: zipcodes, © Dav Glass (licence BSD)\u00a0;',
    notice: 'sources et licences',
  },
} satisfies Record<Lang, Record<string, unknown>>

/**
 * What the finder's script says (src/client/cityFinderIsland.ts), in the page's language: `{name}` and the like are
 * filled in by the script.
 */
const MESSAGES = {
  en: {
    one: '1 place matches.',
    many: '{n} places match.',
    more: '{n} places match; the first {shown} are listed. Type more letters, or add the state or province.',
    choose: '{n} places match: choose yours below.',
    none: 'No place matches “{q}”. Check the spelling, or type a ZIP or postal code.',
    didYouMean: 'No place matches “{q}”. Did you mean {names}?',
    or: ' or ',
    searching: 'Looking up “{q}”…',
    zipPartial: 'Type the five digits of your ZIP code.',
    postalPartial: 'Type the first three characters of your postal code, like “E1C”.',
    zipUnknown: 'We do not know the ZIP code {code}. Type your town’s name instead.',
    postalUnknown: 'We do not know the postal code {code}. Type your town’s name instead.',
    failed: 'The list of places could not be loaded. Check your connection and try again.',
    locating: 'Finding your location…',
    denied: 'Your browser did not share your location. Type your town, ZIP or postal code instead.',
    unavailable: 'Your location could not be found. Type your town, ZIP or postal code instead.',
    timeout: 'Finding your location took too long. Type your town, ZIP or postal code instead.',
    zipHeading: 'ZIP code {code}: {place}',
    postalHeading: 'Postal code {code}: {place}',
    nearYou: 'Near you',
    nearPlace: 'You are near {place}',
    noTown: 'No town is within 15 miles (25 km) of you.',
    placeLead: 'Yes, our crews come to {name}. The nearest cities with their own pages (distances in a straight line):',
    cityLead: '{name} has its own pages:',
    nearLead: 'The cities with their own pages nearest to you (distances in a straight line):',
    cityPage: 'Cleaning services in {name}',
    quoteFor: 'Get a free quote for {name}',
    quoteNear: 'Get a free quote from our {name} crews',
    back: 'Back to the {n} places found',
    nearest: 'nearest: {near}, {distance}',
    cityNote: 'Our page for this city',
    viaNote: '{via}: our page for this city',
    found: '{place}: our nearest crews are in {near}, {distance} in a straight line.',
    foundCity: '{place}: {name} has its own pages.',
    foundNear: 'The nearest city with its own pages is {near}, {distance} in a straight line.',
    straight: 'Distances in a straight line.',
    englishOnly: '',
    mi: '{n} mi',
    km: '{n} km',
  },
  fr: {
    one: '1 endroit trouvé.',
    many: '{n} endroits trouvés.',
    more: '{n} endroits trouvés\u00a0; voici les {shown} premiers. Tapez plus de lettres, ou ajoutez la province ou l’État.',
    choose: '{n} endroits trouvés\u00a0: choisissez le vôtre ci-dessous.',
    none: 'Aucun endroit ne correspond à «\u00a0{q}\u00a0». Vérifiez l’orthographe, ou tapez un code postal ou ZIP.',
    didYouMean: 'Aucun endroit ne correspond à «\u00a0{q}\u00a0». Vouliez-vous dire {names}\u00a0?',
    or: ' ou ',
    searching: 'Recherche de «\u00a0{q}\u00a0»…',
    zipPartial: 'Tapez les cinq chiffres du code ZIP.',
    postalPartial: 'Tapez les trois premiers caractères de votre code postal, comme «\u00a0E1C\u00a0».',
    zipUnknown: 'Nous ne connaissons pas le code ZIP {code}. Tapez plutôt le nom de votre ville.',
    postalUnknown: 'Nous ne connaissons pas le code postal {code}. Tapez plutôt le nom de votre ville.',
    failed: 'La liste des endroits n’a pas pu être chargée. Vérifiez votre connexion et réessayez.',
    locating: 'Recherche de votre position…',
    denied: 'Votre navigateur n’a pas partagé votre position. Tapez plutôt votre ville, votre code postal ou votre code ZIP.',
    unavailable: 'Votre position est introuvable. Tapez plutôt votre ville, votre code postal ou votre code ZIP.',
    timeout: 'La recherche de votre position a pris trop de temps. Tapez plutôt votre ville, votre code postal ou votre code ZIP.',
    zipHeading: 'Code ZIP {code}\u00a0: {place}',
    postalHeading: 'Code postal {code}\u00a0: {place}',
    nearYou: 'Près de vous',
    nearPlace: 'Vous êtes près de {place}',
    noTown: 'Aucune municipalité ne se trouve à moins de 25\u00a0km de vous.',
    placeLead: 'Oui, nos équipes se rendent à {name}. Les villes les plus proches qui ont leurs propres pages (distances à vol d’oiseau)\u00a0:',
    cityLead: '{name} a ses propres pages\u00a0:',
    nearLead: 'Les villes les plus proches de vous qui ont leurs propres pages (distances à vol d’oiseau)\u00a0:',
    cityPage: 'Nos services à {name}',
    quoteFor: 'Obtenir une soumission gratuite pour {name}',
    quoteNear: 'Obtenir une soumission gratuite de nos équipes de {name}',
    back: 'Retour aux {n} endroits trouvés',
    nearest: 'la plus proche\u00a0: {near}, {distance}',
    cityNote: 'Notre page pour cette ville',
    viaNote: '{via}\u00a0: notre page pour cette ville',
    found: '{place}\u00a0: nos équipes les plus proches sont à {near}, {distance} à vol d’oiseau.',
    foundCity: '{place}\u00a0: {name} a ses propres pages.',
    foundNear: 'La ville la plus proche qui a ses propres pages est {near}, {distance} à vol d’oiseau.',
    straight: 'Distances à vol d’oiseau.',
    englishOnly: ' (page en anglais)',
    mi: '{n}\u00a0mi',
    km: '{n}\u00a0km',
  },
} satisfies Record<Lang, Record<string, string>>

export type FinderMessages = (typeof MESSAGES)['en']

/**
 * The city finder (docs/architecture.md, "The directory's city finder"): any town, ZIP or postal code of the USA and
 * Canada, or the visitor's position, answered with the cities with their own pages, or the nearest of them and a quote
 * for that place. Its script (src/client/cityFinder*.ts) loads on the input's first focus or a tap on 'Use my location'
 * (shown only where the script runs). Without JavaScript, the section says in words that every town is served, with the
 * quote page's link, that typing needs it, with the A–Z list's link (CityFinderNoScript), and the form leads to that list.
 *
 * `where`: the directory (which has the A–Z list), a not-found screen (the list is the directory's), or the home page's
 * first screen (a card with the box alone, which answers in place; its words and links are the directory's).
 * `cityCount`: how many cities have pages, for the claim (not-found screens leave it out).
 */
export function CityFinder({ lang, where, cityCount }: { lang: Lang; where: 'directory' | 'not-found' | 'home'; cityCount?: number }) {
  const copy = COPY[lang]
  const aToZ = `${where === 'directory' ? '' : STATIC_PATHS[lang]['local-services']}#${CITIES_A_Z_ID}`
  const home = where === 'home'
  // The root 404 page carries a finder in each of its screens' <template>s: inert, so their ids never meet the live one's.
  const id = (name: string) => `city-finder-${name}`
  // On the directory a region of its own; on a not-found screen or the home page a plain block: the root 404 page carries
  // one in each of its screens' <template>s, and landmarks must have unique names.
  const Block = where === 'directory' ? 'section' : 'div'
  return (
    <Block
      id={where === 'directory' ? FINDER_ID : undefined}
      className={
        where === 'directory'
          ? 'scroll-mt-24 border-b border-slate-200 bg-brand-50 py-12'
          : home
            ? 'rounded-2xl bg-white p-4 text-left text-slate-900 shadow-lg sm:p-6'
            : 'mt-16 rounded-2xl bg-brand-50 px-4 py-10 text-left'
      }
      aria-labelledby={where === 'directory' ? id('heading') : undefined}
      data-city-finder-section={where}
    >
      <div className={home ? '' : 'mx-auto max-w-3xl px-4'}>
        <h2 id={id('heading')} className={`${{ directory: 'text-3xl', 'not-found': 'text-2xl', home: 'text-xl' }[where]} font-bold text-slate-900`}>
          {copy.heading[where === 'not-found' ? 'notFound' : 'directory']}
        </h2>
        {!home && (
          <p className="mt-3 text-slate-800" data-city-finder-claim="">
            {copy.claim(cityCount?.toLocaleString('en'))}{' '}
            <a href={STATIC_PATHS[lang].quote} className="font-semibold text-brand-700 underline">
              {copy.quote}
            </a>
          </p>
        )}
        <form
          role="search"
          action={aToZ}
          className={home ? 'mt-3' : 'mt-6'}
          data-city-finder=""
          data-lang={lang}
          data-index={FINDER_INDEX_PATH}
          data-quote-place={`${STATIC_PATHS[lang].quote}?${PLACE_PARAMS.place}={place}&${PLACE_PARAMS.near}={near}&${PLACE_PARAMS.nearKm}={km}`}
          data-quote-city={`${STATIC_PATHS[lang].quote}?${PLACE_PARAMS.city}={slug}&${PLACE_PARAMS.cityName}={name}`}
          data-hub={cityHubPath('{slug}', lang)}
          data-hub-en={cityHubPath('{slug}', 'en')}
          data-copy={JSON.stringify(MESSAGES[lang])}
        >
          <label htmlFor={id('input')} className="block font-semibold text-slate-800">
            {copy.label}
          </label>
          <div className="mt-2 flex gap-2">
            <input
              id={id('input')}
              type="search"
              autoComplete="off"
              spellCheck={false}
              aria-describedby={home ? undefined : id('hint')}
              className="block w-full min-w-0 rounded-lg border border-slate-400 bg-white px-4 py-3 text-lg text-slate-900"
            />
            <button type="submit" className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
              {copy.submit}
            </button>
          </div>
          {!home && (
            <p id={id('hint')} className="mt-2 text-sm text-slate-700">
              {copy.hint}
            </p>
          )}
          <CityFinderNoScript lang={lang} aToZ={aToZ} />
          {/* Shown where scripts run (its place kept from the first paint, so that nothing below it moves when the script
              comes), taken away by the script where the browser cannot tell its position; the position never leaves the
              browser. */}
          <p className="mt-3 hidden [@media(scripting:enabled)]:block" data-city-finder-locate="">
            <button
              type="button"
              className="inline-flex items-center gap-2 rounded-lg border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-100"
            >
              <span aria-hidden="true">◎</span> {copy.locate}
            </button>
          </p>
          <p role="status" className={`${home ? 'mt-2' : 'mt-3'} min-h-6 text-slate-800`} data-city-finder-status=""></p>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2" data-city-finder-results=""></ul>
          <div className="mt-2" data-city-finder-answer=""></div>
        </form>
        {!home && (
          <p className="mt-4">
            <a href={aToZ} className="font-semibold text-brand-700 underline">
              {copy.browse}
            </a>
          </p>
        )}
      </div>
    </Block>
  )
}

/**
 * The attribution GeoNames' licence (CC BY 4.0) asks for, and zipcodes' copyright (BSD licence), with the notice of the
 * finder's sources: in the footer of every page that shows the finder (Footer.tsx), not in the first screen beside it.
 */
export function FinderCredit({ lang }: { lang: Lang }) {
  const copy = COPY[lang]
  return (
    <p className="mt-2 text-xs" data-city-finder-credit="">
      {copy.places} <GeoNamesCredit />
      {lang === 'fr' ? '\u00a0; ' : '; '}
      {copy.codes}{' '}
      <a href={FINDER_NOTICE_PATH} className="underline">
        {copy.notice}
      </a>
      .
    </p>
  )
}
