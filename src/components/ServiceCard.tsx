import type { ServiceSummary } from './data'
import type { Lang } from '../i18n/lang'
import { servicePath } from '../urls/paths'

const COPY = {
  en: { more: 'Learn More', about: (title: string) => `Learn More about ${title}` },
  fr: { more: 'En savoir plus', about: (title: string) => `En savoir plus sur ${title}` },
} satisfies Record<Lang, Record<string, unknown>>

export function ServiceCard({ service, lang }: { service: ServiceSummary; lang: Lang }) {
  const copy = COPY[lang]
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <span aria-hidden="true" className="text-4xl">
        {service.icon}
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{service.title}</h3>
      <p className="mt-2 flex-1 text-sm text-slate-600">{service.description}</p>
      <a href={servicePath(service.slug, lang)} className="mt-4 font-semibold text-brand-700 hover:text-brand-800" aria-label={copy.about(service.title)}>
        {copy.more} <span aria-hidden="true">→</span>
      </a>
    </li>
  )
}
