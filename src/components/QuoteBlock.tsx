import type { Lang } from '../i18n/lang'
import type { QuoteFormData } from './data'
import { QuoteForm } from './QuoteForm'

const COPY = {
  en: { heading: 'Request Your Free Quote', note: 'We reply within 24 hours. Fields marked * are required.' },
  fr: { heading: 'Demandez votre soumission gratuite', note: 'Nous répondons en 24 heures. Les champs marqués d’un * sont obligatoires.' },
} satisfies Record<Lang, Record<string, string>>

/** The id of a page's quote block: the sticky bar's 'Free quote' jumps to it. */
export const QUOTE_BLOCK_ID = 'request-quote'

/** The embedded quote form in its card. `data-quote-island` is where the page's script attaches. */
export function QuoteBlock({ quote, lang, page, heading }: { quote: QuoteFormData; lang: Lang; page: string; heading?: string }) {
  const copy = COPY[lang]
  const { action, choices, preselected } = quote
  return (
    <div id={QUOTE_BLOCK_ID} className="rounded-2xl bg-white p-6 text-slate-800 shadow-xl ring-1 ring-slate-200 md:p-8">
      <h2 className="text-2xl font-bold text-slate-900">{heading ?? copy.heading}</h2>
      <p className="mt-1 text-sm text-slate-600">{copy.note}</p>
      <div className="mt-6" data-quote-island="" data-preselected={preselected ?? ''} data-lang={lang}>
        <QuoteForm lang={lang} action={action} page={page} choices={choices} preselected={preselected} />
      </div>
    </div>
  )
}
