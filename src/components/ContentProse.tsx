import type { Lang } from '../i18n/lang'
import type { PagePhoto } from './data'
import { Photo } from './Photo'

// The company's own words (content/, src/catalog/content.ts) as pages show them: a text under its heading, job stories
// in full, and job cards. The texts' HTML was rendered from Markdown when it was loaded (raw HTML refused there).

/** A text of content/ on a page: its HTML. */
export interface ProseView {
  html: string
}

/** A job story as its city-service page shows it in full. */
export interface JobView {
  title: string
  /** "March 2026" (« mars 2026 »). */
  when: string
  html: string
  quote?: { text: string; name: string; company?: string | undefined }
  /** Its photos (content/jobs/<name>/), as the build made them. */
  photos?: PagePhoto[]
}

/** A job story as a card: its title, when, its first words and the page that tells it in full. */
export interface JobCard {
  title: string
  when: string
  summary: string
  href: string
  /** "Plano, TX" on the service's page (cards of many cities); absent on a city's hub. */
  place?: string
  /** The story's first photo. */
  photo?: PagePhoto
}

const COPY = {
  en: { stories: (city: string) => `Jobs we did in ${city}`, recent: 'Recent jobs' },
  fr: { stories: (city: string) => `Nos chantiers à ${city}`, recent: 'Chantiers récents' },
} satisfies Record<Lang, Record<string, unknown>>

/** "2026-03" → "March 2026" (« mars 2026 »). */
export const jobMonth = (date: string, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}-01T00:00:00Z`))

/** A text of content/ in a section of its own, under `heading` (its subheadings from h3). */
export function ProseSection({ id, heading, prose }: { id: string; heading: string; prose: ProseView }) {
  return (
    <section aria-labelledby={id} data-content="">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {heading}
      </h2>
      <div className="prose-content mt-3 space-y-4 text-slate-700" dangerouslySetInnerHTML={{ __html: prose.html }} />
    </section>
  )
}

/** The job stories of a city-service page, in full, the latest first. */
export function JobStories({ city, jobs, lang }: { city: string; jobs: readonly JobView[]; lang: Lang }) {
  return (
    <section aria-labelledby="jobs-heading" data-job-stories="">
      <h2 id="jobs-heading" className="text-2xl font-bold text-slate-900">
        {COPY[lang].stories(city)}
      </h2>
      {jobs.map((job) => (
        <article key={job.title} className="mt-6">
          <h3 className="text-xl font-bold text-slate-900">{job.title}</h3>
          <p className="mt-1 text-sm text-slate-600">{job.when}</p>
          <div className="prose-content mt-3 space-y-4 text-slate-700" dangerouslySetInnerHTML={{ __html: job.html }} />
          {job.photos?.map((photo) => (
            <div key={photo.base} className="mt-6">
              <Photo photo={photo} lang={lang} tone="light" />
            </div>
          ))}
          {job.quote && (
            <figure className="mt-4 rounded-xl bg-brand-50 p-4">
              <blockquote className="italic text-slate-800">“{job.quote.text}”</blockquote>
              <figcaption className="mt-2 text-sm text-slate-600">{job.quote.company ? `${job.quote.name}, ${job.quote.company}` : job.quote.name}</figcaption>
            </figure>
          )}
        </article>
      ))}
    </section>
  )
}

/** Job cards: a list (no substance of the page's own: src/seo/pageText.ts leaves lists out), each linking to its story. */
export function JobCards({ cards, lang, heading }: { cards: readonly JobCard[]; lang: Lang; heading?: string }) {
  return (
    <section aria-labelledby="job-cards-heading" data-job-cards="">
      <h2 id="job-cards-heading" className="text-2xl font-bold text-slate-900">
        {heading ?? COPY[lang].recent}
      </h2>
      <ul className="mt-4 space-y-4">
        {cards.map((card) => (
          <li key={card.href} className="rounded-xl border border-slate-200 p-4">
            {card.photo && (
              <div className="mb-3">
                <Photo photo={card.photo} lang={lang} tone="light" />
              </div>
            )}
            <p className="text-sm text-slate-600">{card.place ? `${card.place} · ${card.when}` : card.when}</p>
            <h3 className="mt-1 font-bold text-slate-900">
              <a href={card.href} className="text-brand-700 hover:underline">
                {card.title}
              </a>
            </h3>
            <p className="mt-2 text-sm text-slate-700">{card.summary}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
