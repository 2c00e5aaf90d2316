import type { Service } from '../catalog/index'
import type { Lang } from '../i18n/lang'
import { servicePath } from '../urls/paths'

const COPY = {
  en: { more: 'Learn More', about: (title: string) => `Learn More about ${title}` },
  fr: { more: 'En savoir plus', about: (title: string) => `En savoir plus sur ${title}` },
} satisfies Record<Lang, Record<string, unknown>>

export function ServiceCard({ service, lang }: { service: Service; lang: Lang }) {
  const copy = COPY[lang]
  const text = lang === 'fr' ? service.fr : service
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <span aria-hidden="true" className="text-4xl">{service.icon}</span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{text.title}</h3>
      <p className="mt-2 flex-1 text-sm text-slate-600">{text.description}</p>
      <a href={lang === 'fr' ? servicePath(service.fr.slug, 'fr') : servicePath(service.slug)} className="mt-4 font-semibold text-brand-700 hover:text-brand-800" aria-label={copy.about(text.title)}>
        {copy.more} <span aria-hidden="true">→</span>
      </a>
    </li>
  )
}
