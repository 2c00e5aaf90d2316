import { withCity, type City, type Service } from '../catalog/index'
import { CheckList, Faqs, Steps } from './ui'

function Block({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <section>
      <h2 className="text-3xl font-bold text-slate-900">{heading}</h2>
      <div className="mt-6">{children}</div>
    </section>
  )
}

/** Benefits, process and FAQs of a service; on a city page the benefits are 'Why Choose Us in {city}?' and {city} is filled in. */
export function ServiceDetails({ service, city }: { service: Service; city: City | null }) {
  return (
    <>
      <Block heading={city ? `Why Choose Us in ${city.displayName}?` : 'Service Benefits'}>
        <CheckList items={service.benefits} columns />
      </Block>
      <Block heading="Our Process">
        <Steps items={service.process} />
      </Block>
      <Block heading="Frequently Asked Questions">
        <Faqs items={service.faqs.map((f) => ({ question: withCity(f.question, city), answer: withCity(f.answer, city) }))} />
      </Block>
    </>
  )
}
