import type { ReactNode } from 'react'
import type { Lang } from '../i18n/lang'
import type { PagePhoto } from './data'
import { Photo } from './Photo'
import { container } from './ui'

/**
 * A hero's content in the container: with a photo, the text on the left and the photo on the right from 1024 px (below
 * the text on narrower screens); without one, the content alone, as before photos (the same markup).
 */
export function HeroGrid({ photo, lang, className, children }: { photo?: PagePhoto; lang: Lang; className: string; children: ReactNode }) {
  if (!photo) return <div className={`${container} ${className}`}>{children}</div>
  return (
    <div className={`${container} grid items-center gap-10 lg:grid-cols-2 ${className}`}>
      <div>{children}</div>
      <Photo photo={photo} lang={lang} tone="dark" />
    </div>
  )
}
