import { serviceCopy, withCity, type City, type ShownService } from '../catalog/index'
import type { Lang } from '../i18n/lang'
import { CheckList, Faqs, Steps } from './ui'

function Block({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <section>
      <h2 className="text-3xl font-bold text-slate-900">{heading}</h2>
      <div className="mt-6">{children}</div>
    </section>
  )
}

const COPY = {
  en: { benefits: 'Service Benefits', benefitsIn: (city: string) => `Why Choose Us in ${city}?`, process: 'Our Process', faqs: 'Frequently Asked Questions' },
  fr: {
    benefits: 'Les avantages',
    benefitsIn: (city: string) => `Pourquoi nous choisir à ${city}\u00a0?`,
    process: 'Notre méthode',
    faqs: 'Questions fréquentes',
  },
} satisfies Record<Lang, Record<string, unknown>>

/** The texts of a service's details that name the place: the benefits' heading and the FAQ, with {city} filled in (`extraFaq` last). */
export function detailsText(
  service: ShownService,
  city: Pick<City, 'displayName'> | null,
  lang: Lang,
  extraFaq?: { question: string; answer: string },
): { heading: string; faqs: { question: string; answer: string }[] } {
  const copy = COPY[lang]
  const text = serviceCopy(service, lang)
  const faqs = text.faqs.map((f) => ({ question: withCity(f.question, city, lang), answer: withCity(f.answer, city, lang) }))
  return { heading: city ? copy.benefitsIn(city.displayName) : copy.benefits, faqs: extraFaq ? [...faqs, extraFaq] : faqs }
}

/**
 * Benefits, process and FAQs of a service; on a city page the benefits are 'Why Choose Us in {city}?' and {city} is
 * filled in (`detailsText`). It only places the texts it is given, so a city page renders it once per service
 * (components/renderedOnce.tsx).
 */
export function ServiceDetails({
  service,
  lang,
  heading,
  faqs,
}: {
  service: ShownService
  lang: Lang
  heading: string
  faqs: readonly { question: string; answer: string }[]
}) {
  const copy = COPY[lang]
  const text = serviceCopy(service, lang)
  return (
    <>
      <Block heading={heading}>
        <CheckList items={text.benefits} columns />
      </Block>
      <Block heading={copy.process}>
        <Steps items={text.process} />
      </Block>
      <Block heading={copy.faqs}>
        <Faqs items={faqs} />
      </Block>
    </>
  )
}
