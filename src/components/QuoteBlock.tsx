import type { Catalogue } from '../catalog/index'
import { QuoteForm } from './QuoteForm'

/** The embedded quote form in its card. `data-quote-island` is where the page's script attaches. */
export function QuoteBlock({ catalogue, page, preselected, heading = 'Request Your Free Quote' }: { catalogue: Catalogue; page: string; preselected?: string; heading?: string }) {
  return (
    <div className="rounded-2xl bg-white p-6 text-slate-800 shadow-xl ring-1 ring-slate-200 md:p-8">
      <h2 className="text-2xl font-bold text-slate-900">{heading}</h2>
      <p className="mt-1 text-sm text-slate-600">We reply within 24 hours. Fields marked * are required.</p>
      <div className="mt-6" data-quote-island="" data-preselected={preselected ?? ''}>
        <QuoteForm choices={catalogue.site.quoteServiceChoices} preselected={preselected} page={page} />
      </div>
    </div>
  )
}
