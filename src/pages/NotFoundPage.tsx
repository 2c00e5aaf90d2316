import type { Catalogue } from '../catalog/index'
import type { ParsedCityService } from '../urls/cityService'
import { NOT_FOUND_SCREENS, type NotFoundScreen } from '../urls/routes'
import { container } from '../components/ui'
import type { PageModel } from './model'

type NotFoundModel = Extract<PageModel, { kind: 'not-found' }>

const homeLink = 'mt-8 inline-block rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800'

function Screen({ screen, path, parsed, serviceSlugs }: { screen: NotFoundScreen; path: string; parsed: ParsedCityService | null; serviceSlugs: readonly string[] }) {
  switch (screen) {
    case '404':
      return (
        <>
          <p className="text-7xl font-extrabold text-brand-700">404</p>
          <h1 className="mt-4 text-3xl font-bold text-slate-900">Oops! Page not found</h1>
          <a href="/" className={homeLink}>Return to Home</a>
        </>
      )
    case 'page':
      return (
        <>
          <h1 className="text-3xl font-bold text-slate-900">Page Not Found</h1>
          <p className="mt-4 text-slate-700">The page you're looking for doesn't exist.</p>
          <a href="/" className={homeLink}>Return Home</a>
        </>
      )
    case 'service':
      return (
        <>
          <h1 className="text-3xl font-bold text-slate-900">Service Not Found</h1>
          <p className="mt-4 text-slate-700">The service you're looking for doesn't exist.</p>
          <a href="/" className={homeLink}>Return Home</a>
        </>
      )
    case 'city-service':
      return (
        <>
          <h1 className="text-3xl font-bold text-slate-900">Service Not Found</h1>
          <p className="mt-4 text-slate-700">The service or location you're looking for doesn't exist.</p>
          <div className="mx-auto mt-8 max-w-xl rounded-lg border border-amber-300 bg-amber-50 p-4 text-left text-sm" role="note" aria-label="Debug information" data-debug-box="">
            <p className="font-semibold text-slate-900">Debug information</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 break-all">
              <dt className="font-medium">URL</dt>
              <dd data-debug="url">{path}</dd>
              <dt className="font-medium">Parsed city</dt>
              <dd data-debug="city">{parsed?.citySlug || '(none)'}</dd>
              <dt className="font-medium">Parsed service</dt>
              <dd data-debug="service">{parsed?.serviceSlug || '(none)'}</dd>
              <dt className="font-medium">Available services</dt>
              <dd data-debug="services">{serviceSlugs.join(', ')}</dd>
            </dl>
          </div>
          <a href="/" className={homeLink}>Return Home</a>
        </>
      )
  }
}

/**
 * Every not-found screen. The root 404.html (`fallback`), which static hosts serve for any miss,
 * carries the other screens as <template>s; its script shows the one that fits the requested path.
 */
export function NotFoundPage({ model, catalogue }: { model: NotFoundModel; catalogue: Catalogue }) {
  const serviceSlugs = catalogue.services.map((s) => s.slug)
  const screen = NOT_FOUND_SCREENS[model.variant]
  const others = (['404', 'page', 'service', 'city-service'] as const).filter((s) => s !== screen)
  return (
    <section
      className={`${container} py-24 text-center`}
      data-not-found={screen}
      data-service-slugs={serviceSlugs.join(' ')}
      data-aliases={JSON.stringify(catalogue.aliases)}
    >
      <div data-not-found-view="">
        <Screen screen={screen} path={model.path} parsed={model.parsed} serviceSlugs={serviceSlugs} />
      </div>
      {model.fallback &&
        others.map((other) => (
          <template key={other} data-screen={other}>
            <Screen screen={other} path={model.path} parsed={null} serviceSlugs={serviceSlugs} />
          </template>
        ))}
    </section>
  )
}

export function ErrorPage() {
  return (
    <section className={`${container} py-24 text-center`}>
      <h1 className="text-3xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <p className="mt-4 text-slate-700">Something went wrong on our side. Please try again, or go back to the home page.</p>
      <a href="/" className={homeLink}>Return Home</a>
    </section>
  )
}
