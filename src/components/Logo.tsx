import type { LocalSite } from './data'
import { STATIC_PATHS } from '../urls/routes'
import type { Lang } from '../i18n/lang'

/**
 * The logo and the company's name, a link home. In the header (`header`) the name stays on one line: the full name
 * where it fits beside the rest of the header (768–1023 px, and from 1280 px), `shortName` elsewhere (Header.tsx).
 */
export function Logo({ site, lang, inverted = false, header = false }: { site: LocalSite; lang: Lang; inverted?: boolean; header?: boolean }) {
  return (
    <a href={STATIC_PATHS[lang].home} className={`flex items-center gap-2 font-bold ${inverted ? 'text-white' : 'text-brand-800'}`}>
      <img src={site.logo} alt="" width={40} height={40} className="h-10 w-10 flex-none" />
      {header ? (
        <>
          <span className="whitespace-nowrap text-lg leading-tight md:max-lg:hidden xl:hidden">{site.shortName}</span>
          <span className="hidden whitespace-nowrap text-lg leading-tight md:max-lg:inline xl:inline">{site.company}</span>
        </>
      ) : (
        <span className="text-lg leading-tight">{site.company}</span>
      )}
    </a>
  )
}
