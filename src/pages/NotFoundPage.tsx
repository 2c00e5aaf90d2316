import type { ParsedCityService } from '../urls/cityService'
import { LANGS, type Lang } from '../i18n/lang'
import { NOT_FOUND_SCREEN_NAMES, NOT_FOUND_SCREENS, SCREEN_OF_VARIANT, type NotFoundScreen } from '../urls/notFound'
import { STATIC_PATHS } from '../urls/routes'
import type { NavService } from '../components/data'
import { PhoneLink, container } from '../components/ui'
import { CityFinder } from '../components/CityFinder'
import { servicePath } from '../urls/paths'
import type { PageModel } from './model'
import type { ViewData } from './props'

type NotFoundModel = Extract<PageModel, { kind: 'not-found' }>

const homeLinkStyle = 'mt-8 inline-block rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800'

const WAYS_OUT = {
  en: {
    heading: 'Looking for one of these?',
    services: 'Our services',
    directory: 'Find your city: all local service areas',
    call: 'Or call us:',
  },
  fr: {
    heading: 'Vous cherchiez peut-être…',
    services: 'Nos services',
    directory: 'Trouver votre ville\u00a0: tous nos services locaux',
    call: 'Ou appelez-nous\u00a0:',
  },
} satisfies Record<Lang, Record<string, string>>

/** Below the spec's texts and link: the services, the directory and the phone, one tap from what the visitor wanted. */
function WaysOut({ lang, nav, phone }: { lang: Lang; nav: readonly NavService[]; phone: string }) {
  const copy = WAYS_OUT[lang]
  return (
    // Not a <nav> landmark: the root 404 page carries every screen (in <template>s), and landmarks must have unique names.
    <div className="mx-auto mt-16 max-w-4xl border-t border-slate-200 pt-10 text-left" data-ways-out="">
      <h2 className="text-center text-xl font-bold text-slate-900">{copy.heading}</h2>
      <p className="mt-6 text-center">
        <a href={STATIC_PATHS[lang]['local-services']} className="font-semibold text-brand-700 underline">
          {copy.directory}
        </a>
      </p>
      <h3 className="mt-6 font-semibold text-slate-900">{copy.services}</h3>
      <ul className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
        {nav.map((s) => (
          <li key={s.slug}>
            <a href={lang === 'fr' ? servicePath(s.fr.slug, 'fr') : servicePath(s.slug)} className="text-brand-700 underline">
              {lang === 'fr' ? s.fr.title : s.title}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-slate-700">
        {copy.call} <PhoneLink phone={phone} />
      </p>
    </div>
  )
}

function Screen({
  screen,
  lang,
  path,
  parsed,
  serviceSlugs,
  nav,
  phone,
}: {
  screen: NotFoundScreen
  lang: Lang
  path: string
  parsed: ParsedCityService | null
  serviceSlugs: readonly string[]
  nav: readonly NavService[]
  phone: string
}) {
  const { code, heading, text, homeLink, debugBox } = NOT_FOUND_SCREENS[lang][screen]
  return (
    <>
      {code && <p className="text-7xl font-extrabold text-brand-700">{code}</p>}
      <h1 className={`${code ? 'mt-4 ' : ''}text-3xl font-bold text-slate-900`}>{heading}</h1>
      {text && <p className="mt-4 text-slate-700">{text}</p>}
      {debugBox && (
        <div
          className="mx-auto mt-8 max-w-xl rounded-lg border border-amber-300 bg-amber-50 p-4 text-left text-sm"
          role="note"
          aria-label={debugBox.label}
          data-debug-box=""
        >
          <p className="font-semibold text-slate-900">{debugBox.label}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 break-all">
            <dt className="font-medium">{debugBox.url}</dt>
            <dd data-debug="url">{path}</dd>
            <dt className="font-medium">{debugBox.city}</dt>
            <dd data-debug="city">{parsed?.citySlug || debugBox.none}</dd>
            <dt className="font-medium">{debugBox.service}</dt>
            <dd data-debug="service">{parsed?.serviceSlug || debugBox.none}</dd>
            <dt className="font-medium">{debugBox.services}</dt>
            <dd data-debug="services">{serviceSlugs.join(', ')}</dd>
          </dl>
        </div>
      )}
      <a href={STATIC_PATHS[lang].home} className={homeLinkStyle}>
        {homeLink}
      </a>
      <CityFinder lang={lang} where="not-found" />
      <WaysOut lang={lang} nav={nav} phone={phone} />
    </>
  )
}

/**
 * Every not-found screen. A page that static hosts serve for misses (`fallback`: the root 404 pages and the services
 * folders' ones) carries every other screen of both languages as <template>s; its script shows the one that fits the
 * requested path.
 */
export function NotFoundPage({
  model,
  view,
  nav,
  phone,
}: {
  model: NotFoundModel
  view: Extract<ViewData, { kind: 'not-found' }>
  nav: readonly NavService[]
  phone: string
}) {
  const slugs = view.serviceSlugs
  const screen = SCREEN_OF_VARIANT[model.variant]
  const others = LANGS.flatMap((lang) => NOT_FOUND_SCREEN_NAMES.filter((s) => lang !== model.lang || s !== screen).map((s) => [lang, s] as const))
  return (
    <section
      className={`${container} py-24 text-center`}
      data-not-found={screen}
      data-not-found-lang={model.lang}
      data-service-slugs={slugs.en.join(' ')}
      data-french-service-slugs={slugs.fr.join(' ')}
      data-aliases={JSON.stringify(view.aliases)}
    >
      <div data-not-found-view="">
        <Screen screen={screen} lang={model.lang} path={model.path} parsed={model.parsed} serviceSlugs={slugs[model.lang]} nav={nav} phone={phone} />
      </div>
      {model.fallback &&
        others.map(([lang, other]) => (
          <template key={`${lang}:${other}`} data-screen={`${lang}:${other}`} lang={lang === model.lang ? undefined : lang === 'fr' ? 'fr-CA' : 'en'}>
            <Screen screen={other} lang={lang} path={model.path} parsed={null} serviceSlugs={slugs[lang]} nav={nav} phone={phone} />
          </template>
        ))}
    </section>
  )
}

const ERROR = {
  en: {
    heading: 'Unexpected Application Error!',
    text: 'Something went wrong on our side. Please try again, or go back to the home page.',
    home: 'Return Home',
  },
  fr: {
    heading: 'Erreur inattendue de l’application\u00a0!',
    text: 'Une erreur s’est produite de notre côté. Veuillez réessayer ou retourner à la page d’accueil.',
    home: 'Retour à l’accueil',
  },
} satisfies Record<Lang, Record<string, string>>

export function ErrorPage({ lang }: { lang: Lang }) {
  const copy = ERROR[lang]
  return (
    <section className={`${container} py-24 text-center`}>
      <h1 className="text-3xl font-bold text-slate-900">{copy.heading}</h1>
      <p className="mt-4 text-slate-700">{copy.text}</p>
      <a href={STATIC_PATHS[lang].home} className={homeLinkStyle}>
        {copy.home}
      </a>
    </section>
  )
}
