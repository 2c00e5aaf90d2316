import type { LocalSite } from './data'
import { STATIC_PATHS } from '../urls/routes'
import type { Lang } from '../i18n/lang'

export function Logo({ site, lang, inverted = false }: { site: LocalSite; lang: Lang; inverted?: boolean }) {
  return (
    <a href={STATIC_PATHS[lang].home} className={`flex items-center gap-2 font-bold ${inverted ? 'text-white' : 'text-brand-800'}`}>
      <img src={site.logo} alt="" width={40} height={40} className="h-10 w-10" />
      <span className="text-lg leading-tight">{site.company}</span>
    </a>
  )
}
