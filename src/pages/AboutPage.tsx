import type { Catalogue } from '../catalog/index'
import { ButtonLink, CheckList, PageHero, container } from '../components/ui'

const VALUES = [
  ['Integrity', 'We quote honestly, show up when we say we will and fix anything we miss at no charge.'],
  ['Safety', 'Every crew member is trained in chemical handling, OSHA standards and site security.'],
  ['Sustainability', 'Green Seal and EPA Safer Choice products, microfiber systems and HEPA filtration as standard.'],
  ['Reliability', 'The same trained crew at every visit, supervisor inspections and a 24/7 support line.'],
] as const

const COMMITMENTS = [
  ['Professional Team', 'Background-checked, uniformed and insured cleaners who are trained before their first shift and coached every quarter.'],
  ['Environmental Responsibility', 'Low-VOC, biodegradable products, concentrated refills that cut packaging waste, and water-saving equipment.'],
  ['Quality Assurance', 'Checklists for every visit, scheduled supervisor walk-throughs and a re-clean guarantee within 24 hours.'],
  ['Customer Support', 'One account manager, a reply to every request within 24 hours, and emergency support 24/7.'],
] as const

export function AboutPage({ catalogue }: { catalogue: Catalogue }) {
  const { site } = catalogue
  return (
    <>
      <PageHero>
        <h1 className="text-4xl font-extrabold md:text-5xl">About {site.company}</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-50">Eco-friendly janitorial and cleaning services for businesses and homes across the {site.coverage}.</p>
      </PageHero>

      <section className={`${container} grid gap-12 py-16 md:grid-cols-2`}>
        <div>
          <h2 className="text-3xl font-bold text-slate-900">Our Story</h2>
          <p className="mt-4 text-slate-700">
            We started as a two-person crew cleaning small offices at night. Clients kept asking us to take on more: their clinics, their warehouses, their rental units and their homes. Today our trained crews serve hundreds of cities across the continental United States and Canada, and we still run every account the way we ran the first one: show up, do it right, and make it easy for the customer.
          </p>
        </div>
        <div>
          <h2 className="text-3xl font-bold text-slate-900">Why Choose Us</h2>
          <div className="mt-4">
            <CheckList items={['Eco-friendly products that are safe for people and pets', 'Trained, background-checked and fully insured staff', 'Flexible scheduling, including nights, weekends and holidays', 'Service 24/7 with emergency support', 'A reply to every quote request within 24 hours']} />
          </div>
        </div>
      </section>

      <section className="bg-slate-50 py-16">
        <div className={`${container} grid gap-8 md:grid-cols-2`}>
          <div className="rounded-xl bg-white p-8 shadow-sm">
            <h2 className="text-2xl font-bold text-slate-900">Our Mission</h2>
            <p className="mt-3 text-slate-700">To deliver healthier, cleaner spaces with products and methods that protect the people inside them and the environment outside.</p>
          </div>
          <div className="rounded-xl bg-white p-8 shadow-sm">
            <h2 className="text-2xl font-bold text-slate-900">Our Vision</h2>
            <p className="mt-3 text-slate-700">To be the most trusted cleaning partner in North America, known for consistent quality, fair prices and green practices.</p>
          </div>
        </div>
      </section>

      <section className={`${container} py-16`}>
        <h2 className="text-3xl font-bold text-slate-900">Our Values</h2>
        <dl className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {VALUES.map(([term, text]) => (
            <div key={term} className="rounded-xl border border-slate-200 p-6">
              <dt className="font-semibold text-brand-700">{term}</dt>
              <dd className="mt-2 text-slate-700">{text}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="bg-brand-50 py-16">
        <div className={container}>
          <h2 className="text-3xl font-bold text-slate-900">Our Commitment</h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {COMMITMENTS.map(([title, text]) => (
              <li key={title} className="rounded-xl bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
          <div className="mt-10">
            <ButtonLink href="/quote">Get Free Estimate</ButtonLink>
          </div>
        </div>
      </section>
    </>
  )
}
