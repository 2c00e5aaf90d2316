import type { Catalogue } from '../catalog/index'
import { QuoteBlock } from '../components/QuoteBlock'
import { CheckList, PageHero, Steps, container, telHref } from '../components/ui'

export const WHAT_TO_EXPECT = [
  'Submit the form with a few details about your space.',
  'We contact you within 24 hours.',
  'Optional on-site consultation to walk the space with you.',
  'You receive a detailed, itemised quote.',
  'We schedule service at a time that suits you.',
] as const

export function QuotePage({ catalogue }: { catalogue: Catalogue }) {
  const { site } = catalogue
  return (
    <>
      <PageHero>
        <h1 className="text-4xl font-extrabold md:text-5xl">Get Your Free Quote</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-50">No obligation, no pressure: a clear price for the cleaning you need.</p>
      </PageHero>
      <section className={`${container} grid gap-12 py-16 lg:grid-cols-2`}>
        <div className="space-y-10">
          <div>
            <h2 className="text-2xl font-bold text-slate-900">Why Request a Quote?</h2>
            <div className="mt-4">
              <CheckList items={['Free and without obligation', 'A reply within 24 hours', 'Pricing tailored to your space and schedule', 'Eco-friendly products at no extra cost']} />
            </div>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-slate-900">What to Expect</h2>
            <div className="mt-4">
              <Steps items={WHAT_TO_EXPECT} />
            </div>
          </div>
          <div className="rounded-xl bg-brand-50 p-6">
            <h2 className="text-xl font-bold text-slate-900">Prefer to Call?</h2>
            <p className="mt-2 text-slate-700">
              Call us at <a href={telHref(site.phone)} className="whitespace-nowrap font-bold text-brand-700 underline">{site.phone}</a>, 24/7.
            </p>
          </div>
        </div>
        <QuoteBlock catalogue={catalogue} page="/quote" />
      </section>
    </>
  )
}
