import { useEffect, useRef } from 'react'
import type { Lang } from '../i18n/lang'

const COPY = {
  en: {
    heading: 'Request sent',
    service: 'Service:',
    place: 'Location:',
    promise: 'We will contact you within 24 hours.',
    again: 'Send another request',
  },
  fr: {
    heading: 'Demande envoyée',
    service: 'Service\u00a0:',
    place: 'Lieu\u00a0:',
    promise: 'Nous communiquerons avec vous dans les 24 heures.',
    again: 'Envoyer une autre demande',
  },
} satisfies Record<Lang, Record<string, string>>

/**
 * What stays where the quote form was once a request is sent (the island shows it; the spec's success toast comes and
 * goes): what was sent, the service and the place, and the 24-hour promise (docs/spec.md §1). Its heading takes the
 * focus, so that screen readers read it and the keyboard goes on from there; 'Send another request' shows the form again.
 */
export function QuoteSent({ lang, service, place, onAgain }: { lang: Lang; service: string; place: string; onAgain: () => void }) {
  const copy = COPY[lang]
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <div className="rounded-xl bg-brand-50 p-6 text-slate-800" data-quote-sent="">
      <h3 ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900">
        <span aria-hidden="true">✓ </span>
        {copy.heading}
      </h3>
      {service && (
        <p className="mt-3">
          <span className="font-semibold">{copy.service}</span> {service}
        </p>
      )}
      {place && (
        <p className="mt-1">
          <span className="font-semibold">{copy.place}</span> {place}
        </p>
      )}
      <p className="mt-3">{copy.promise}</p>
      <button
        type="button"
        onClick={onAgain}
        className="mt-4 rounded-lg border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-100"
      >
        {copy.again}
      </button>
    </div>
  )
}
