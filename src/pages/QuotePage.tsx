import type { LocalSite } from '../components/data'
import { FinderLink } from '../components/FinderLink'
import { QuoteBlock } from '../components/QuoteBlock'
import { CheckList, PageHero, Steps, container, telHref } from '../components/ui'
import type { Lang } from '../i18n/lang'
import type { QuoteFormData } from '../components/data'

/** docs/spec.md §2: the five steps of 'What to Expect'. */
const WHAT_TO_EXPECT = {
  en: [
    'Submit the form with a few details about your space.',
    'We contact you within 24 hours.',
    'Optional on-site consultation to walk the space with you.',
    'You receive a detailed, itemized quote.',
    'We schedule service at a time that suits you.',
  ],
  fr: [
    'Remplissez le formulaire avec quelques détails sur vos lieux.',
    'Nous communiquons avec vous en 24 heures.',
    'Au besoin, nous visitons les lieux avec vous.',
    'Vous recevez une soumission détaillée, poste par poste.',
    'Nous planifions le service au moment qui vous convient.',
  ],
} as const satisfies Record<Lang, readonly string[]>

const COPY = {
  en: {
    title: 'Get Your Free Quote',
    /** Followed by the city's name: "Get Your Free Quote for Boise". */
    forCity: ' for ',
    lead: 'No obligation, no pressure: a clear price for the cleaning you need.',
    why: 'Why Request a Quote?',
    points: ['Free and without obligation', 'A reply within 24 hours', 'Pricing tailored to your space and schedule', 'Eco-friendly products at no extra cost'],
    expect: 'What to Expect',
    call: 'Prefer to Call?',
    callAt: 'Call us at',
    always: ', 24/7.',
  },
  fr: {
    title: 'Obtenez votre soumission gratuite',
    forCity: ' pour ',
    lead: 'Sans engagement ni pression\u00a0: un prix clair pour l’entretien dont vous avez besoin.',
    why: 'Pourquoi demander une soumission\u00a0?',
    points: [
      'Gratuite et sans engagement',
      'Une réponse en 24 heures',
      'Un prix adapté à vos lieux et à votre horaire',
      'Des produits écologiques sans frais supplémentaires',
    ],
    expect: 'À quoi vous attendre',
    call: 'Vous préférez appeler\u00a0?',
    callAt: 'Appelez-nous au',
    always: ', 24 heures sur 24.',
  },
} satisfies Record<Lang, Record<string, unknown>>

/**
 * The quote page. Reached from a city page's 'Get Free Estimate in {city}', its script (src/client/quotePlace.ts) reads
 * the city and service of the link: it fills in the heading's "for {city}" and preselects the service, using the
 * choice of each service given here.
 */
export function QuotePage({
  site,
  quote,
  choiceOf,
  lang,
  path,
}: {
  site: LocalSite
  quote: QuoteFormData
  choiceOf: Readonly<Record<string, string>>
  lang: Lang
  path: string
}) {
  const copy = COPY[lang]
  return (
    <>
      <PageHero>
        <h1 className="text-4xl font-extrabold md:text-5xl">
          {copy.title}
          {/* Empty, so nothing shows, until the page's script writes " for {city}" into it. */}
          <span data-quote-for={copy.forCity} data-quote-choices={JSON.stringify(choiceOf)} />
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-50">{copy.lead}</p>
      </PageHero>
      <section className={`${container} grid gap-12 py-16 lg:grid-cols-2`}>
        <div className="space-y-10">
          <div>
            <h2 className="text-2xl font-bold text-slate-900">{copy.why}</h2>
            <div className="mt-4">
              <CheckList items={copy.points} />
            </div>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-slate-900">{copy.expect}</h2>
            <div className="mt-4">
              <Steps items={WHAT_TO_EXPECT[lang]} />
            </div>
          </div>
          <div className="rounded-xl bg-brand-50 p-6">
            <h2 className="text-xl font-bold text-slate-900">{copy.call}</h2>
            <p className="mt-2 text-slate-700">
              {copy.callAt}{' '}
              <a href={telHref(site.phone)} className="whitespace-nowrap font-bold text-brand-700 underline">
                {site.phone}
              </a>
              {copy.always}
            </p>
            <FinderLink lang={lang} className="mt-3 text-slate-700" />
          </div>
        </div>
        <QuoteBlock trust={site.trust} quote={quote} lang={lang} page={path} />
      </section>
    </>
  )
}
