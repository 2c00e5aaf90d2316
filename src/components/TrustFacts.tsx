import type { Trust } from '../catalog/site'
import type { Lang } from '../i18n/lang'

const LOCALE: Record<Lang, string> = { en: 'en-US', fr: 'fr-CA' }

const COPY = {
  en: {
    heading: 'Our credentials',
    founded: (year: number) => `In business since ${year}`,
    liability: (amount: string) => `General liability insurance: ${amount} per occurrence`,
    bonded: 'Bonded',
    license: (name: string, number: string, issuer: string) => `${name} No.\u00a0${number} (${issuer})`,
    certification: (name: string, body: string, number: string) => `Certified by ${body}: ${name}, No.\u00a0${number}`,
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

/** One line of the credentials; `number`, a license's or certification's number, which it contains. */
interface TrustFact {
  text: string
  number?: string
}

/**
 * What the company states in site.yaml's `trust` block, one line each, in the page's language; nothing for a field left
 * empty, so that no page claims what the data does not say.
 */
export function trustFacts(trust: Trust, lang: Lang): TrustFact[] {
  const copy = COPY[lang]
  const facts: TrustFact[] = []
  if (trust.founded !== undefined) facts.push({ text: copy.founded(trust.founded) })
  const liability = trust.insurance?.liability
  if (liability) {
    const amount = new Intl.NumberFormat(LOCALE[lang], { style: 'currency', currency: liability.currency, currencyDisplay: 'symbol', maximumFractionDigits: 0 })
    facts.push({ text: copy.liability(amount.format(liability.amount)) })
  }
  if (trust.insurance?.bonded === true) facts.push({ text: copy.bonded })
  for (const l of trust.licenses ?? []) facts.push({ text: copy.license(lang === 'fr' ? (l.nameFr ?? l.name) : l.name, l.number, l.issuer), number: l.number })
  for (const c of trust.certifications ?? [])
    facts.push({ text: copy.certification(lang === 'fr' ? (c.nameFr ?? c.name) : c.name, c.body, c.number), number: c.number })
  return facts
}

/** A fact's text, its number on one line: a buyer reads or copies "5678-1234-01" whole, not broken at a hyphen. */
function FactText({ fact }: { fact: TrustFact }) {
  const at = fact.number ? fact.text.indexOf(fact.number) : -1
  if (at < 0) return <span>{fact.text}</span>
  return (
    <span>
      {fact.text.slice(0, at)}
      <span className="whitespace-nowrap">{fact.number}</span>
      {fact.text.slice(at + fact.number!.length)}
    </span>
  )
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
      item: 'flex gap-2',
    },
    // In columns, down the first then the second, each line under the one before: in a grid's rows, a line beside a
    // longer one had a gap under it.
    section: {
      box: 'rounded-2xl bg-slate-50 p-6 md:p-8',
      heading: 'text-2xl font-bold text-slate-900',
      list: 'mt-4 gap-8 text-slate-700 sm:columns-2',
      item: 'flex gap-2 break-inside-avoid pb-2',
    },
    footer: { box: 'mt-4', heading: 'text-sm font-semibold text-white', list: 'mt-1 space-y-1 text-sm', item: 'flex gap-2' },
  }[look]
  const Heading = look === 'section' ? 'h2' : 'h3'
  return (
    // A box with a heading, not a landmark: the same list is under the form and in the footer of a page, and two
    // landmarks of the same name are a fault for screen readers (axe, html-validate).
    <div className={styles.box} data-trust={look}>
      <Heading className={styles.heading}>{copy.heading}</Heading>
      <ul className={styles.list}>
        {facts.map((fact) => (
          <li key={fact.text} className={styles.item}>
            <span aria-hidden="true" className={look === 'footer' ? 'text-brand-100' : 'text-brand-700'}>
              ✓
            </span>
            <FactText fact={fact} />
          </li>
        ))}
      </ul>
    </div>
  )
}
