import type { LocalSite } from '../components/data'
import { FinderLink } from '../components/FinderLink'
import { QuoteBlock } from '../components/QuoteBlock'
import { CheckList, EmailLink, PageHero, PhoneLink, container } from '../components/ui'
import type { Lang } from '../i18n/lang'
import type { QuoteFormData } from '../components/data'

const COPY = {
  en: {
    title: 'Contact Us',
    lead: 'Questions, quotes or an urgent clean-up: we are here 24/7.',
    touch: 'Get in Touch',
    email: 'Email:',
    phone: 'Phone:',
    area: 'Service Area',
    areaText: 'We serve businesses and homes across the continental United States and Canada.',
    why: 'Why Work With Us',
    points: [
      'Free quotes with a reply within 24 hours',
      'Eco-friendly products and methods',
      'Trained, insured and background-checked staff',
      'Flexible scheduling around your hours',
    ],
    hours: 'Business Hours',
    service: 'Service',
    emergency: 'Emergency support',
    always: '24/7',
    form: 'Send Us a Message',
  },
  fr: {
    title: 'Nous joindre',
    lead: 'Questions, soumissions ou nettoyage urgent\u00a0: nous sommes là 24 heures sur 24, 7 jours sur 7.',
    touch: 'Écrivez-nous',
    email: 'Courriel\u00a0:',
    phone: 'Téléphone\u00a0:',
    area: 'Territoire desservi',
    areaText: 'Nous servons les entreprises et les résidences partout au Canada et dans la partie continentale des États-Unis.',
    why: 'Pourquoi faire affaire avec nous',
    points: [
      'Soumission gratuite, avec réponse en 24 heures',
      'Produits et méthodes écologiques',
      'Personnel formé, assuré et dont les antécédents sont vérifiés',
      'Horaire souple, adapté au vôtre',
    ],
    hours: 'Heures d’ouverture',
    service: 'Service',
    emergency: 'Soutien d’urgence',
    always: '24 h sur 24, 7 j sur 7',
    form: 'Envoyez-nous un message',
  },
} satisfies Record<Lang, Record<string, unknown>>

export function ContactPage({ site, quote, lang, path }: { site: LocalSite; quote: QuoteFormData; lang: Lang; path: string }) {
  const copy = COPY[lang]
  return (
    <>
      <PageHero>
        <h1 className="text-4xl font-extrabold md:text-5xl">{copy.title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-50">{copy.lead}</p>
      </PageHero>
      <section className={`${container} grid gap-12 py-16 lg:grid-cols-2`}>
        <div className="space-y-10">
          <div>
            <h2 className="text-2xl font-bold text-slate-900">{copy.touch}</h2>
            <p className="mt-3 text-slate-700">
              {copy.email} <EmailLink email={site.email} />
            </p>
            <p className="mt-1 text-slate-700">
              {copy.phone} <PhoneLink phone={site.phone} />
            </p>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-slate-900">{copy.area}</h2>
            <p className="mt-3 text-slate-700">{copy.areaText}</p>
            <FinderLink lang={lang} className="mt-2 text-slate-700" />
          </div>
          <div>
            <h2 className="text-2xl font-bold text-slate-900">{copy.why}</h2>
            <div className="mt-4">
              <CheckList items={copy.points} />
            </div>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-slate-900">{copy.hours}</h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-700">
              <dt className="font-semibold">{copy.service}</dt>
              <dd>{copy.always}</dd>
              <dt className="font-semibold">{copy.emergency}</dt>
              <dd>{copy.always}</dd>
            </dl>
          </div>
        </div>
        <QuoteBlock trust={site.trust} quote={quote} lang={lang} page={path} heading={copy.form} />
      </section>
    </>
  )
}
