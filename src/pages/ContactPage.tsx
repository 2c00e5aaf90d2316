import type { Catalogue } from '../catalog/index'
import { QuoteBlock } from '../components/QuoteBlock'
import { CheckList, PageHero, container } from '../components/ui'

export function ContactPage({ catalogue }: { catalogue: Catalogue }) {
  const { site } = catalogue
  return (
    <>
      <PageHero>
        <h1 className="text-4xl font-extrabold md:text-5xl">Contact Us</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-50">Questions, quotes or an urgent clean-up: we are here 24/7.</p>
      </PageHero>
      <section className={`${container} grid gap-12 py-16 lg:grid-cols-2`}>
        <div className="space-y-10">
          <div>
            <h2 className="text-2xl font-bold text-slate-900">Get in Touch</h2>
            <p className="mt-3 text-slate-700">
              Email: <a href={`mailto:${site.email}`} className="font-semibold text-brand-700 underline wrap-anywhere">{site.email}</a>
            </p>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-slate-900">Service Area</h2>
            <p className="mt-3 text-slate-700">We serve businesses and homes across the continental United States and Canada.</p>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-slate-900">Why Work With Us</h2>
            <div className="mt-4">
              <CheckList items={['Free quotes with a reply within 24 hours', 'Eco-friendly products and methods', 'Trained, insured and background-checked staff', 'Flexible scheduling around your hours']} />
            </div>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-slate-900">Business Hours</h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-700">
              <dt className="font-semibold">Service</dt>
              <dd>24/7</dd>
              <dt className="font-semibold">Emergency support</dt>
              <dd>24/7</dd>
            </dl>
          </div>
        </div>
        <QuoteBlock catalogue={catalogue} heading="Send Us a Message" />
      </section>
    </>
  )
}
