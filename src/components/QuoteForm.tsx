import { quoteFormAction } from '../quote/endpoint'

/**
 * The quote form (SPEC §4, §5). Rendered to HTML on every page that embeds it; the page's client
 * script attaches the sending behaviour. Inputs are uncontrolled, so anything typed before the
 * script loads is kept. Without the script it is still a working form: it posts (never GET, which
 * would put the visitor's details in the URL) to the function, which answers with the thank-you page.
 */
/** The honeypot field's name; the send-contact-email function stores a filled one as spam. */
export const HONEYPOT_FIELD = 'company_website'

export interface QuoteFormProps {
  choices: readonly string[]
  /** The choice preselected on service and city pages. */
  preselected?: string
  /** Path of the page the form is on, sent with a post made without JavaScript. */
  page: string
  sending?: boolean
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void
}

const field = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 disabled:bg-slate-100'
const label = 'block text-sm font-medium text-slate-700'

export function QuoteForm({ choices, preselected = '', page, sending = false, onSubmit }: QuoteFormProps) {
  const required = <span aria-hidden="true" className="text-red-700"> *</span>
  return (
    <form method="post" action={quoteFormAction()} className="relative space-y-4" data-quote-form="" onSubmit={onSubmit} aria-busy={sending}>
      <input type="hidden" name="page" value={page} disabled={sending} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="quote-name" className={label}>Name{required}</label>
          <input id="quote-name" name="name" type="text" required maxLength={100} autoComplete="name" disabled={sending} className={field} />
        </div>
        <div>
          <label htmlFor="quote-email" className={label}>Email{required}</label>
          <input id="quote-email" name="email" type="email" required maxLength={254} autoComplete="email" disabled={sending} className={field} />
        </div>
        <div>
          <label htmlFor="quote-phone" className={label}>Phone</label>
          <input id="quote-phone" name="phone" type="tel" maxLength={40} autoComplete="tel" disabled={sending} className={field} />
        </div>
        <div>
          <label htmlFor="quote-service" className={label}>Service</label>
          <select id="quote-service" name="service" defaultValue={preselected} disabled={sending} className={field}>
            <option value="">Select a service</option>
            {choices.map((c) => (
              <option key={c} value={c}>{c}</option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor="quote-message" className={label}>Message</label>
        <textarea id="quote-message" name="message" rows={4} maxLength={5000} disabled={sending} className={field} />
      </div>
      {/* Honeypot: off-screen, hidden from screen readers and out of the tab order; only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="quote-website">Leave this field empty</label>
        <input id="quote-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button type="submit" disabled={sending} className="w-full rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70 sm:w-auto">
        {sending ? 'Sending...' : 'Send Request'}
      </button>
    </form>
  )
}
