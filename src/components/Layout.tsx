import type { ReactNode } from 'react'
import type { LocalSite } from './data'
import type { NavService } from './data'
import type { Lang } from '../i18n/lang'
import { Footer } from './Footer'
import { Header, type LanguageLink } from './Header'

const SKIP = { en: 'Skip to content', fr: 'Aller au contenu' } satisfies Record<Lang, string>

export function Layout({
  site,
  nav,
  lang,
  languageLink,
  finderCredit = false,
  children,
}: {
  site: LocalSite
  nav: readonly NavService[]
  lang: Lang
  languageLink: LanguageLink | null
  /** The page shows the city finder: its sources' attributions in the footer. */
  finderCredit?: boolean
  children: ReactNode
}) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        {SKIP[lang]}
      </a>
      <Header site={site} services={nav} lang={lang} languageLink={languageLink} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer site={site} services={nav} lang={lang} finderCredit={finderCredit} />
    </>
  )
}
