import { FORM_TEXTS, HONEYPOT_FIELD, LIMITS } from '../../supabase/functions/_shared/quoteContract'
import type { Lang } from '../i18n/lang'

/**
 * The quote form (docs/spec.md §4, §5). Rendered to HTML on every page that embeds it; the page's client
 * script attaches the sending behaviour. Inputs are uncontrolled, so anything typed before the
 * script loads is kept. Its words are the contract's (FORM_TEXTS): the function's page for a refused post shows them too.
 */

export interface QuoteFormProps {
  lang: Lang
  /** Where the form posts when its script is not running (src/quote/endpoint.ts). */
  action: string
  /** The path of the page the form is on: sent with the request. */
  page: string
  /**
   * The catalogue slugs of the page's city and service (a city page: both; a service page: the service), sent with the
   * request; on the quote page its script fills them in from the link of the city page that led there.
   */
  city?: string
  serviceSlug?: string
  /**
   * A form that does not know its place (quote, contact, home and service pages; not city pages and hubs) asks for it: the
   * optional "City or ZIP" (`place`), with the hidden `nearCity` and `nearKm` the quote page's script fills in from the
   * finder's link.
   */
  askPlace?: boolean
  /** The hidden near fields' values (the island keeps them: src/client/quotePlace.ts). */
  nearCity?: string
  nearKm?: string
  onPlaceInput?: (event: React.FormEvent<HTMLInputElement>) => void
  choices: readonly string[]
  /** The choice preselected on service and city pages. */
  preselected?: string
  sending?: boolean
  /** Hidden while the island shows the confirmation of a request sent. */
  hidden?: boolean
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void
}

const field = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 disabled:bg-slate-100'
const label = 'block text-sm font-medium text-slate-700'

export function QuoteForm({
  lang,
  action,
  page,
  city = '',
  serviceSlug = '',
  askPlace = false,
  nearCity = '',
  nearKm = '',
  onPlaceInput,
  choices,
  preselected = '',
  sending = false,
  hidden = false,
  onSubmit,
}: QuoteFormProps) {
  const copy = FORM_TEXTS[lang]
  const required = (
    <span aria-hidden="true" className="text-red-700">
      {' '}
      *
    </span>
  )
  return (
    // method="post": without JavaScript the form still sends the request, in the body, never in the URL.
    // A container: its fields go two by two only where the form itself is wide (not in a page's side column at 1366 px,
    // where two columns clipped the service's choice to "Select a servi").
    <form className="@container relative space-y-4" data-quote-form="" method="post" action={action} onSubmit={onSubmit} aria-busy={sending} hidden={hidden}>
      <input type="hidden" name="page" value={page} disabled={sending} />
      <input type="hidden" name="lang" value={lang} disabled={sending} />
      <input type="hidden" name="city" value={city} disabled={sending} />
      <input type="hidden" name="serviceSlug" value={serviceSlug} disabled={sending} />
      {askPlace && (
        <>
          <input type="hidden" name="nearCity" value={nearCity} disabled={sending} />
          <input type="hidden" name="nearKm" value={nearKm} disabled={sending} />
        </>
      )}
      <div className="grid gap-4 @lg:grid-cols-2">
        <div>
          <label htmlFor="quote-name" className={label}>
            {copy.name}
            {required}
          </label>
          <input id="quote-name" name="name" type="text" required maxLength={LIMITS.name} autoComplete="name" disabled={sending} className={field} />
        </div>
        <div>
          <label htmlFor="quote-email" className={label}>
            {copy.email}
            {required}
          </label>
          <input id="quote-email" name="email" type="email" required maxLength={LIMITS.email} autoComplete="email" disabled={sending} className={field} />
        </div>
        <div>
          <label htmlFor="quote-phone" className={label}>
            {copy.phone}
          </label>
          <input id="quote-phone" name="phone" type="tel" maxLength={LIMITS.phone} autoComplete="tel" disabled={sending} className={field} />
        </div>
        <div>
          <label htmlFor="quote-service" className={label}>
            {copy.service}
          </label>
          <select id="quote-service" name="service" defaultValue={preselected} disabled={sending} className={field}>
            <option value="">{copy.select}</option>
            {choices.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </div>
      {askPlace && (
        <div>
          <label htmlFor="quote-place" className={label}>
            {copy.place}
          </label>
          <input id="quote-place" name="place" type="text" maxLength={LIMITS.place} disabled={sending} onInput={onPlaceInput} className={field} />
        </div>
      )}
      <div>
        <label htmlFor="quote-message" className={label}>
          {copy.message}
        </label>
        <textarea id="quote-message" name="message" rows={4} maxLength={LIMITS.message} disabled={sending} className={field} />
      </div>
      {/* Honeypot: off-screen, hidden from screen readers and out of the tab order; only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="quote-website">{copy.honeypot}</label>
        <input id="quote-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button
        type="submit"
        disabled={sending}
        className="w-full rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70 sm:w-auto"
      >
        {sending ? copy.sending : copy.send}
      </button>
    </form>
  )
}
