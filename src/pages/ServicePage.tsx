import type { Catalogue, Service } from '../catalog/index'
import { AvailableIn } from '../components/AvailableIn'
import { QuoteBlock } from '../components/QuoteBlock'
import { ServiceDetails } from '../components/ServiceDetails'
import { ButtonLink, container } from '../components/ui'

export function ServicePage({ service, catalogue }: { service: Service; catalogue: Catalogue }) {
  const { site } = catalogue
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className={`${container} py-16`}>
          <span aria-hidden="true" className="text-6xl">{service.icon}</span>
          <h1 className="mt-4 text-4xl font-extrabold md:text-5xl">{service.title}</h1>
          <p className="mt-3 text-xl text-brand-50">{service.subtitle}</p>
        </div>
      </section>
      <div className={`${container} grid gap-12 py-16 lg:grid-cols-3`}>
        <div className="space-y-14 lg:col-span-2">
          <section>
            <h2 className="text-3xl font-bold text-slate-900">About This Service</h2>
            <p className="mt-4 text-lg text-slate-700">{service.description}</p>
            <div className="mt-6">
              <ButtonLink href="/quote">Get Free Estimate</ButtonLink>
            </div>
          </section>
          <ServiceDetails service={service} city={null} />
        </div>
        <aside className="space-y-6" aria-labelledby="get-started-heading">
          <div className="rounded-2xl bg-brand-50 p-6">
            <h2 id="get-started-heading" className="text-2xl font-bold text-slate-900">Ready to Get Started?</h2>
            <p className="mt-3 text-slate-700">
              Email: <a href={`mailto:${site.email}`} className="font-semibold text-brand-700 underline wrap-anywhere">{site.email}</a>
            </p>
            <p className="mt-1 text-slate-700">Service area: {site.coverage}</p>
          </div>
          <QuoteBlock catalogue={catalogue} preselected={catalogue.quoteChoiceOf[service.slug]} />
        </aside>
      </div>
      <AvailableIn service={service} catalogue={catalogue} />
    </>
  )
}
