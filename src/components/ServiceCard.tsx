import type { ServiceSummary } from './data'
import type { Lang } from '../i18n/lang'
import { servicePath } from '../urls/paths'

const COPY = {
  en: { more: 'Learn More', about: (title: string) => `Learn More about ${title}` },
  fr: { more: 'En savoir plus', about: (title: string) => `En savoir plus sur ${title}` },
} satisfies Record<Lang, Record<string, unknown>>

/**
 * A home page card. The whole description is in the page (screen readers read it all); the card shows its first
 * lines, so that the home page stays short on a phone, and 'Learn More' leads to the rest.
 */
export function ServiceCard({ service, lang }: { service: ServiceSummary; lang: Lang }) {
  const copy = COPY[lang]
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:p-6">
      <div className="flex items-center gap-3 sm:block">
        <span aria-hidden="true" className="text-3xl sm:text-4xl">
          {service.icon}
        </span>
        <h3 className="text-lg font-semibold text-slate-900 sm:mt-4">{service.title}</h3>
      </div>
      <p className="mt-2 line-clamp-2 flex-1 text-sm text-slate-600 sm:line-clamp-3 lg:line-clamp-5" data-card-description="">
        {service.description}
      </p>
      <a href={servicePath(service.slug, lang)} className="mt-3 font-semibold text-brand-700 hover:text-brand-800" aria-label={copy.about(service.title)}>
        {copy.more} <span aria-hidden="true">→</span>
      </a>
    </li>
  )
}
