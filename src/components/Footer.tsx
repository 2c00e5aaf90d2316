import type { LocalSite } from './data'
import type { NavService } from './data'
import type { Lang } from '../i18n/lang'
import { servicePath } from '../urls/paths'
import { STATIC_PATHS } from '../urls/routes'
import { finderHref } from './Header'
import { Logo } from './Logo'
import { FilledPart, sameOnEveryPage } from './renderedOnce'
import { emailParts, telHref } from './ui'
import { TrustFacts } from './TrustFacts'
import { FinderCredit } from './CityFinder'

const COPY = {
  en: {
    quickLinks: 'Quick Links',
    home: 'Home',
    about: 'About Us',
    locations: 'Locations',
    contact: 'Contact',
    quote: 'Get Quote',
    services: 'Our Services',
    rights: 'All rights reserved.',
    privacy: 'Privacy Notice',
  },
  fr: {
    quickLinks: 'Liens rapides',
    home: 'Accueil',
    about: 'À propos',
    locations: 'Nos villes',
    contact: 'Nous joindre',
    quote: 'Soumission gratuite',
    services: 'Nos services',
    rights: 'Tous droits réservés.',
    privacy: 'Confidentialité',
  },
} satisfies Record<Lang, Record<string, string>>

/** `finderCredit`: the page shows the city finder, whose sources' attributions go here (CityFinder.tsx, FinderCredit). */
export function Footer({
  site,
  services,
  lang,
  finderCredit = false,
}: {
  site: LocalSite
  services: readonly NavService[]
  lang: Lang
  finderCredit?: boolean
}) {
  const copy = COPY[lang]
  const paths = STATIC_PATHS[lang]
  return (
    <footer className="bg-slate-900 text-slate-300">
      {/* The company's column takes the whole width below 1024 px and two fifths from there: at a quarter of 768 px its
          name ran over four lines and the e-mail address broke mid-word (tests/e2e/layout.test.ts, "the footer"). */}
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-10 md:gap-x-10 md:py-12 lg:grid-cols-5">
        <div className="col-span-2">
          <Logo site={site} lang={lang} inverted />
          <p className="mt-4 text-sm leading-relaxed">{site.blurb}</p>
          <ContactLines site={site} />
          <p className="mt-1 text-sm">{site.coverage}</p>
          <TrustFacts trust={site.trust} lang={lang} look="footer" />
        </div>
        {/* The same on every page of a language: rendered once (renderedOnce.tsx). */}
        <FilledPart as="nav" props={{ 'aria-labelledby': 'footer-quick-links' }} owner={site} shape={`footer links ${lang}`} values={{}}>
          {() => (
            <>
              <h2 id="footer-quick-links" className="font-semibold text-white">
                {copy.quickLinks}
              </h2>
              <ul className="mt-4 space-y-2 text-sm">
                {(['home', 'about', 'locations', 'contact', 'quote'] as const).map((page) => (
                  <li key={page}>
                    <a
                      href={page === 'locations' ? finderHref(lang) : paths[page]}
                      className="hover:text-white"
                      data-finder-link={page === 'locations' ? '' : undefined}
                    >
                      {copy[page]}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </FilledPart>
        <nav aria-labelledby="footer-services" className="lg:col-span-2">
          <h2 id="footer-services" className="font-semibold text-white">
            {copy.services}
          </h2>
          <ul
            className="mt-4 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2"
            data-footer-services=""
            dangerouslySetInnerHTML={sameOnEveryPage(services, `footer:services:${lang}`, () => (
              <>
                {services.map((s) => (
                  <li key={s.slug}>
                    <a href={lang === 'fr' ? servicePath(s.fr.slug, 'fr') : servicePath(s.slug)} className="hover:text-white">
                      {lang === 'fr' ? s.fr.title : s.title}
                    </a>
                  </li>
                ))}
              </>
            ))}
          />
        </nav>
      </div>
      <FilledPart as="div" props={{ className: 'border-t border-slate-800 py-6 text-center text-sm' }} owner={site} shape={`footer bottom ${lang}`} values={{}}>
        {() => (
          <>
            © {site.copyrightYear} {site.company}. {copy.rights} ·{' '}
            <a href={paths.privacy} className="underline hover:text-white" data-privacy-link="">
              {copy.privacy}
            </a>
          </>
        )}
      </FilledPart>
      {finderCredit && (
        <div className="-mt-4 px-4 pb-6 text-center text-slate-400">
          <FinderCredit lang={lang} />
        </div>
      )}
    </footer>
  )
}

/** The company's phone, e-mail and street address, as in site.yaml and the JSON-LD (tests/build/pages.test.ts compares them). */
function ContactLines({ site }: { site: LocalSite }) {
  const { street, city, region, postalCode } = site.address
  return (
    <FilledPart
      as="address"
      props={{ className: 'mt-4 space-y-1 text-sm not-italic', 'data-footer-contact': '' }}
      owner={site}
      shape="footer contact"
      values={{}}
    >
      {() => (
        <>
          <p>
            <a href={telHref(site.phone)} className="whitespace-nowrap font-semibold text-white underline" data-footer-phone="">
              {site.phone}
            </a>
          </p>
          <p>
            {/* Where the line is too narrow for it, the address breaks after its @, never inside a word. */}
            <a href={`mailto:${site.email}`} className="underline hover:text-white" data-footer-email="">
              {emailParts(site.email)}
            </a>
          </p>
          <p data-footer-address="">
            <span>{street}</span>, <span className="whitespace-nowrap">{city}</span>, <span className="whitespace-nowrap">{`${region} ${postalCode}`}</span>
          </p>
        </>
      )}
    </FilledPart>
  )
}
