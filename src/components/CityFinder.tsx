import type { Lang } from '../i18n/lang'
import { CITIES_A_Z_ID, FINDER_ID } from './cityFinderIds'

const COPY = {
  en: {
    heading: 'Find your city',
    label: 'City',
    hint: 'Type two or more letters of your city, and its state or province if you like (“springfield il”).',
    browse: 'Or browse every city A–Z',
    submit: 'Find',
    // {n} and {q} are filled in by the finder's script.
    one: '1 city matches.',
    many: '{n} cities match.',
    more: '{n} cities match; the first {shown} are listed. Type more letters to narrow them down.',
    none: 'No city matches “{q}”. Check the spelling, or browse every city A–Z below.',
  },
  fr: {
    heading: 'Trouver votre ville',
    label: 'Ville',
    hint: 'Tapez au moins deux lettres du nom de votre ville («\u00a0trois rivieres\u00a0»).',
    browse: 'Ou parcourez toutes les villes de A à Z',
    submit: 'Chercher',
    one: '1 ville trouvée.',
    many: '{n} villes trouvées.',
    more: '{n} villes trouvées; voici les {shown} premières. Tapez plus de lettres pour préciser.',
    none: 'Aucune ville ne correspond à «\u00a0{q}\u00a0». Vérifiez l’orthographe ou parcourez la liste de A à Z plus bas.',
  },
} satisfies Record<Lang, Record<string, string>>

/**
 * The directory's city finder: an input, a status line read by screen readers, and a list of links to the matching cities'
 * hubs. Its script (src/client/cityFinder*.ts) loads on the input's first focus and reads its index from the A–Z list.
 * Without JavaScript, the form leads to the A–Z list.
 */
export function CityFinder({ lang }: { lang: Lang }) {
  const copy = COPY[lang]
  return (
    <section id={FINDER_ID} className="scroll-mt-24 border-b border-slate-200 bg-brand-50 py-12" aria-labelledby="find-heading">
      <div className="mx-auto max-w-3xl px-4">
        <h2 id="find-heading" className="text-3xl font-bold text-slate-900">
          {copy.heading}
        </h2>
        <form
          role="search"
          action={`#${CITIES_A_Z_ID}`}
          className="mt-4"
          data-city-finder=""
          data-one={copy.one}
          data-many={copy.many}
          data-more={copy.more}
          data-none={copy.none}
        >
          <label htmlFor="city-finder-input" className="block font-semibold text-slate-800">
            {copy.label}
          </label>
          <div className="mt-2 flex gap-2">
            <input
              id="city-finder-input"
              type="search"
              autoComplete="off"
              spellCheck={false}
              aria-describedby="city-finder-hint"
              className="block w-full min-w-0 rounded-lg border border-slate-400 bg-white px-4 py-3 text-lg text-slate-900"
            />
            <button type="submit" className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
              {copy.submit}
            </button>
          </div>
          <p id="city-finder-hint" className="mt-2 text-sm text-slate-700">
            {copy.hint}
          </p>
          <p role="status" className="mt-3 min-h-6 text-slate-800" data-city-finder-status=""></p>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2" data-city-finder-results=""></ul>
        </form>
        <p className="mt-4">
          <a href={`#${CITIES_A_Z_ID}`} className="font-semibold text-brand-700 underline">
            {copy.browse}
          </a>
        </p>
      </div>
    </section>
  )
}
