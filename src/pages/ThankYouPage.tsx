import type { LocalSite } from '../components/data'
import { ButtonLink, PageHero, container } from '../components/ui'
import type { Lang } from '../i18n/lang'
import { TOASTS } from '../quote/messages'
import { STATIC_PATHS } from '../urls/routes'

const COPY = {
  en: { lead: 'We reply to every quote request within 24 hours. Need us sooner? Call us, 24/7:', home: 'Return Home', services: 'Browse our services' },
  fr: {
    lead: 'Nous répondons à chaque demande de soumission en 24 heures. Besoin de nous joindre plus tôt\u00a0? Appelez-nous, 24 heures sur 24\u00a0:',
    home: 'Retour à l’accueil',
    services: 'Voir nos services',
  },
} satisfies Record<Lang, Record<string, string>>

/** Where the quote form leads when it was sent without JavaScript: the success toast's words, as a page. */
export function ThankYouPage({ site, lang }: { site: LocalSite; lang: Lang }) {
  const copy = COPY[lang]
  return (
    <>
      <PageHero>
        <h1 className="text-3xl font-extrabold sm:text-4xl md:text-5xl" data-thank-you="">
          {TOASTS[lang].success}
        </h1>
      </PageHero>
      <section className={`${container} py-16`}>
        <p className="max-w-2xl text-lg text-slate-700">
          {copy.lead} <span className="whitespace-nowrap font-semibold">{site.phone}</span>
        </p>
        <div className="mt-8 flex flex-col gap-4 sm:flex-row">
          <ButtonLink href={STATIC_PATHS[lang].home}>{copy.home}</ButtonLink>
          <ButtonLink href={STATIC_PATHS[lang]['local-services']}>{copy.services}</ButtonLink>
        </div>
      </section>
    </>
  )
}
