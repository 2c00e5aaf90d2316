import type { Catalogue } from '../catalog/index'
import { QuoteBlock } from '../components/QuoteBlock'
import { ServiceCard } from '../components/ServiceCard'
import { Testimonials } from '../components/Testimonials'
import { ButtonLink, CheckList, container, telHref } from '../components/ui'

export function HomePage({ catalogue }: { catalogue: Catalogue }) {
  const { site, services } = catalogue
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className={`${container} py-20 md:py-28`}>
          <p className="font-semibold uppercase tracking-wide text-brand-100">Eco-friendly cleaning · {site.coverage}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold leading-tight md:text-6xl">Professional Janitorial &amp; Cleaning Services</h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-50">
            Spotless offices, clinics, stores and homes, cleaned by trained, insured crews with eco-friendly products. Available 24/7 with emergency support, and a reply to every quote request within 24 hours.
          </p>
          <div className="mt-8 flex flex-col gap-4 sm:flex-row">
            <ButtonLink href="/quote" variant="light">Get Free Estimate</ButtonLink>
            <ButtonLink href="/local-services" variant="outline">Find Local Services</ButtonLink>
          </div>
        </div>
      </section>

      <section className={`${container} py-16`} aria-labelledby="intro-heading">
        <div className="grid items-center gap-10 md:grid-cols-2">
          <div>
            <h2 id="intro-heading" className="text-3xl font-bold text-slate-900">Cleaning you can count on, from one office to a hundred sites</h2>
            <p className="mt-4 text-slate-700">
              {site.company} keeps businesses and homes across the USA and Canada clean, safe and healthy. We build a cleaning plan around your building, your hours and your budget, then send the same trained crew every visit so standards never slip.
            </p>
          </div>
          <CheckList items={['Eco-friendly, Green Seal certified products', 'Trained, background-checked and insured staff', 'Flexible scheduling: nights, weekends, 24/7', 'Emergency support around the clock']} />
        </div>
      </section>

      <section className="bg-slate-50 py-16" aria-labelledby="services-heading">
        <div className={container}>
          <h2 id="services-heading" className="text-center text-3xl font-bold text-slate-900">Our Services</h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">Sixteen specialised services for commercial and residential properties.</p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-service-cards="">
            {services.map((s) => (
              <ServiceCard key={s.slug} service={s} />
            ))}
          </ul>
        </div>
      </section>

      <Testimonials testimonials={site.testimonials} />

      <section className={`${container} py-12 text-center`}>
        <h2 className="text-2xl font-bold text-slate-900">Have a question before you book?</h2>
        <p className="mt-2 text-slate-600">Our team answers every message within 24 hours.</p>
        <div className="mt-6">
          <ButtonLink href="/contact">Contact Us Today</ButtonLink>
        </div>
      </section>

      <section className="bg-brand-800 py-16 text-white" aria-labelledby="cta-heading">
        <div className={`${container} grid gap-10 lg:grid-cols-2`}>
          <div>
            <h2 id="cta-heading" className="text-3xl font-bold">Get a free, no-obligation estimate</h2>
            <p className="mt-4 text-brand-50">Tell us about your space and we will send a detailed quote within 24 hours.</p>
            <p className="mt-8 text-lg">Call us: <a href={telHref(site.phone)} className="whitespace-nowrap font-bold underline">{site.phone}</a></p>
            <p className="mt-2">Serving: <strong>{site.coverage}</strong></p>
          </div>
          <QuoteBlock catalogue={catalogue} page="/" />
        </div>
      </section>
    </>
  )
}
