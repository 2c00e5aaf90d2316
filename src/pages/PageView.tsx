import { AboutPage } from './AboutPage'
import { CityServicePage } from './CityServicePage'
import { ContactPage } from './ContactPage'
import { DirectoryPage } from './DirectoryPage'
import { HomePage } from './HomePage'
import type { PageProps } from './model'
import { ErrorPage, NotFoundPage } from './NotFoundPage'
import { QuotePage } from './QuotePage'
import { CurrentPath } from './currentPage'
import { ServicePage } from './ServicePage'
import { ThankYouPage } from './ThankYouPage'

const STATIC_VIEWS = { home: HomePage, about: AboutPage, contact: ContactPage, quote: QuotePage, 'local-services': DirectoryPage, 'thank-you': ThankYouPage } as const

/** What the main part of a page shows, for every kind of page and both languages. Every pages/+Page is this component. */
export function PageView({ model, catalogue }: PageProps) {
  return <CurrentPath.Provider value={model.path}>{view(model, catalogue)}</CurrentPath.Provider>
}

function view(model: PageProps['model'], catalogue: PageProps['catalogue']) {
  switch (model.kind) {
    case 'static': {
      const View = STATIC_VIEWS[model.page]
      return <View catalogue={catalogue} lang={model.lang} />
    }
    case 'service':
      return <ServicePage service={model.service} catalogue={catalogue} lang={model.lang} />
    case 'city-service':
      return <CityServicePage city={model.city} service={model.service} scheme={model.scheme} catalogue={catalogue} lang={model.lang} />
    case 'not-found':
      return <NotFoundPage model={model} catalogue={catalogue} />
    case 'error':
      return <ErrorPage lang={model.lang} />
  }
}
