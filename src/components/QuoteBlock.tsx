import type { Lang } from '../i18n/lang'
import type { QuoteFormData } from './data'
import { QuoteForm } from './QuoteForm'
import { STATIC_PATHS } from '../urls/routes'
import type { Trust } from '../catalog/site'
import { TrustFacts } from './TrustFacts'

const COPY = {
  en: {
    heading: 'Request Your Free Quote',
    note: 'We reply within 24 hours. Fields marked * are required.',
    privacy: 'We use your details only to answer your request:',
    privacyLink: 'see our privacy notice',
  },
  fr: {
    heading: 'Demandez votre soumission gratuite',
    note: 'Nous répondons en 24 heures. Les champs marqués d’un * sont obligatoires.',
    privacy: 'Vos renseignements servent uniquement à répondre à votre demande :',
    privacyLink: 'consultez notre politique de confidentialité',
  },
} satisfies Record<Lang, Record<string, string>>

/** The id of a page's quote block: the sticky bar's 'Free quote' jumps to it. */
export const QUOTE_BLOCK_ID = 'request-quote'

/**
 * The embedded quote form in its card. `data-quote-island` is where the page's script attaches. `city`: the slug of the
 * page's city (city pages and hubs), and `cityName` its name (the confirmation of a request sent names it); a form
 * without a city asks for the place ("City or ZIP"). The page's service is the form's (`quote.serviceSlug`). Below the
 * form, the company's credentials as site.yaml states them (`trust`; none: nothing).
 */
export function QuoteBlock({
  quote,
  lang,
  page,
  city,
  cityName,
  heading,
  trust,
}: {
  quote: QuoteFormData
  trust: Trust
  lang: Lang
  page: string
  city?: string
  cityName?: string
  heading?: string
}) {
  const copy = COPY[lang]
  const { action, choices, preselected, serviceSlug } = quote
  return (
    <div id={QUOTE_BLOCK_ID} className="rounded-2xl bg-white p-6 text-slate-800 shadow-xl ring-1 ring-slate-200 md:p-8">
      <h2 className="text-2xl font-bold text-slate-900">{heading ?? copy.heading}</h2>
      <p className="mt-1 text-sm text-slate-600">{copy.note}</p>
      <div className="mt-6" data-quote-island="" data-preselected={preselected ?? ''} data-lang={lang} data-city-name={cityName}>
        <QuoteForm lang={lang} action={action} page={page} city={city} serviceSlug={serviceSlug} askPlace={!city} choices={choices} preselected={preselected} />
      </div>
      <p className="mt-3 text-sm text-slate-600" data-quote-privacy="">
        {copy.privacy}{' '}
        <a href={STATIC_PATHS[lang].privacy} className="font-medium text-brand-700 underline">
          {copy.privacyLink}
        </a>
        .
      </p>
      <TrustFacts trust={trust} lang={lang} look="strip" />
    </div>
  )
}
