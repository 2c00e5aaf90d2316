import type { Lang } from '../i18n/lang'
import type { LocalSite } from './data'
import { EmailLink, PhoneLink } from './ui'

const COPY = {
  en: { contact: (city: string) => `Contact Us in ${city}`, call: 'Call:', email: 'Email:' },
  fr: { contact: (city: string) => `Nous joindre à ${city}`, call: 'Téléphone\u00a0:', email: 'Courriel\u00a0:' },
} satisfies Record<Lang, Record<string, unknown>>

/**
 * 'Contact Us in {city}' with the phone as a `tel:` link, and the e-mail where asked (the second city-service scheme,
 * docs/spec.md §2): the card above the quote form on a city's hub and its city-service pages. `headingId` names the
 * aside it heads.
 */
export function CityContact({
  city,
  site,
  lang,
  headingId,
  withEmail = false,
}: {
  city: string
  site: LocalSite
  lang: Lang
  headingId: string
  withEmail?: boolean
}) {
  const copy = COPY[lang]
  return (
    <div className="rounded-2xl bg-brand-50 p-6">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {copy.contact(city)}
      </h2>
      <p className="mt-3 text-slate-700">
        {copy.call} <PhoneLink phone={site.phone} />
      </p>
      {withEmail && (
        <p className="mt-1 text-slate-700">
          {copy.email} <EmailLink email={site.email} />
        </p>
      )}
    </div>
  )
}
