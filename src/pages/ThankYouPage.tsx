import type { Catalogue } from '../catalog/index'
import { ButtonLink, PageHero, container, telHref } from '../components/ui'
import { SUCCESS_MESSAGE } from '../quote/submit'

/**
 * Where a quote form sent without JavaScript lands: the function stored the request and redirected
 * here (303). It says what the success toast says, and ships no JavaScript.
 */
export function ThankYouPage({ catalogue }: { catalogue: Catalogue }) {
  const { site } = catalogue
  return (
    <>
      <PageHero>
        <h1 className="text-4xl font-extrabold md:text-5xl">Request Received</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-50" data-quote-sent="">{SUCCESS_MESSAGE}</p>
      </PageHero>
      <section className={`${container} space-y-6 py-16`}>
        <p className="max-w-2xl text-slate-700">
          We reply to every request within 24 hours. For anything urgent, call us at{' '}
          <a href={telHref(site.phone)} className="whitespace-nowrap font-bold text-brand-700 underline">{site.phone}</a>, 24/7.
        </p>
        <div className="flex flex-wrap gap-4">
          <ButtonLink href="/">Back to the Home Page</ButtonLink>
          <a href="/local-services" className="inline-block rounded-lg border-2 border-brand-700 px-6 py-3 text-center font-semibold text-brand-700 hover:bg-brand-50">
            Find Local Services
          </a>
        </div>
      </section>
    </>
  )
}
