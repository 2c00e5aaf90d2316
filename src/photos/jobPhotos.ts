import { jobPhotoPlace, type ContentInputs } from '../catalog/content'
import type { PhotoSource } from './render'

/**
 * The job stories' photos (content/jobs/<name>/), as photos for the build to make: one per file, whichever of its
 * story's languages lists it first (each language has its own description, shown on its pages).
 */
export function jobPhotoSources(content: ContentInputs): PhotoSource[] {
  const sources = new Map<string, PhotoSource>()
  for (const job of content.jobs)
    for (const photo of job.photos)
      if (!sources.has(photo.src))
        sources.set(photo.src, {
          file: photo.src.split('/').at(-1)!,
          on: jobPhotoPlace(photo.src),
          alt: photo.alt,
          line: photo.line,
          where: photo.where,
          original: { path: photo.src, shown: photo.shown },
        })
  return [...sources.values()]
}
