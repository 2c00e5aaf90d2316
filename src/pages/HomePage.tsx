import type { LocalSite, PagePhoto } from '../components/data'
import { QuoteBlock } from '../components/QuoteBlock'
import { ServiceCard } from '../components/ServiceCard'
import { Testimonials } from '../components/Testimonials'
import { ButtonLink, CheckList, container, telHref } from '../components/ui'
import { CityFinder } from '../components/CityFinder'
import { Photo } from '../components/Photo'
import type { Lang } from '../i18n/lang'
import type { QuoteFormData, ServiceSummary, Testimonials as TestimonialList } from '../components/data'
import { STATIC_PATHS } from '../urls/routes'
import { FINDER_ID } from '../components/cityFinderIds'

const COPY = {
  en: {
    kicker: 'Eco-friendly cleaning',
    title: 'Professional Janitorial & Cleaning Services',
    lead: 'Spotless offices, clinics, stores and homes, cleaned by trained, insured crews with eco-friendly products. Available 24/7 with emergency support, and a reply to every quote request within 24 hours.',
    estimate: 'Get Free Estimate',
    local: 'Find Local Services',
    introTitle: 'Cleaning you can count on, from one office to a hundred sites',
    intro: (company: string) =>
      `${company} keeps businesses and homes across the USA and Canada clean, safe and healthy. We build a cleaning plan around your building, your hours and your budget, then send the same trained crew every visit so standards never slip.`,
    points: [
      'Eco-friendly products carrying the Green Seal label',
      'Trained, background-checked and insured staff',
      'Flexible scheduling: nights, weekends, 24/7',
      'Emergency support around the clock',
    ],
    services: 'Our Services',
    servicesLead: 'Sixteen specialized services for commercial and residential properties.',
    question: 'Have a question before you book?',
    questionLead: 'Our team answers every message within 24 hours.',
    contact: 'Contact Us Today',
    ctaTitle: 'Get a free, no-obligation estimate',
    ctaLead: 'Tell us about your space and we will send a detailed quote within 24 hours.',
    call: 'Call us:',
    serving: 'Serving:',
  },
  fr: {
    kicker: 'Entretien écologique',
    title: 'Services professionnels d’entretien ménager et de conciergerie',
    lead: 'Bureaux, cliniques, commerces et résidences impeccables, entretenus par des équipes formées et assurées avec des produits écologiques. Service 24 heures sur 24, soutien d’urgence et réponse à chaque demande de soumission en 24 heures.',
    estimate: 'Obtenir une soumission gratuite',
    local: 'Trouver un service près de chez vous',
    introTitle: 'Un entretien sur lequel vous pouvez compter, d’un seul bureau à cent établissements',
    intro: (company: string) =>
      `${company} garde les entreprises et les résidences propres, sécuritaires et saines, au Québec comme partout au Canada et aux États-Unis. Nous bâtissons un plan d’entretien selon votre bâtiment, votre horaire et votre budget, puis nous envoyons la même équipe formée à chaque visite pour que la qualité ne fléchisse jamais.`,
    points: [
      'Des produits écologiques portant l’écolabel Green Seal',
      'Personnel formé, assuré et dont les antécédents sont vérifiés',
      'Horaire souple\u00a0: soirs, fins de semaine, 24 heures sur 24',
      'Soutien d’urgence jour et nuit',
    ],
    services: 'Nos services',
    servicesLead: 'Seize services spécialisés pour les immeubles commerciaux et résidentiels.',
    question: 'Une question avant de réserver\u00a0?',
    questionLead: 'Notre équipe répond à chaque message en 24 heures.',
    contact: 'Nous joindre dès aujourd’hui',
    ctaTitle: 'Obtenez une soumission gratuite et sans engagement',
    ctaLead: 'Décrivez-nous vos lieux et nous vous enverrons une soumission détaillée en 24 heures.',
    call: 'Appelez-nous\u00a0:',
    serving: 'Territoire desservi\u00a0:',
  },
} satisfies Record<Lang, Record<string, unknown>>

/**
 * The id of the heading after the home page's first screen. Document.tsx holds the first paint until it is parsed
 * (`<link rel="expect" blocking="render">`): below 1024 px the first screen shows its parts in another order than the
 * HTML's (the city finder's box, last in the HTML, above the lead and the photo), so a paint of half the section, which
 * a slow phone makes while the rest arrives, moved the lead and the photo down when the box came (a layout shift of
 * 0.10–0.17 at 4–8× CPU slowdown, none with the hold).
 */
export const AFTER_FIRST_SCREEN = 'intro-heading'

export function HomePage({
  site,
  services,
  testimonials,
  quote,
  lang,
  path,
  photo,
}: {
  site: LocalSite
  services: readonly ServiceSummary[]
  testimonials: TestimonialList
  quote: QuoteFormData
  lang: Lang
  path: string
  photo?: PagePhoto
}) {
  const copy = COPY[lang]
  const paths = STATIC_PATHS[lang]
  const coverage = site.coverage
  return (
    <>
      {/* The first screen, at 375 px as at 1366, has the city finder's box (issue 39). Phones show the title, the two
          actions, the box, then the lead and the photo; from 1024 px the text is on the left, the box (under the photo,
          where there is one) on the right. Below 1024 px the two columns' wrappers are `display: contents`, so their
          parts are ordered in one grid. */}
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 text-white" data-home-hero="">
        <div className={`${container} grid gap-6 py-8 sm:py-12 lg:grid-cols-2 lg:items-center lg:gap-12 lg:py-8`}>
          <div className="max-lg:contents">
            <div className="order-1">
              <p className="font-semibold uppercase tracking-wide text-brand-100">
                {copy.kicker} · {coverage}
              </p>
              <h1 className="mt-3 max-w-3xl text-3xl font-extrabold leading-tight sm:text-4xl md:text-5xl">{copy.title}</h1>
            </div>
            <p className="order-4 max-w-2xl text-lg text-brand-50 lg:mt-6">{copy.lead}</p>
            <div className="order-2 flex flex-col gap-4 sm:flex-row lg:mt-8">
              <ButtonLink href={paths.quote} variant="light">
                {copy.estimate}
              </ButtonLink>
              <ButtonLink href={`${paths['local-services']}#${FINDER_ID}`} variant="outline">
                {copy.local}
              </ButtonLink>
            </div>
          </div>
          <div className="max-lg:contents lg:space-y-4">
            {photo && (
              <div className="order-5 lg:mx-auto lg:max-w-sm xl:max-w-md">
                <Photo photo={photo} lang={lang} tone="dark" />
              </div>
            )}
            <div className="order-3">
              <CityFinder lang={lang} where="home" />
            </div>
          </div>
        </div>
      </section>

      <section className={`${container} py-10 sm:py-16`} aria-labelledby={AFTER_FIRST_SCREEN}>
        <div className="grid items-center gap-10 md:grid-cols-2">
          <div>
            <h2 id={AFTER_FIRST_SCREEN} className="text-3xl font-bold text-slate-900">
              {copy.introTitle}
            </h2>
            <p className="mt-4 text-slate-700">{copy.intro(site.company)}</p>
          </div>
          <CheckList items={copy.points} />
        </div>
      </section>

      <section className="bg-slate-50 py-10 sm:py-16" aria-labelledby="services-heading">
        <div className={container}>
          <h2 id="services-heading" className="text-center text-3xl font-bold text-slate-900">
            {copy.services}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">{copy.servicesLead}</p>
          <ul className="mt-8 grid gap-3 sm:mt-10 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4" data-service-cards="">
            {services.map((s) => (
              <ServiceCard key={s.key} service={s} lang={lang} />
            ))}
          </ul>
        </div>
      </section>

      <Testimonials testimonials={testimonials} lang={lang} />

      <section className={`${container} py-10 text-center sm:py-12`}>
        <h2 className="text-2xl font-bold text-slate-900">{copy.question}</h2>
        <p className="mt-2 text-slate-600">{copy.questionLead}</p>
        <div className="mt-6">
          <ButtonLink href={paths.contact}>{copy.contact}</ButtonLink>
        </div>
      </section>

      <section className="bg-brand-800 py-12 text-white sm:py-16" aria-labelledby="cta-heading">
        <div className={`${container} grid gap-10 lg:grid-cols-2`}>
          <div>
            <h2 id="cta-heading" className="text-3xl font-bold">
              {copy.ctaTitle}
            </h2>
            <p className="mt-4 text-brand-50">{copy.ctaLead}</p>
            <p className="mt-8 text-lg">
              {copy.call}{' '}
              <a href={telHref(site.phone)} className="whitespace-nowrap font-bold underline">
                {site.phone}
              </a>
            </p>
            <p className="mt-2">
              {copy.serving} <strong>{coverage}</strong>
            </p>
          </div>
          <QuoteBlock trust={site.trust} quote={quote} lang={lang} page={path} />
        </div>
      </section>
    </>
  )
}
