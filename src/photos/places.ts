/**
 * Where a photo of data/photos.yaml can appear (its `on`), and how each place shows it: the widths the build makes,
 * the crop's proportions, the `sizes` the browser picks a width with, and whether it is a page's hero (loaded at once,
 * at high priority, its crop the page's share image) or further down (loaded lazily).
 */
export type PlaceKind = 'home' | 'about' | 'service' | 'city' | 'job'

export interface PlaceLook {
  /** Widths made, in CSS pixels × device pixels; the largest is the narrowest original the place accepts. */
  widths: readonly number[]
  /** Width : height of the crop. */
  aspect: readonly [number, number]
  /** The `sizes` attribute: the width the photo takes at each viewport width (the layouts of src/pages/). */
  sizes: string
  /** A hero: above the fold, `fetchpriority="high"` and preloaded; else `loading="lazy"`. */
  hero: boolean
  /** How check:data names the place. */
  label: string
}

/**
 * A hero: at most 576 px (max-w-xl), in the right half of the container (max-w-7xl, px-4; gap-10) from 1024 px, the
 * container's width below.
 */
const HERO = '(min-width: 1280px) 576px, (min-width: 1024px) calc(50vw - 36px), (min-width: 608px) 576px, calc(100vw - 32px)'
/** The about page's story column (gap-12) from 768 px, the container's width below. */
const STORY = '(min-width: 1280px) 600px, (min-width: 768px) calc(50vw - 40px), calc(100vw - 32px)'
/** A job story's photo, in the page's text column beside the quote's (src/components/ui.tsx, withQuoteColumn). */
const JOB = '(min-width: 1280px) 688px, (min-width: 1024px) calc(100vw - 512px), calc(100vw - 32px)'

/**
 * 480 for phones, 720 for phones of 1.75–2 device pixels per CSS pixel (Lighthouse's phone: 343 CSS px × 1.75) and for a
 * hero's half at 1280 px, 1200 for screens of 3 (and a half at 2).
 */
const WIDTHS = [480, 720, 1200]

export const PLACE_LOOKS: Readonly<Record<PlaceKind, PlaceLook>> = {
  home: { widths: WIDTHS, aspect: [4, 3], sizes: HERO, hero: true, label: 'the home page’s hero' },
  service: { widths: WIDTHS, aspect: [4, 3], sizes: HERO, hero: true, label: 'the hero of the service’s pages' },
  city: { widths: WIDTHS, aspect: [4, 3], sizes: HERO, hero: true, label: 'the hero of the city’s pages' },
  about: { widths: WIDTHS, aspect: [3, 2], sizes: STORY, hero: false, label: 'the about page’s story' },
  job: { widths: WIDTHS, aspect: [3, 2], sizes: JOB, hero: false, label: 'a job story' },
}

/**
 * A job story's photo on a job card (p-4, a border): in the quote's column on a city's hub, in the text column on a
 * service's page.
 */
export const JOB_CARD_SIZES = {
  aside: '(min-width: 1280px) 478px, (min-width: 1024px) 398px, calc(100vw - 66px)',
  main: '(min-width: 1280px) 654px, (min-width: 1024px) calc(100vw - 546px), calc(100vw - 66px)',
} as const

/** The image formats made of every width, best first (the order of a <picture>'s sources); the last is the fallback. */
export const PHOTO_FORMATS = [
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
  { ext: 'jpg', type: 'image/jpeg' },
] as const

/** The share image (og:image) made of a hero photo. */
export const SHARE_SIZE = { width: 1200, height: 630 } as const

export const placeKind = (on: string): PlaceKind =>
  on.startsWith('service:') ? 'service' : on.startsWith('city:') ? 'city' : on.startsWith('job:') ? 'job' : (on as PlaceKind)

/**
 * A photo as the build made it (src/photos/render.ts): plain data, in the pages' props. Its files are
 * `${base}-${width}.${ext}` for each width and format, and `${base}-og.jpg` for a hero.
 */
export interface PhotoImage {
  /** `/photos/<hash>`: the hash of the original, its crop and the encoder settings. */
  base: string
  /** The widths made, smallest first. */
  widths: number[]
  /** The largest file's size (its proportions are the crop's). */
  width: number
  height: number
  /** The photo's average colour, `#rrggbb`: shown until the image arrives. */
  color: string
  /** The share image, 1200 × 630, for a hero. */
  og?: string
}

/** The files of one format at every width, for `srcset` (the preload's and the <picture>'s). */
export const photoSrcSet = (photo: Pick<PhotoImage, 'base' | 'widths'>, ext: string) => photo.widths.map((w) => `${photo.base}-${w}.${ext} ${w}w`).join(', ')

/** `(focus)` → the point of the photo to keep in a crop, each coordinate 0..1 from the left and the top. */
export function focusPoint(focus: string | undefined): { x: number; y: number } {
  switch (focus ?? 'center') {
    case 'center':
      return { x: 0.5, y: 0.5 }
    case 'top':
      return { x: 0.5, y: 0 }
    case 'bottom':
      return { x: 0.5, y: 1 }
    case 'left':
      return { x: 0, y: 0.5 }
    case 'right':
      return { x: 1, y: 0.5 }
  }
  const [x, y] = focus!.split(',').map(Number)
  return { x: x!, y: y! }
}

/** The largest box of `aspect` inside `width` × `height`, centred on the focus as far as the edges allow. */
export function cropBox(width: number, height: number, aspect: readonly [number, number], focus: { x: number; y: number }) {
  // Whole height (a photo wider than the aspect) or whole width (taller).
  const wide = width * aspect[1] > height * aspect[0]
  const w = wide ? Math.min(width, Math.round((height * aspect[0]) / aspect[1])) : width
  const h = wide ? height : Math.min(height, Math.round((width * aspect[1]) / aspect[0]))
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v)))
  return { left: clamp(focus.x * width - w / 2, width - w), top: clamp(focus.y * height - h / 2, height - h), width: w, height: h }
}
