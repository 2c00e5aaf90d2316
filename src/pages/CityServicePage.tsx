import { serviceCopy, withCity, type ShownService } from '../catalog/index'
import type { LocalSite, PagePhoto } from '../components/data'
import { HeroGrid } from '../components/HeroGrid'
import type { CityFacts } from './model'
import { CityContact } from '../components/CityContact'
import { CityLinks } from '../components/CityLinks'
import { LocalIntro, localIntroText, PlaceFacts, placeFactsText, placeLine } from '../components/LocalConditions'
import { QuoteBlock } from '../components/QuoteBlock'
import { Testimonials } from '../components/Testimonials'
import { JobStories, ProseSection } from '../components/ContentProse'
import { QuickBar } from '../components/QuickBar'
import { detailsText, ServiceDetails } from '../components/ServiceDetails'
import { FilledPart } from '../components/renderedOnce'
import { ButtonLink, container, withQuoteColumn } from '../components/ui'
import type { Lang } from '../i18n/lang'
import { STATIC_PATHS } from '../urls/routes'
import { cityHubPath } from '../urls/paths'
import { Breadcrumbs } from '../components/Breadcrumbs'
import { PLACE_PARAMS } from '../../supabase/functions/_shared/quoteContract'
import { SEASONS } from '../catalog/regions'
import type { NavService } from '../components/data'
import type { CityRegion } from './cityParts'
import type { ViewData } from './props'

const COPY = {
  en: {
    home: 'Home',
    localServices: 'Local services',
    title: (service: string, city: string) => `${service} in ${city}`,
    serving: (city: string) => `Serving ${city}`,
    servicesIn: (service: string, city: string) => `${service} Services in ${city}`,
    estimate: (city: string) => `Get Free Estimate in ${city}`,
    advice: (service: string) => `${service} in this climate`,
    job: (service: string, city: string) => `Our ${service.toLowerCase()} work in ${city}`,
    cityWork: (city: string) => `Our work in ${city}`,
    clients: (city: string) => `What Our Clients in ${city} Say`,
    seasons: 'Season by season',
    season: { winter: 'Winter', spring: 'Spring', summer: 'Summer', fall: 'Fall' },
  },
  fr: {
    home: 'Accueil',
    localServices: 'Services locaux',
    title: (service: string, city: string) => `${service} à ${city}`,
    serving: (city: string) => `Au service de ${city}`,
    servicesIn: (service: string, city: string) => `${service}\u00a0: nos services à ${city}`,
    estimate: (city: string) => `Obtenir une soumission gratuite à ${city}`,
    advice: (service: string) => `${service}\u00a0: ce que ce climat change`,
    job: (service: string, city: string) => `${service}\u00a0: notre travail à ${city}`,
    cityWork: (city: string) => `Notre travail à ${city}`,
    clients: (city: string) => `Ce que disent nos clients à ${city}`,
    seasons: 'Saison par saison',
    season: { winter: 'Hiver', spring: 'Printemps', summer: 'Été', fall: 'Automne' },
  },
} satisfies Record<Lang, Record<string, unknown>>

/** Both city-service schemes (docs/spec.md §2); the second also shows the contact address and 'Serving {city}'. French pages have one scheme. */
export function CityServicePage({
  city,
  service,
  scheme,
  site,
  nav,
  view,
  lang,
  path,
  photo,
}: {
  city: CityFacts
  service: ShownService
  scheme: 1 | 2
  site: LocalSite
  nav: readonly NavService[]
  view: Extract<ViewData, { kind: 'city-service' }>
  lang: Lang
  path: string
  photo?: PagePhoto
}) {
  const copy = COPY[lang]
  const text = serviceCopy(service, lang)
  const name = city.displayName
  // The French page is the only one of its language: it carries what the English -janitorial page adds.
  const full = scheme === 2 || lang === 'fr'
  // What differs from one city to the next: the page's strings, filled into markup React renders once per service
  // and shape (components/renderedOnce.tsx).
  const details = detailsText(service, city, lang, regionalFaq(city, view.region, lang))
  const intro = localIntroText(city, view.region, lang)
  const facts = placeFactsText(city, lang)
  const hero = { name, hub: cityHubPath(city.slug, lang), path, title: copy.title(text.title, name), place: placeLine(city, lang) }
  const main = {
    heading: copy.servicesIn(text.title, name),
    local: withCity(text.localDescription, city, lang),
    quoteLink: quoteLink(STATIC_PATHS[lang].quote, city, service),
    estimate: copy.estimate(name),
    introHeading: intro.heading,
    region: intro.regionName,
    climate: intro.climate,
    advice: withCity(view.region.service.advice, city, lang),
    seasons: SEASONS.map((season) => withCity(view.region.seasons[season], city, lang)),
    timeZone: facts.timeZone,
    crewBase: facts.crewBase,
    neighborhoods: facts.neighborhoods,
  }
  const lower = { benefits: details.heading, faqs: details.faqs.flatMap((faq) => [faq.question, faq.answer]) }
  const aside = { name, path, slug: city.slug }
  return (
    <div data-city={city.slug} data-service={service.slug} data-scheme={scheme}>
      <FilledPart
        as="section"
        props={{ className: 'bg-gradient-to-br from-brand-800 to-brand-600 text-white' }}
        owner={service}
        // A photo (the city's or the service's) is part of the markup rendered once: of the shape.
        shape={`city-service hero ${lang} ${full}${photo ? ` ${JSON.stringify(photo)}` : ''}`}
        values={{ ...hero, serving: full ? copy.serving(name) : undefined }}
      >
        {(v) => (
          <HeroGrid photo={photo} lang={lang} className="py-16">
            <Breadcrumbs
              lang={lang}
              items={[
                { name: copy.home, href: STATIC_PATHS[lang].home },
                { name: copy.localServices, href: STATIC_PATHS[lang]['local-services'] },
                { name: v.name, href: v.hub },
                { name: text.title, href: v.path },
              ]}
            />
            <p className="mt-6 font-semibold uppercase tracking-wide text-brand-100">
              <span aria-hidden="true">{service.icon}</span> {text.title}
            </p>
            <h1 className="mt-3 text-4xl font-extrabold md:text-5xl">{v.title}</h1>
            {v.serving !== undefined && <p className="mt-3 text-xl text-brand-50">{v.serving}</p>}
            <p className="mt-2 text-brand-50">{v.place}</p>
          </HeroGrid>
        )}
      </FilledPart>
      <div className={`${container} ${withQuoteColumn}`}>
        <div className="min-w-0 space-y-14">
          <FilledPart as="div" props={{ className: 'space-y-14' }} owner={service} shape={`city-service main ${lang}`} values={main}>
            {(v) => (
              <>
                <section>
                  <h2 className="text-3xl font-bold text-slate-900">{v.heading}</h2>
                  <p className="mt-4 text-lg text-slate-700">{v.local}</p>
                  <p className="mt-4 text-slate-700">{text.description}</p>
                  <div className="mt-6">
                    <ButtonLink href={v.quoteLink}>{v.estimate}</ButtonLink>
                  </div>
                </section>
                <section aria-labelledby="local-heading">
                  <LocalIntro heading={v.introHeading} regionName={v.region} climate={v.climate} lang={lang} />
                  <h3 className="mt-8 text-xl font-bold text-slate-900">{copy.advice(text.title)}</h3>
                  <p className="mt-3 text-slate-700">{v.advice}</p>
                  <h3 className="mt-8 text-xl font-bold text-slate-900">{copy.seasons}</h3>
                  <dl className="mt-3 space-y-2 text-slate-700">
                    {SEASONS.map((season, i) => (
                      <div key={season}>
                        <dt className="inline font-semibold text-slate-900">{copy.season[season]}</dt>
                        <dd className="inline"> {v.seasons[i]}</dd>
                      </div>
                    ))}
                  </dl>
                  <PlaceFacts timeZone={v.timeZone} crewBase={v.crewBase} neighborhoods={v.neighborhoods} lang={lang} />
                </section>
              </>
            )}
          </FilledPart>
          {/* The company's own words (content/): the page's text, the city's, the jobs done here. */}
          {view.pageProse && <ProseSection id="page-content-heading" heading={copy.job(text.title, name)} prose={view.pageProse} />}
          {view.prose && <ProseSection id="city-content-heading" heading={copy.cityWork(name)} prose={view.prose} />}
          {view.jobs && <JobStories city={name} jobs={view.jobs} lang={lang} />}
          <FilledPart as="div" props={{ className: 'space-y-14' }} owner={service} shape={`city-service details ${lang}`} values={lower}>
            {(v) => (
              <ServiceDetails
                service={service}
                lang={lang}
                heading={v.benefits}
                faqs={Array.from({ length: v.faqs.length / 2 }, (_, i) => ({ question: v.faqs[2 * i]!, answer: v.faqs[2 * i + 1]! }))}
              />
            )}
          </FilledPart>
          {/* A child of the column itself: it sticks to the bottom of the screen down the whole column (QuickBar.tsx). */}
          <QuickBar phone={site.phone} lang={lang} />
        </div>
        <FilledPart
          as="aside"
          props={{ className: 'space-y-6', 'aria-labelledby': 'city-contact-heading' }}
          owner={service}
          shape={`city-service aside ${lang} ${full}`}
          values={aside}
        >
          {(v) => (
            <>
              <CityContact city={v.name} site={site} lang={lang} headingId="city-contact-heading" withEmail={full} />
              <QuoteBlock trust={site.trust} quote={view.quote} lang={lang} page={v.path} city={v.slug} cityName={v.name} />
            </>
          )}
        </FilledPart>
      </div>
      {view.testimonials && <Testimonials testimonials={view.testimonials} lang={lang} heading={copy.clients(name)} />}
      <CityLinks city={city} service={service} nearby={view.nearby} services={nav} lang={lang} />
    </div>
  )
}

/**
 * The quote page, told this page's city and service (docs/architecture.md, "The quote form"): its script preselects the
 * service and says "for {city}"; without JavaScript it is the plain quote page.
 */
function quoteLink(quotePath: string, city: CityFacts, service: Pick<ShownService, 'slug'>): string {
  const query = new URLSearchParams({ [PLACE_PARAMS.city]: city.slug, [PLACE_PARAMS.service]: service.slug, [PLACE_PARAMS.cityName]: city.displayName })
  return `${quotePath}?${query.toString()}`
}

/** The region's question for this service, last in the FAQ. */
function regionalFaq(city: CityFacts, region: CityRegion, lang: Lang) {
  const { faq } = region.service
  return { question: withCity(faq.question, city, lang), answer: withCity(faq.answer, city, lang) }
}
