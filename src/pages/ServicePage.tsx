import { serviceCopy, type ShownService } from '../catalog/index'
import type { LocalSite, PagePhoto } from '../components/data'
import { HeroGrid } from '../components/HeroGrid'
import { AvailableIn } from '../components/AvailableIn'
import { JobCards } from '../components/ContentProse'
import { FinderLink } from '../components/FinderLink'
import { QuoteBlock } from '../components/QuoteBlock'
import { QuickBar } from '../components/QuickBar'
import { detailsText, ServiceDetails } from '../components/ServiceDetails'
import { ButtonLink, EmailLink, PhoneLink, container, withQuoteColumn } from '../components/ui'
import type { Lang } from '../i18n/lang'
import { STATIC_PATHS } from '../urls/routes'
import type { ViewData } from './props'

const COPY = {
  en: {
    jobs: 'Recent jobs',
    about: 'About This Service',
    estimate: 'Get Free Estimate',
    ready: 'Ready to Get Started?',
    email: 'Email:',
    phone: 'Phone:',
    area: 'Service area:',
  },
  fr: {
    jobs: 'Nos chantiers récents',
    about: 'À propos de ce service',
    estimate: 'Obtenir une soumission gratuite',
    ready: 'Prêt à commencer\u00a0?',
    email: 'Courriel\u00a0:',
    phone: 'Téléphone\u00a0:',
    area: 'Territoire desservi\u00a0:',
  },
} satisfies Record<Lang, Record<string, string>>

export function ServicePage({
  service,
  site,
  view,
  lang,
  path,
  photo,
}: {
  service: ShownService
  site: LocalSite
  view: Extract<ViewData, { kind: 'service' }>
  lang: Lang
  path: string
  photo?: PagePhoto
}) {
  const copy = COPY[lang]
  const text = serviceCopy(service, lang)
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        {/* The service's photo takes the place of its emoji. */}
        <HeroGrid photo={photo} lang={lang} className="py-16">
          {!photo && (
            <span aria-hidden="true" className="text-6xl">
              {service.icon}
            </span>
          )}
          <h1 className={`${photo ? '' : 'mt-4 '}text-4xl font-extrabold md:text-5xl`}>{text.title}</h1>
          <p className="mt-3 text-xl text-brand-50">{text.subtitle}</p>
        </HeroGrid>
      </section>
      <div className={`${container} ${withQuoteColumn}`}>
        <div className="min-w-0 space-y-14">
          <section>
            <h2 className="text-3xl font-bold text-slate-900">{copy.about}</h2>
            <p className="mt-4 text-lg text-slate-700">{text.description}</p>
            <div className="mt-6">
              <ButtonLink href={STATIC_PATHS[lang].quote}>{copy.estimate}</ButtonLink>
            </div>
          </section>
          <ServiceDetails service={service} lang={lang} {...detailsText(service, null, lang)} />
          {/* After the spec's blocks (docs/spec.md, service detail: in order), not between them. */}
          {view.jobs && <JobCards cards={view.jobs} lang={lang} heading={copy.jobs} />}
          <QuickBar phone={site.phone} lang={lang} />
        </div>
        <aside className="space-y-6" aria-labelledby="get-started-heading">
          <div className="rounded-2xl bg-brand-50 p-6">
            <h2 id="get-started-heading" className="text-2xl font-bold text-slate-900">
              {copy.ready}
            </h2>
            <p className="mt-3 text-slate-700">
              {copy.phone} <PhoneLink phone={site.phone} />
            </p>
            <p className="mt-1 text-slate-700">
              {copy.email} <EmailLink email={site.email} />
            </p>
            <p className="mt-1 text-slate-700">
              {copy.area} {site.coverage}
            </p>
            <FinderLink lang={lang} className="mt-1 text-slate-700" />
          </div>
          <QuoteBlock trust={site.trust} quote={view.quote} lang={lang} page={path} />
        </aside>
      </div>
      <AvailableIn service={service} cities={view.cities} allCities={view.allCities} lang={lang} />
    </>
  )
}
