import type { LocalSite } from './data'
import type { NavService } from './data'
import { HTML_LANG, type Lang } from '../i18n/lang'
import { servicePath } from '../urls/paths'
import { STATIC_PATHS } from '../urls/routes'
import { FINDER_ID } from './cityFinderIds'
import { Logo } from './Logo'
import { telHref } from './ui'
import { FilledPart, sameOnEveryPage } from './renderedOnce'

/** docs/spec.md §2: the mobile menu lists the first 8 services only. */
const MOBILE_SERVICE_COUNT = 8

/** The English header menu uses each service's alias slug where it has one (docs/spec.md §2); French pages, the French slug. */
const headerHref = (s: NavService, lang: Lang) => (lang === 'fr' ? servicePath(s.fr.slug, 'fr') : servicePath(s.alias ?? s.slug))
const title = (s: NavService, lang: Lang) => (lang === 'fr' ? s.fr.title : s.title)

const COPY = {
  en: {
    home: 'Home',
    about: 'About',
    services: 'Services',
    locations: 'Locations',
    contact: 'Contact',
    getQuote: 'Get Quote',
    menu: 'Menu',
    main: 'Main',
    mobile: 'Mobile',
  },
  fr: {
    home: 'Accueil',
    about: 'À propos',
    services: 'Services',
    locations: 'Nos villes',
    contact: 'Nous joindre',
    getQuote: 'Soumission',
    menu: 'Menu',
    main: 'Principale',
    mobile: 'Menu mobile',
  },
} satisfies Record<Lang, Record<string, string>>

/** The city finder: any town, ZIP or postal code (every page leads to it, from the header and the footer: docs/decisions/0011). */
export const finderHref = (lang: Lang) => `${STATIC_PATHS[lang]['local-services']}#${FINDER_ID}`

/** The same page in the other language, where there is one: the header's language switch. */
export interface LanguageLink {
  lang: Lang
  href: string
  /** The language's own name, as its readers write it ("Français", "English"). */
  label: string
}

const navLink = 'whitespace-nowrap rounded px-2 py-2 font-medium text-slate-700 hover:text-brand-700'

/**
 * Sticky header, one line high at every width from 320 px (each label on one line, nothing clipped: tests/e2e/layout.test.ts).
 * Phones and tablets (below 1024 px): the logo and the company's name, the language switch, the phone as a tel: link and
 * the menu toggle. Desktops: the logo and name, the menu (the spec's items and 'Locations', the city finder), the
 * language switch and 'Get Quote'. The menu sits right after
 * the name, so it does not move between pages with and without a language switch. The full name shows where it fits
 * beside the rest (768–1023 px and from 1280 px), the short one (`shortName` in site.yaml) elsewhere.
 *
 * Works without JavaScript: the desktop Services dropdown opens on hover, on keyboard focus and on a tap (a popover);
 * the mobile menu is a <details> element, and choosing any of its links loads a new page, which starts with the menu closed.
 */
export function Header({
  site,
  services,
  lang,
  languageLink,
}: {
  site: LocalSite
  services: readonly NavService[]
  lang: Lang
  languageLink: LanguageLink | null
}) {
  const copy = COPY[lang]
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur" data-site-header="">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-4 xl:gap-4">
        <Logo site={site} lang={lang} header />
        <nav
          aria-label={copy.main}
          className="hidden items-center gap-1 lg:ml-2 lg:flex xl:gap-2"
          dangerouslySetInnerHTML={sameOnEveryPage(services, `header:main:${lang}`, () => (
            <MainMenu services={services} lang={lang} />
          ))}
        />
        {/* Rendered once per language, the page's language switch filled in (renderedOnce.tsx). */}
        <FilledPart
          as="div"
          props={{ className: 'ml-auto flex items-center gap-1 sm:gap-2' }}
          owner={site}
          shape={`header ${lang}`}
          values={{
            switchHref: languageLink?.href,
            switchLang: languageLink ? HTML_LANG[languageLink.lang] : undefined,
            switchCode: languageLink?.lang.toUpperCase(),
            switchLabel: languageLink?.label,
          }}
        >
          {(v) => (
            <>
              {v.switchHref !== undefined && (
                <a
                  href={v.switchHref}
                  hrefLang={v.switchLang}
                  lang={v.switchLang}
                  className="whitespace-nowrap rounded px-2 py-2 font-medium text-brand-700 underline"
                  data-language-switch=""
                >
                  {/* Phones show the language's code (FR, EN); the link's name stays the language's own name. */}
                  <span aria-hidden="true" className="sm:hidden">
                    {v.switchCode}
                  </span>
                  <span className="max-sm:sr-only">{v.switchLabel}</span>
                </a>
              )}
              <a
                href={telHref(site.phone)}
                className="flex h-11 min-w-11 items-center justify-center gap-2 whitespace-nowrap rounded-lg px-2 font-semibold text-brand-700 lg:hidden"
                data-header-phone=""
              >
                <PhoneIcon />
                <span className="max-sm:sr-only">{site.phone}</span>
              </a>
              <a
                href={STATIC_PATHS[lang].quote}
                className="hidden whitespace-nowrap rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 lg:inline-block"
              >
                {copy.getQuote}
              </a>
              <details className="group lg:hidden" data-menu="mobile">
                <summary className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300" aria-label={copy.menu}>
                  <span aria-hidden="true" className="text-2xl leading-none group-open:hidden">
                    ☰
                  </span>
                  <span aria-hidden="true" className="hidden text-2xl leading-none group-open:inline">
                    ✕
                  </span>
                </summary>
                <nav
                  aria-label={copy.mobile}
                  className="absolute inset-x-0 top-16 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-4 shadow-lg"
                  dangerouslySetInnerHTML={sameOnEveryPage(services, `header:mobile:${lang}`, () => (
                    <MobileMenu services={services} lang={lang} />
                  ))}
                />
              </details>
            </>
          )}
        </FilledPart>
      </div>
    </header>
  )
}

/** A handset, drawn in the text's colour. */
export function PhoneIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="currentColor" className="flex-none">
      <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
    </svg>
  )
}

function MainMenu({ services, lang }: { services: readonly NavService[]; lang: Lang }) {
  const copy = COPY[lang]
  const paths = STATIC_PATHS[lang]
  return (
    <>
      <a href={paths.home} className={navLink}>
        {copy.home}
      </a>
      <a href={paths.about} className={navLink}>
        {copy.about}
      </a>
      {/* The dropdown opens on hover (a mouse), on keyboard focus, and on a tap or click: the button toggles it as a
          popover, with no script, even where a tapped button takes no focus (Safari). A second tap, Escape or a tap
          elsewhere closes it (renderer/style.css, "Services menu"). */}
      <div className="group relative" data-dropdown="services">
        <button type="button" popoverTarget="services-menu" aria-haspopup="true" className={`${navLink} flex items-center gap-1`}>
          {copy.services} <span aria-hidden="true">▾</span>
        </button>
        <div id="services-menu" popover="auto" className="services-menu" data-services-menu="">
          <ul className="max-h-80 overflow-y-auto rounded-lg border border-slate-200 bg-white py-2 shadow-lg" data-menu="desktop-services">
            {services.map((s) => (
              <li key={s.slug}>
                <a href={headerHref(s, lang)} className="block px-4 py-2 text-slate-700 hover:bg-brand-50 hover:text-brand-700">
                  {title(s, lang)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <a href={finderHref(lang)} className={navLink} data-finder-link="">
        {copy.locations}
      </a>
      <a href={paths.contact} className={navLink}>
        {copy.contact}
      </a>
    </>
  )
}

function MobileMenu({ services, lang }: { services: readonly NavService[]; lang: Lang }) {
  const copy = COPY[lang]
  const paths = STATIC_PATHS[lang]
  return (
    <>
      <ul className="divide-y divide-slate-100">
        <li>
          <a href={paths.home} className="block py-3">
            {copy.home}
          </a>
        </li>
        <li>
          <a href={paths.about} className="block py-3">
            {copy.about}
          </a>
        </li>
        {services.slice(0, MOBILE_SERVICE_COUNT).map((s) => (
          <li key={s.slug} data-mobile-service="">
            <a href={headerHref(s, lang)} className="block py-3 pl-3 text-slate-600">
              {title(s, lang)}
            </a>
          </li>
        ))}
        <li>
          <a href={finderHref(lang)} className="block py-3" data-finder-link="">
            {copy.locations}
          </a>
        </li>
        <li>
          <a href={paths.contact} className="block py-3">
            {copy.contact}
          </a>
        </li>
      </ul>
      <a href={paths.quote} className="mt-3 block rounded-lg bg-brand-700 px-4 py-3 text-center font-semibold text-white">
        {copy.getQuote}
      </a>
    </>
  )
}
