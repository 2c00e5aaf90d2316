import type { ReactNode } from 'react'
import type { Catalogue } from '../catalog/index'
import type { Lang } from '../i18n/lang'
import { Footer } from './Footer'
import { Header, type LanguageLink } from './Header'

const SKIP = { en: 'Skip to content', fr: 'Aller au contenu' } satisfies Record<Lang, string>

export function Layout({ catalogue, lang, languageLink, children }: { catalogue: Catalogue; lang: Lang; languageLink: LanguageLink | null; children: ReactNode }) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        {SKIP[lang]}
      </a>
      <Header site={catalogue.site} services={catalogue.services} lang={lang} languageLink={languageLink} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer site={catalogue.site} services={catalogue.services} lang={lang} />
    </>
  )
}
