import type { Catalogue } from '../catalog/index'
import type { ParsedCityService } from '../urls/cityService'
import { NOT_FOUND_SCREEN_NAMES, NOT_FOUND_SCREENS, SCREEN_OF_VARIANT, type NotFoundScreen } from '../urls/notFound'
import { container } from '../components/ui'
import type { PageModel } from './model'

type NotFoundModel = Extract<PageModel, { kind: 'not-found' }>

const homeLinkStyle = 'mt-8 inline-block rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800'

function Screen({ screen, path, parsed, serviceSlugs }: { screen: NotFoundScreen; path: string; parsed: ParsedCityService | null; serviceSlugs: readonly string[] }) {
  const { code, heading, text, homeLink, debugBox } = NOT_FOUND_SCREENS[screen]
  return (
    <>
      {code && <p className="text-7xl font-extrabold text-brand-700">{code}</p>}
      <h1 className={`${code ? 'mt-4 ' : ''}text-3xl font-bold text-slate-900`}>{heading}</h1>
      {text && <p className="mt-4 text-slate-700">{text}</p>}
      {debugBox && (
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
      )}
      <a href="/" className={homeLinkStyle}>{homeLink}</a>
    </>
  )
}

/**
 * Every not-found screen. The root 404.html (`fallback`), which static hosts serve for any miss,
 * carries the other screens as <template>s; its script shows the one that fits the requested path.
 */
export function NotFoundPage({ model, catalogue }: { model: NotFoundModel; catalogue: Catalogue }) {
  const serviceSlugs = catalogue.services.map((s) => s.slug)
  const screen = SCREEN_OF_VARIANT[model.variant]
  const others = NOT_FOUND_SCREEN_NAMES.filter((s) => s !== screen)
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
      <a href="/" className={homeLinkStyle}>Return Home</a>
    </section>
  )
}
