import type { ReactNode } from 'react'
import type { LocalSite } from '../components/data'
import { EmailLink, PageHero, container } from '../components/ui'
import type { Lang } from '../i18n/lang'
import { queWord } from '../i18n/french'

/**
 * The privacy notice (issue 16): what the quote form collects, why, where it is stored, for how long, who receives it,
 * and how to ask for a copy or its deletion. Each sentence says what the code does (supabase/functions/send-contact-email:
 * the stored columns, the keyed hash of the client address for the rate limit, RETENTION_DAYS, the e-mail to MAIL_TO).
 */
const COPY = {
  en: {
    title: 'Privacy Notice',
    lead: (company: string) =>
      `What ${company} does with what you send through our quote form. Our pages set no cookies and use no analytics or advertising trackers.`,
    collect: 'What we collect',
    collectIntro: 'When you send the quote form, we store:',
    collected: [
      'what you type: your name, email address, phone number, the service you choose, the city or ZIP code you give (on forms that ask for it) and your message;',
      'the page you sent it from and, when that page is about a city or a service (or is the quote page a city page led you to), that city and service; when our city finder led you to the quote page for a place we have no page for, the nearest city we serve and its distance;',
      'the language of the page, and the date and time of your request;',
      'a coded fingerprint of your connection’s IP address (a keyed hash), used only to limit how many requests one connection can send. Your IP address itself is not stored.',
    ],
    why: 'Why',
    whyText:
      'To answer your request: to contact you, prepare your quote and know which service and place you are asking about. The fingerprint of your connection, and a hidden field that only robots fill in, protect the form from spam and abuse. We use your information for nothing else.',
    where: 'Where it is stored',
    whereText:
      'In the PostgreSQL database of our Supabase project (supabase.com), where the form records your request before emailing it. Only our own service can read it: the database’s public interface gives no access to it. Its servers may be outside your province, state or country.',
    howLong: 'How long we keep it',
    howLongText: (days: string) => `${days} days after we receive your request. Then it is deleted automatically, whether or not it could be emailed to us.`,
    who: 'Who receives it',
    whoText:
      'Your request is emailed to our company’s inbox, where our staff read it to answer you. We share it with no one else; Supabase and our email provider only store and deliver it for us.',
    finder: 'The city finder and your location',
    finderText:
      'What you type in the city finder is not sent to us: your browser downloads from our site the part of the finder’s list that holds it (a range of names or codes, like a page of a directory) and looks it up itself. When you tap ‘Use my location’, your browser asks you first; your position is then used in your browser only, to find our nearest cities, and is never sent to us or stored.',
    rights: 'A copy, a correction or deletion',
    rightsText: (email: ReactNode) => (
      <>To get a copy of your information, correct it or have it deleted sooner, write to us at {email}. We answer within 30 days.</>
    ),
    daysOf: (days: number) => days.toLocaleString('en-US'),
  },
  fr: {
    title: 'Politique de confidentialité',
    lead: (company: string) =>
      `Ce ${queWord(company)} fait des renseignements que vous transmettez par notre formulaire de soumission. Nos pages n’utilisent aucun témoin (cookie) ni outil d’analyse ou de publicité.`,
    collect: 'Renseignements recueillis',
    collectIntro: 'Lorsque vous envoyez le formulaire de soumission, nous conservons\u00a0:',
    collected: [
      'ce que vous inscrivez\u00a0: votre nom, votre adresse courriel, votre numéro de téléphone, le service choisi, la ville ou le code postal indiqué (dans les formulaires qui le demandent) et votre message\u00a0;',
      'la page d’où vous l’envoyez et, si cette page porte sur une ville ou un service (ou si c’est la page de soumission où une page de ville vous a mené), cette ville et ce service\u00a0; si notre outil de recherche de villes vous a mené à la page de soumission pour un endroit sans page à son nom, la ville desservie la plus proche et sa distance\u00a0;',
      'la langue de la page, ainsi que la date et l’heure de votre demande\u00a0;',
      'une empreinte codée de l’adresse IP de votre connexion (un hachage à clé), qui sert uniquement à limiter le nombre de demandes qu’une même connexion peut envoyer. Votre adresse IP elle-même n’est pas conservée.',
    ],
    why: 'Pourquoi',
    whyText:
      'Pour répondre à votre demande\u00a0: communiquer avec vous, préparer votre soumission et savoir quel service et quel endroit vous intéressent. L’empreinte de votre connexion et un champ caché que seuls les robots remplissent protègent le formulaire contre le pourriel et les abus. Nous n’utilisons vos renseignements à aucune autre fin.',
    where: 'Où ils sont conservés',
    whereText:
      'Dans la base de données PostgreSQL de notre projet Supabase (supabase.com), où le formulaire enregistre votre demande avant de nous la transmettre par courriel. Seul notre propre service peut la lire\u00a0: l’interface publique de la base de données n’y donne aucun accès. Ses serveurs peuvent se trouver à l’extérieur du Québec et du Canada.',
    howLong: 'Durée de conservation',
    howLongText: (days: string) =>
      `${days}\u00a0jours après la réception de votre demande. Elle est ensuite supprimée automatiquement, qu’elle ait pu nous être transmise par courriel ou non.`,
    who: 'Qui les reçoit',
    whoText:
      'Votre demande est transmise par courriel à la boîte de réception de notre entreprise, où notre personnel la lit pour vous répondre. Nous ne la communiquons à personne d’autre\u00a0; Supabase et notre fournisseur de courriel ne font que la conserver et l’acheminer pour nous.',
    finder: 'La recherche de ville et votre position',
    finderText:
      'Ce que vous tapez dans la recherche de ville ne nous est pas transmis\u00a0: votre navigateur télécharge de notre site la partie de la liste qui le contient (une plage de noms ou de codes, comme une page d’annuaire) et y fait lui-même la recherche. Lorsque vous touchez «\u00a0Utiliser ma position\u00a0», votre navigateur vous le demande d’abord\u00a0; votre position sert alors dans votre navigateur seulement, à trouver nos villes les plus proches, et n’est jamais transmise ni conservée.',
    rights: 'Accès, rectification et suppression',
    rightsText: (email: ReactNode) => (
      <>
        Pour obtenir une copie de vos renseignements, les faire corriger ou les faire supprimer plus tôt, écrivez-nous à {email}. Nous répondons dans un délai
        de 30{'\u00a0'}jours.
      </>
    ),
    daysOf: (days: number) => days.toLocaleString('fr-CA'),
  },
} satisfies Record<Lang, Record<string, unknown>>

export function PrivacyPage({ site, retentionDays, lang }: { site: LocalSite; retentionDays: number; lang: Lang }) {
  const copy = COPY[lang]
  const email = <EmailLink email={site.email} />
  const heading = 'mt-10 text-2xl font-bold text-slate-900'
  return (
    <>
      <PageHero>
        <h1 className="text-4xl font-extrabold md:text-5xl">{copy.title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-50">{copy.lead(site.company)}</p>
      </PageHero>
      <section className={`${container} py-16`}>
        <div className="max-w-3xl text-slate-700" data-privacy="">
          <h2 className="text-2xl font-bold text-slate-900">{copy.collect}</h2>
          <p className="mt-3">{copy.collectIntro}</p>
          <ul className="mt-3 list-disc space-y-2 pl-6">
            {copy.collected.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <h2 className={heading}>{copy.why}</h2>
          <p className="mt-3">{copy.whyText}</p>
          <h2 className={heading}>{copy.where}</h2>
          <p className="mt-3">{copy.whereText}</p>
          <h2 className={heading}>{copy.howLong}</h2>
          <p className="mt-3" data-retention-days={retentionDays}>
            {copy.howLongText(copy.daysOf(retentionDays))}
          </p>
          <h2 className={heading}>{copy.who}</h2>
          <p className="mt-3">{copy.whoText}</p>
          <h2 className={heading}>{copy.finder}</h2>
          <p className="mt-3">{copy.finderText}</p>
          <h2 className={heading}>{copy.rights}</h2>
          <p className="mt-3">{copy.rightsText(email)}</p>
        </div>
      </section>
    </>
  )
}
