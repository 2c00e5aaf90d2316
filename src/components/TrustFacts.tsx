import type { Trust } from '../catalog/site'
import type { Lang } from '../i18n/lang'

const LOCALE: Record<Lang, string> = { en: 'en-US', fr: 'fr-CA' }

const COPY = {
  en: {
    heading: 'Our credentials',
    founded: (year: number) => `In business since ${year}`,
    liability: (amount: string) => `General liability insurance: ${amount} per occurrence`,
    bonded: 'Bonded',
    license: (name: string, number: string, issuer: string) => `${name} No. ${number} (${issuer})`,
    certification: (name: string, body: string, number: string) => `Certified by ${body}: ${name}, No. ${number}`,
  },
  fr: {
    heading: 'Nos attestations',
    founded: (year: number) => `En affaires depuis ${year}`,
    liability: (amount: string) => `Assurance responsabilité civile\u00a0: ${amount} par sinistre`,
    bonded: 'Entreprise cautionnée',
    license: (name: string, number: string, issuer: string) => `${name} nº\u00a0${number} (${issuer})`,
    certification: (name: string, body: string, number: string) => `Certification ${body}\u00a0: ${name}, nº\u00a0${number}`,
  },
} satisfies Record<Lang, Record<string, unknown>>

/**
 * What the company states in site.yaml's `trust` block, one line each, in the page's language; nothing for a field left
 * empty, so that no page claims what the data does not say.
 */
export function trustFacts(trust: Trust, lang: Lang): string[] {
  const copy = COPY[lang]
  const facts: string[] = []
  if (trust.founded !== undefined) facts.push(copy.founded(trust.founded))
  const liability = trust.insurance?.liability
  if (liability) {
    const amount = new Intl.NumberFormat(LOCALE[lang], { style: 'currency', currency: liability.currency, currencyDisplay: 'symbol', maximumFractionDigits: 0 })
    facts.push(copy.liability(amount.format(liability.amount)))
  }
  if (trust.insurance?.bonded === true) facts.push(copy.bonded)
  for (const l of trust.licenses ?? []) facts.push(copy.license(lang === 'fr' ? (l.nameFr ?? l.name) : l.name, l.number, l.issuer))
  for (const c of trust.certifications ?? []) facts.push(copy.certification(lang === 'fr' ? (c.nameFr ?? c.name) : c.name, c.body, c.number))
  return facts
}

/**
 * The company's credentials where a buyer looks for them: beside the quote forms (`strip`), on the About page (`section`),
 * in the footer (`footer`). Renders nothing when site.yaml states none.
 */
export function TrustFacts({ trust, lang, look }: { trust: Trust; lang: Lang; look: 'strip' | 'section' | 'footer' }) {
  const facts = trustFacts(trust, lang)
  if (facts.length === 0) return null
  const copy = COPY[lang]
  const styles = {
    strip: {
      box: 'mt-6 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100',
      heading: 'text-sm font-semibold text-slate-900',
      list: 'mt-2 space-y-1 text-sm text-slate-700',
    },
    section: { box: 'rounded-2xl bg-slate-50 p-6 md:p-8', heading: 'text-2xl font-bold text-slate-900', list: 'mt-4 grid gap-2 text-slate-700 sm:grid-cols-2' },
    footer: { box: 'mt-4', heading: 'text-sm font-semibold text-white', list: 'mt-1 space-y-1 text-sm' },
  }[look]
  const Heading = look === 'section' ? 'h2' : 'h3'
  return (
    // A box with a heading, not a landmark: the same list is under the form and in the footer of a page, and two
    // landmarks of the same name are a fault for screen readers (axe, html-validate).
    <div className={styles.box} data-trust={look}>
      <Heading className={styles.heading}>{copy.heading}</Heading>
      <ul className={styles.list}>
        {facts.map((fact) => (
          <li key={fact} className="flex gap-2">
            <span aria-hidden="true" className={look === 'footer' ? 'text-brand-100' : 'text-brand-700'}>
              ✓
            </span>
            <span>{fact}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
