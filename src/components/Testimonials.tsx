import type { Testimonials as TestimonialList } from './data'
import type { Lang } from '../i18n/lang'
import { container } from './ui'

const COPY = {
  en: {
    heading: 'What Our Clients Say',
    rated: (n: number) => `Rated ${n} out of 5`,
    translated: 'Translated from French',
    source: (name: string) => `Review on ${name}`,
    list: 'Testimonials, scroll sideways for more',
  },
  fr: {
    heading: 'Ce que disent nos clients',
    rated: (n: number) => `Note de ${n} sur 5`,
    translated: 'Traduit de l’anglais',
    source: (name: string) => `Avis publié sur ${name}`,
    list: 'Témoignages, faites défiler de côté pour les autres',
  },
} satisfies Record<Lang, Record<string, unknown>>

/**
 * On phones the four testimonials are a row that scrolls sideways (one in view, the next one peeking), from 768 px a grid.
 * A city's pages show its own testimonials the same way, under `heading`. Each is a figure (the quote, and who said it
 * as its caption), not a list item: a client's words are sentences of the page (src/seo/pageText.ts counts them, where
 * it leaves lists out).
 */
export function Testimonials({ testimonials, lang, heading }: { testimonials: TestimonialList; lang: Lang; heading?: string }) {
  const copy = COPY[lang]
  return (
    <section className="py-12 sm:py-16" aria-labelledby="testimonials-heading">
      <div className={container}>
        <h2 id="testimonials-heading" className="text-center text-3xl font-bold text-slate-900">
          {heading ?? copy.heading}
        </h2>
        {/* The row is focusable so that a keyboard can scroll it (it has no links of its own). */}
        <div
          role="group"
          className="-mx-4 mt-8 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 sm:mt-10 md:mx-0 md:grid md:grid-cols-2 md:gap-6 md:overflow-visible md:px-0 md:pb-0 lg:grid-cols-4"
          tabIndex={0}
          aria-label={copy.list}
          data-testimonials=""
        >
          {testimonials.map((t) => (
            <figure
              key={t.name}
              className="flex w-[85%] flex-none snap-start flex-col rounded-xl bg-slate-50 p-5 sm:w-[70%] sm:p-6 md:w-auto"
              data-testimonial=""
            >
              <p className="text-xl text-amber-700" role="img" aria-label={copy.rated(t.rating)} data-rating={t.rating}>
                {'★'.repeat(t.rating)}
              </p>
              <blockquote className="mt-3 flex-1 text-slate-700">{lang === 'fr' ? `«\u00a0${t.text}\u00a0»` : `“${t.text}”`}</blockquote>
              <figcaption className="mt-4">
                <span className="block font-semibold text-slate-900">{t.name}</span>
                <span className="block text-sm text-slate-600">
                  {t.company} · {t.location}
                </span>
                {t.source && (
                  <span className="mt-1 block text-sm text-slate-600" data-testimonial-source="">
                    {t.sourceUrl ? (
                      <a href={t.sourceUrl} className="underline" rel="noopener">
                        {copy.source(t.source)}
                      </a>
                    ) : (
                      copy.source(t.source)
                    )}
                  </span>
                )}
                {/* site.yaml says in which language each client wrote: only a testimonial in the other language is marked. */}
                {t.lang !== lang && (
                  <span className="mt-1 block text-sm text-slate-600" data-translated="">
                    {copy.translated}
                  </span>
                )}
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  )
}
