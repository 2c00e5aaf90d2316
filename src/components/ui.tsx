import type { ReactNode } from 'react'

export const container = 'mx-auto max-w-7xl px-4'

/**
 * A page's text beside a column for the quote form (a city's hub and pages, a service's page), under each other below
 * 1024 px. The column is wide enough from 1280 px for the form's service select to show its longest choice whole
 * (« Ménage d’emménagement et de déménagement »: 395 px of text, 448 px of form in the column's 512).
 */
export const withQuoteColumn = 'grid gap-12 py-16 lg:grid-cols-[minmax(0,1fr)_27rem] xl:grid-cols-[minmax(0,1fr)_32rem]'

/** The phone as a tel: link target. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/** The company's phone as a `tel:` link, in the text's links' style (never broken across lines). */
export const PhoneLink = ({ phone }: { phone: string }) => (
  <a href={telHref(phone)} className="whitespace-nowrap font-semibold text-brand-700 underline">
    {phone}
  </a>
)

/** The address with a line-break opportunity after its @: "accounts@<wbr>evergreenjanitorial.com". */
export function emailParts(email: string) {
  const at = email.indexOf('@')
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  )
}

/**
 * The company's e-mail as a `mailto:` link, in the text's links' style. Where the line is too narrow for it, it breaks
 * after its @ ("accounts@evergreenjanitorial.c / om" in a 375 px phone's side box read as a typo), and anywhere only
 * where even the part after the @ is wider than the line.
 */
export const EmailLink = ({ email }: { email: string }) => (
  <a href={`mailto:${email}`} className="font-semibold text-brand-700 underline wrap-anywhere">
    {emailParts(email)}
  </a>
)

/** The credit GeoNames' licence asks for: its name and the licence (CC BY 4.0), each linked. */
export const GeoNamesCredit = () => (
  <>
    <a href="https://www.geonames.org/" className="underline">
      GeoNames
    </a>{' '}
    (
    <a href="https://creativecommons.org/licenses/by/4.0/" className="underline">
      CC BY 4.0
    </a>
    )
  </>
)

export function ButtonLink({ href, children, variant = 'primary' }: { href: string; children: ReactNode; variant?: 'primary' | 'light' | 'outline' }) {
  const styles = {
    primary: 'inline-block bg-brand-700 text-white hover:bg-brand-800',
    // The home hero's pair, side by side in a row that makes them as tall as the bordered one: their words centred in
    // their height, so that they stand level.
    light: 'inline-flex items-center justify-center bg-white text-brand-800 hover:bg-brand-50',
    outline: 'inline-flex items-center justify-center border-2 border-white text-white hover:bg-white/10',
  }[variant]
  return (
    <a href={href} className={`rounded-lg px-6 py-3 text-center font-semibold ${styles}`}>
      {children}
    </a>
  )
}

export function CheckList({ items, columns = false }: { items: readonly string[]; columns?: boolean }) {
  return (
    <ul className={`grid gap-3 ${columns ? 'sm:grid-cols-2' : ''}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <span
            aria-hidden="true"
            className="mt-0.5 flex h-6 w-6 flex-none items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-700"
          >
            ✓
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  )
}

export function Steps({ items }: { items: readonly string[] }) {
  return (
    <ol className="space-y-4">
      {items.map((item, i) => (
        <li key={item} className="flex gap-4">
          <span aria-hidden="true" className="flex h-9 w-9 flex-none items-center justify-center rounded-full bg-brand-700 font-bold text-white">
            {i + 1}
          </span>
          <span className="pt-1.5">{item}</span>
        </li>
      ))}
    </ol>
  )
}

export function Faqs({ items }: { items: readonly { question: string; answer: string }[] }) {
  return (
    <div className="space-y-4">
      {items.map((faq) => (
        <div key={faq.question} className="rounded-lg border border-slate-200 bg-white p-5">
          <h3 className="font-semibold text-slate-900">{faq.question}</h3>
          <p className="mt-2 text-slate-700">{faq.answer}</p>
        </div>
      ))}
    </div>
  )
}

export function PageHero({ children }: { children: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
      <div className={`${container} py-16 md:py-20`}>{children}</div>
    </section>
  )
}
