import type { Testimonials as TestimonialList } from './data'
import type { Lang } from '../i18n/lang'
import { container } from './ui'

const COPY = {
  en: { heading: 'What Our Clients Say', rated: (n: number) => `Rated ${n} out of 5`, translated: null },
  fr: { heading: 'Ce que disent nos clients', rated: (n: number) => `Note de ${n} sur 5`, translated: 'Témoignages traduits de l’anglais.' },
} satisfies Record<Lang, Record<string, unknown>>

export function Testimonials({ testimonials, lang }: { testimonials: TestimonialList; lang: Lang }) {
  const copy = COPY[lang]
  return (
    <section className="py-16" aria-labelledby="testimonials-heading">
      <div className={container}>
        <h2 id="testimonials-heading" className="text-center text-3xl font-bold text-slate-900">
          {copy.heading}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {testimonials.map((t) => (
            <li key={t.name} className="flex flex-col rounded-xl bg-slate-50 p-6" data-testimonial="">
              <p className="text-xl text-amber-700" role="img" aria-label={copy.rated(t.rating)} data-rating={t.rating}>
                {'★'.repeat(t.rating)}
              </p>
              <blockquote className="mt-3 flex-1 text-slate-700">{lang === 'fr' ? `«\u00a0${t.text}\u00a0»` : `“${t.text}”`}</blockquote>
              <p className="mt-4 font-semibold text-slate-900">{t.name}</p>
              <p className="text-sm text-slate-600">
                {t.company} · {t.location}
              </p>
            </li>
          ))}
        </ul>
        {copy.translated && <p className="mt-4 text-center text-sm text-slate-600">{copy.translated}</p>}
      </div>
    </section>
  )
}
