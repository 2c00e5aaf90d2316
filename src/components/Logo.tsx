import type { Site } from '../catalog/index'

export function Logo({ site, inverted = false }: { site: Site; inverted?: boolean }) {
  return (
    <a href="/" className={`flex items-center gap-2 font-bold ${inverted ? 'text-white' : 'text-brand-800'}`}>
      <img src={site.logo} alt="" width={40} height={40} className="h-10 w-10" />
      <span className="text-lg leading-tight">{site.company}</span>
    </a>
  )
}
