import { AboutPage } from './AboutPage'
import { CityHubPage } from './CityHubPage'
import { CityServicePage } from './CityServicePage'
import { ContactPage } from './ContactPage'
import { DirectoryPage } from './DirectoryPage'
import { HomePage } from './HomePage'
import { ErrorPage, NotFoundPage } from './NotFoundPage'
import type { PageProps } from './props'
import { PrivacyPage } from './PrivacyPage'
import { QuotePage } from './QuotePage'
import { ServicePage } from './ServicePage'
import { ThankYouPage } from './ThankYouPage'

/** What the main part of a page shows, for every kind of page and both languages. Every pages/+Page is this component. */
export function PageView({ model, site, nav, view, photo }: PageProps) {
  const { lang, path } = model
  switch (view.kind) {
    case 'home':
      return <HomePage site={site} services={view.services} testimonials={view.testimonials} quote={view.quote} lang={lang} path={path} photo={photo} />
    case 'about':
      return <AboutPage site={site} lang={lang} photo={photo} />
    case 'contact':
      return <ContactPage site={site} quote={view.quote} lang={lang} path={path} />
    case 'quote':
      return <QuotePage site={site} quote={view.quote} choiceOf={view.choiceOf} lang={lang} path={path} />
    case 'thank-you':
      return <ThankYouPage site={site} lang={lang} />
    case 'privacy':
      return <PrivacyPage site={site} retentionDays={view.retentionDays} lang={lang} />
    case 'local-services':
      return <DirectoryPage view={view} lang={lang} />
    case 'service':
      if (model.kind !== 'service') break
      return <ServicePage service={model.service} site={site} view={view} lang={lang} path={path} photo={photo} />
    case 'city':
      if (model.kind !== 'city') break
      return <CityHubPage city={model.city} site={site} nav={nav} view={view} lang={lang} path={path} photo={photo} />
    case 'city-service':
      if (model.kind !== 'city-service') break
      return (
        <CityServicePage
          city={model.city}
          service={model.service}
          scheme={model.scheme}
          site={site}
          nav={nav}
          view={view}
          lang={lang}
          path={path}
          photo={photo}
        />
      )
    case 'not-found':
      if (model.kind !== 'not-found') break
      return <NotFoundPage model={model} view={view} nav={nav} phone={site.phone} />
    case 'error':
      return <ErrorPage lang={lang} />
  }
  throw new Error(`${path}: the view data (${view.kind}) does not fit the page (${model.kind})`)
}
