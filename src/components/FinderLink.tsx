import type { Lang } from '../i18n/lang'
import { finderHref } from './Header'

const COPY = {
  en: { served: 'Is your town served?', find: 'Find it by name, ZIP or postal code' },
  fr: { served: 'Votre municipalité est-elle desservie\u00a0?', find: 'Cherchez-la par son nom, son code postal ou son code ZIP' },
} satisfies Record<Lang, Record<string, string>>

/** A line that leads to the city finder (`/local-services#find`), for the pages without one. */
export function FinderLink({ lang, className = '' }: { lang: Lang; className?: string }) {
  const copy = COPY[lang]
  return (
    <p className={className}>
      {copy.served}{' '}
      <a href={finderHref(lang)} className="font-semibold text-brand-700 underline" data-finder-link="">
        {copy.find}
      </a>
    </p>
  )
}
