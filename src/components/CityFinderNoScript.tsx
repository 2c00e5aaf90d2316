import type { Lang } from '../i18n/lang'

const COPY = {
  en: { needs: 'Typing a town, ZIP or postal code needs JavaScript, which is off in this browser:', list: 'pick your city in the A–Z list' },
  fr: {
    needs: 'Taper une ville ou un code postal demande JavaScript, désactivé dans ce navigateur\u00a0:',
    list: 'choisissez votre ville dans la liste de A à Z',
  },
} satisfies Record<Lang, Record<string, string>>

/**
 * The city finder's line for a browser without JavaScript, where 'Find' only leads to the A–Z list: it says
 * why in words, and links the list (`aToZ`: the directory's, on every page with a finder).
 */
export function CityFinderNoScript({ lang, aToZ }: { lang: Lang; aToZ: string }) {
  return (
    <noscript>
      <p className="mt-2 font-semibold text-slate-800" data-city-finder-noscript="">
        {COPY[lang].needs}{' '}
        <a href={aToZ} className="text-brand-700 underline">
          {COPY[lang].list}
        </a>
        .
      </p>
    </noscript>
  )
}
