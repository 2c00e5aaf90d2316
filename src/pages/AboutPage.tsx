import type { LocalSite, PagePhoto } from '../components/data'
import { FinderLink } from '../components/FinderLink'
import { Photo } from '../components/Photo'
import { ButtonLink, CheckList, PageHero, container } from '../components/ui'
import type { Lang } from '../i18n/lang'
import { deWord } from '../i18n/french'
import { STATIC_PATHS } from '../urls/routes'
import { TrustFacts, trustFacts } from '../components/TrustFacts'

const COPY = {
  en: {
    title: (company: string) => `About ${company}`,
    lead: (coverage: string) => `Eco-friendly janitorial and cleaning services for businesses and homes across the ${coverage}.`,
    story: 'Our Story',
    storyText:
      'We started as a two-person crew cleaning small offices at night. Clients kept asking us to take on more: their clinics, their warehouses, their rental units and their homes. Today our trained crews serve hundreds of cities across the continental United States and Canada, and we still run every account the way we ran the first one: show up, do it right, and make it easy for the customer.',
    why: 'Why Choose Us',
    whyPoints: [
      'Eco-friendly products that are safe for people and pets',
      'Trained, background-checked and fully insured staff',
      'Flexible scheduling, including nights, weekends and holidays',
      'Service 24/7 with emergency support',
      'A reply to every quote request within 24 hours',
    ],
    mission: 'Our Mission',
    missionText: 'To deliver healthier, cleaner spaces with products and methods that protect the people inside them and the environment outside.',
    vision: 'Our Vision',
    visionText: 'To be the most trusted cleaning partner in North America, known for consistent quality, fair prices and green practices.',
    values: 'Our Values',
    valueList: [
      ['Integrity', 'We quote honestly, show up when we say we will and fix anything we miss at no charge.'],
      ['Safety', 'Every crew member is trained in chemical handling, OSHA standards and site security.'],
      ['Sustainability', 'Products carrying the Green Seal or EPA Safer Choice label, microfiber systems and HEPA filtration as standard.'],
      ['Reliability', 'The same trained crew at every visit, supervisor inspections and a 24/7 support line.'],
    ],
    commitment: 'Our Commitment',
    commitments: [
      ['Professional Team', 'Background-checked, uniformed and insured cleaners who are trained before their first shift and coached every quarter.'],
      ['Environmental Responsibility', 'Low-VOC, biodegradable products, concentrated refills that cut packaging waste, and water-saving equipment.'],
      ['Quality Assurance', 'Checklists for every visit, scheduled supervisor walk-throughs and a re-clean guarantee within 24 hours.'],
      ['Customer Support', 'One account manager, a reply to every request within 24 hours, and emergency support 24/7.'],
    ],
    estimate: 'Get Free Estimate',
  },
  fr: {
    title: (company: string) => `À propos ${deWord(company)}`,
    lead: (coverage: string) => `Services écologiques d’entretien ménager et de conciergerie pour les entreprises et les résidences (${coverage}).`,
    story: 'Notre histoire',
    storyText:
      'Nous avons commencé à deux, en faisant l’entretien de petits bureaux le soir. Nos clients nous ont demandé d’en faire plus\u00a0: leurs cliniques, leurs entrepôts, leurs logements locatifs et leurs maisons. Aujourd’hui, nos équipes formées desservent des centaines de villes au Canada et dans la partie continentale des États-Unis, et nous gérons encore chaque compte comme le premier\u00a0: être là, bien faire le travail et simplifier la vie du client.',
    why: 'Pourquoi nous choisir',
    whyPoints: [
      'Produits écologiques sans danger pour les personnes et les animaux',
      'Personnel formé, entièrement assuré et dont les antécédents sont vérifiés',
      'Horaire souple, y compris les soirs, les fins de semaine et les jours fériés',
      'Service 24 heures sur 24, avec soutien d’urgence',
      'Réponse à chaque demande de soumission en 24 heures',
    ],
    mission: 'Notre mission',
    missionText:
      'Offrir des lieux plus propres et plus sains, avec des produits et des méthodes qui protègent les gens qui y vivent et y travaillent, et l’environnement.',
    vision: 'Notre vision',
    visionText:
      'Être le partenaire d’entretien le plus fiable en Amérique du Nord, reconnu pour une qualité constante, des prix justes et des pratiques écologiques.',
    values: 'Nos valeurs',
    valueList: [
      ['Intégrité', 'Nos soumissions sont honnêtes, nous arrivons à l’heure dite et nous reprenons sans frais tout ce qui a été oublié.'],
      [
        'Sécurité',
        'Chaque membre de nos équipes est formé à la manipulation des produits, aux normes de santé et de sécurité du travail de la CNESST et à la sécurité des lieux.',
      ],
      ['Développement durable', 'Des produits portant l’écolabel Green Seal ou Safer Choice, des systèmes en microfibre et la filtration HEPA en standard.'],
      ['Fiabilité', 'La même équipe formée à chaque visite, des inspections par un superviseur et une ligne de soutien 24 heures sur 24.'],
    ],
    commitment: 'Notre engagement',
    commitments: [
      [
        'Une équipe professionnelle',
        'Des préposés en uniforme, assurés et dont les antécédents sont vérifiés, formés avant leur premier quart de travail et encadrés chaque trimestre.',
      ],
      [
        'La responsabilité environnementale',
        'Des produits biodégradables à faible teneur en COV, des recharges concentrées qui réduisent les emballages et de l’équipement qui économise l’eau.',
      ],
      [
        'Le contrôle de la qualité',
        'Une liste de vérification à chaque visite, des inspections planifiées par un superviseur et une reprise garantie en 24 heures.',
      ],
      ['Le service à la clientèle', 'Un seul chargé de compte, une réponse à chaque demande en 24 heures et un soutien d’urgence 24 heures sur 24.'],
    ],
    estimate: 'Obtenir une soumission gratuite',
  },
} satisfies Record<Lang, Record<string, unknown>>

export function AboutPage({ site, lang, photo }: { site: LocalSite; lang: Lang; photo?: PagePhoto }) {
  const copy = COPY[lang]
  return (
    <>
      <PageHero>
        <h1 className="text-4xl font-extrabold md:text-5xl">{copy.title(site.company)}</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-50">{copy.lead(site.coverage)}</p>
      </PageHero>

      <section className={`${container} grid gap-12 py-16 md:grid-cols-2`}>
        <div>
          <h2 className="text-3xl font-bold text-slate-900">{copy.story}</h2>
          <p className="mt-4 text-slate-700">{copy.storyText}</p>
          <FinderLink lang={lang} className="mt-4 text-slate-700" />
          {photo && (
            <div className="mt-8">
              <Photo photo={photo} lang={lang} tone="light" />
            </div>
          )}
        </div>
        <div>
          <h2 className="text-3xl font-bold text-slate-900">{copy.why}</h2>
          <div className="mt-4">
            <CheckList items={copy.whyPoints} />
          </div>
        </div>
      </section>

      {trustFacts(site.trust, lang).length > 0 && (
        <div className={`${container} pb-16`}>
          <TrustFacts trust={site.trust} lang={lang} look="section" />
        </div>
      )}

      <section className="bg-slate-50 py-16">
        <div className={`${container} grid gap-8 md:grid-cols-2`}>
          <div className="rounded-xl bg-white p-8 shadow-sm">
            <h2 className="text-2xl font-bold text-slate-900">{copy.mission}</h2>
            <p className="mt-3 text-slate-700">{copy.missionText}</p>
          </div>
          <div className="rounded-xl bg-white p-8 shadow-sm">
            <h2 className="text-2xl font-bold text-slate-900">{copy.vision}</h2>
            <p className="mt-3 text-slate-700">{copy.visionText}</p>
          </div>
        </div>
      </section>

      <section className={`${container} py-16`}>
        <h2 className="text-3xl font-bold text-slate-900">{copy.values}</h2>
        <dl className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {copy.valueList.map(([term, text]) => (
            <div key={term} className="rounded-xl border border-slate-200 p-6">
              <dt className="font-semibold text-brand-700">{term}</dt>
              <dd className="mt-2 text-slate-700">{text}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="bg-brand-50 py-16">
        <div className={container}>
          <h2 className="text-3xl font-bold text-slate-900">{copy.commitment}</h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {copy.commitments.map(([title, text]) => (
              <li key={title} className="rounded-xl bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
          <div className="mt-10">
            <ButtonLink href={STATIC_PATHS[lang].quote}>{copy.estimate}</ButtonLink>
          </div>
        </div>
      </section>
    </>
  )
}
