import type { Service, Site } from '../catalog/index'
import { servicePath } from '../urls/paths'
import { Logo } from './Logo'
import { sameOnEveryPage } from './sameOnEveryPage'

/** SPEC §2: the mobile menu lists the first 8 services only. */
export const MOBILE_SERVICE_COUNT = 8

/** The header menu uses each service's alias slug where it has one (SPEC §2). */
const headerHref = (s: Service) => servicePath(s.alias ?? s.slug)

const navLink = 'rounded px-2 py-2 font-medium text-slate-700 hover:text-brand-700'

/**
 * Sticky header. Works without JavaScript: the desktop Services dropdown opens on hover and on
 * keyboard focus (CSS :hover / :focus-within); the mobile menu is a <details> element, and choosing
 * any of its links loads a new page, which starts with the menu closed.
 */
export function Header({ site, services }: { site: Site; services: Service[] }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4">
        <Logo site={site} />
        <nav aria-label="Main" className="hidden items-center gap-4 md:flex" dangerouslySetInnerHTML={sameOnEveryPage(services, 'header:main', () => <MainMenu services={services} />)} />
        <details className="group md:hidden" data-menu="mobile">
          <summary className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300" aria-label="Menu">
            <span aria-hidden="true" className="text-2xl leading-none group-open:hidden">☰</span>
            <span aria-hidden="true" className="hidden text-2xl leading-none group-open:inline">✕</span>
          </summary>
          <nav
            aria-label="Mobile"
            className="absolute inset-x-0 top-16 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-4 shadow-lg"
            dangerouslySetInnerHTML={sameOnEveryPage(services, 'header:mobile', () => <MobileMenu services={services} />)}
          />
        </details>
      </div>
    </header>
  )
}

function MainMenu({ services }: { services: Service[] }) {
  return (
    <>
      <a href="/" className={navLink}>Home</a>
      <a href="/about" className={navLink}>About</a>
      <div className="group relative" data-dropdown="services">
        <button type="button" aria-haspopup="true" className={`${navLink} flex items-center gap-1`}>
          Services <span aria-hidden="true">▾</span>
        </button>
        <div className="invisible absolute left-0 top-full z-50 w-72 pt-2 opacity-0 transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
          <ul className="max-h-80 overflow-y-auto rounded-lg border border-slate-200 bg-white py-2 shadow-lg" data-menu="desktop-services">
            {services.map((s) => (
              <li key={s.slug}>
                <a href={headerHref(s)} className="block px-4 py-2 text-slate-700 hover:bg-brand-50 hover:text-brand-700">
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <a href="/contact" className={navLink}>Contact</a>
      <a href="/quote" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        Get Quote
      </a>
    </>
  )
}

function MobileMenu({ services }: { services: Service[] }) {
  return (
    <>
      <ul className="divide-y divide-slate-100">
        <li><a href="/" className="block py-3">Home</a></li>
        <li><a href="/about" className="block py-3">About</a></li>
        {services.slice(0, MOBILE_SERVICE_COUNT).map((s) => (
          <li key={s.slug} data-mobile-service="">
            <a href={headerHref(s)} className="block py-3 pl-3 text-slate-600">{s.title}</a>
          </li>
        ))}
        <li><a href="/contact" className="block py-3">Contact</a></li>
      </ul>
      <a href="/quote" className="mt-3 block rounded-lg bg-brand-700 px-4 py-3 text-center font-semibold text-white">
        Get Quote
      </a>
    </>
  )
}
