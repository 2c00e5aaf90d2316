import type { Lang } from '../i18n/lang'
import { PHOTO_FORMATS, photoSrcSet } from '../photos/places'
import type { PagePhoto } from './data'

/**
 * A photo of data/photos.yaml as a <picture>: AVIF, then WebP, then JPEG, each at every width its place needs, with the
 * page's `sizes`; its width and height set (no layout shift), its average colour shown until it arrives (an inline
 * SVG: the site's CSP allows no inline style), loaded at high priority for a hero, lazily elsewhere. A hero is at most
 * 576 px wide (max-w-xl), so that below 1024 px, under the text, it does not push the page far down. Only classes the
 * stylesheet already had: without photos, the stylesheet, and so every page, stays byte for byte as before.
 * `tone`: the caption's colours on a dark (the heroes' gradient) or a light background.
 */
export function Photo({ photo, lang, tone }: { photo: PagePhoto; lang: Lang; tone: 'dark' | 'light' }) {
  const fallback = PHOTO_FORMATS.at(-1)!
  const middle = photo.widths[Math.floor(photo.widths.length / 2)]!
  return (
    <figure data-photo="" className={photo.hero ? 'mx-auto w-full max-w-xl' : undefined}>
      <div className="relative overflow-hidden rounded-2xl shadow-lg">
        <svg aria-hidden="true" className="absolute inset-0 h-full w-full" viewBox="0 0 1 1" preserveAspectRatio="none">
          <rect width="1" height="1" fill={photo.color} />
        </svg>
        <picture>
          {PHOTO_FORMATS.slice(0, -1).map((format) => (
            <source key={format.ext} type={format.type} srcSet={photoSrcSet(photo, format.ext)} sizes={photo.sizes} />
          ))}
          <img
            src={`${photo.base}-${middle}.${fallback.ext}`}
            srcSet={photoSrcSet(photo, fallback.ext)}
            sizes={photo.sizes}
            width={photo.width}
            height={photo.height}
            alt={photo.alt}
            className="relative block h-auto w-full"
            {...(photo.hero ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
            decoding="async"
          />
        </picture>
      </div>
      {(photo.caption ?? photo.credit) && (
        <figcaption className={`mt-2 text-sm ${tone === 'dark' ? 'text-brand-50' : 'text-slate-600'}`}>
          {photo.caption}
          {photo.caption && photo.credit && ' · '}
          {photo.credit && <span>{lang === 'fr' ? `Photo\u00a0: ${photo.credit}` : `Photo: ${photo.credit}`}</span>}
        </figcaption>
      )}
    </figure>
  )
}
