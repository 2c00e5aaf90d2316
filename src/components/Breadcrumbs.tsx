import type { Lang } from '../i18n/lang'

/** The trail above a city's pages (Home › Local services › {City} › {Service}); the last item is the page itself. */
export function Breadcrumbs({ items, lang }: { items: readonly { name: string; href: string }[]; lang: Lang }) {
  return (
    <nav aria-label={lang === 'fr' ? 'Fil d’Ariane' : 'Breadcrumb'} className="text-sm text-brand-50" data-breadcrumbs="">
      <ol className="flex flex-wrap gap-x-2 gap-y-1">
        {items.map((item, i) => (
          <li key={item.href} className="flex items-center gap-x-2">
            {i > 0 && <span aria-hidden="true">›</span>}
            {i === items.length - 1 ? (
              <a href={item.href} aria-current="page" className="inline-block py-1 text-white">
                {item.name}
              </a>
            ) : (
              <a href={item.href} className="inline-block py-1 text-white underline">
                {item.name}
              </a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
