import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { DataError, type LoadNotes } from './errors'
import { readTextFile } from './textFile'
import { linesOf, loadYaml } from './yamlFile'

/** The list of the photos and the folder of the originals, in data/; both optional (no photos). */
export const PHOTOS_LIST = 'photos.yaml'
export const PHOTOS_DIR = 'photos'

/** Files a computer leaves in a folder by itself, which are not photos. */
export const SYSTEM_FILES = /^(\..*|Thumbs\.db|desktop\.ini)$/i

/** A file name or a camera's name for it: says nothing of what the photo shows. */
const FILE_NAME = /^\s*(\S+\.(jpe?g|png|webp|avif|heic|heif|gif|tiff?|bmp)|(img|dsc|dscn|pxl|dji|gopr)[_ -]?\d+\S*)\s*$/i
/** Screen readers already say it is an image: these words only delay what it shows. */
const REDUNDANT_START = { en: /^\s*(an? )?(image|photo|picture) of\b/i, fr: /^\s*(une )?(image|photo|photographie) d(e|u|es|\u2019|')/i }

/**
 * A description of the photo for people who cannot see it (screen readers, a photo that fails to load, search engines):
 * what it shows, in a sentence, not its file name, and not "photo of…" (docs/staff-guide.md, "Photos").
 */
export const altText = (lang: 'en' | 'fr') =>
  z
    .string()
    .trim()
    .min(1, 'is empty: say in a few words what the photo shows')
    .refine((alt) => !FILE_NAME.test(alt), 'is a file name: say in a few words what the photo shows instead')
    .refine(
      (alt) => !REDUNDANT_START[lang].test(alt),
      lang === 'en'
        ? 'starts with "image of" or "photo of": screen readers already say it is an image; start with what it shows'
        : 'commence par « image de » ou « photo de »\u00a0: les lecteurs d’écran disent déjà que c’est une image\u00a0; commencez par ce qu’elle montre',
    )

/** Where the photo appears: `home`, `about`, `service:<service slug>` (a service's page and its city pages) or `city:<city slug>` (a city's pages). */
const Place = z
  .string()
  .trim()
  .regex(
    /^(home|about|service:[a-z0-9-]+|city:[a-z0-9-]+)$/,
    'expected home, about, service:<service slug> or city:<city slug> (for example service:strip-wax)',
  )

const PhotoSchema = z.strictObject({
  /** The name of the original in data/photos/ (no folder). */
  file: z
    .string()
    .trim()
    .min(1)
    .refine((f) => !/[/\\]/.test(f), 'expected the name of a file in data/photos/, without a folder'),
  on: Place,
  alt: altText('en'),
  /** Required where the photo appears on French pages (checked with the catalogue: a city without French pages needs none). */
  alt_fr: altText('fr').optional(),
  /** A line shown under the photo, and its French version (French pages show no English caption). */
  caption: z.string().trim().min(1).optional(),
  caption_fr: z.string().trim().min(1).optional(),
  /** Who took it, shown with the caption ("Photo: Jane Doe"). */
  credit: z.string().trim().min(1).optional(),
  /** The point a crop keeps: center (the default), top, bottom, left, right, or "x,y" from the top left, each from 0 to 1. */
  focus: z
    .string()
    .trim()
    .refine(
      (f) => /^(center|top|bottom|left|right)$/.test(f) || (/^\s*[01](\.\d+)?\s*,\s*[01](\.\d+)?\s*$/.test(f) && f.split(',').every((n) => Number(n) <= 1)),
      'expected center, top, bottom, left, right, or "x,y" with x and y from 0 to 1 (such as "0.5,0.3")',
    )
    .transform((f) => f.replace(/\s+/g, ''))
    .optional(),
})

const PhotosFileSchema = z.strictObject({ photos: z.array(PhotoSchema).default([]) })

/** An entry of data/photos.yaml, with where it is: its line and the key path messages name. */
export type PhotoEntry = z.output<typeof PhotoSchema> & { line: number; where: string }

/**
 * data/photos.yaml and data/photos/: the entries, each checked on its own, and the two against each other (a listed file
 * missing, a file not listed, two photos for one place). Nothing when neither exists (no photos). Whether a file is an
 * image, and large enough, is checked when it is read (src/photos/render.ts).
 */
export function loadPhotos(dataDir: string, listName: string, folderName: string, notes?: LoadNotes): PhotoEntry[] {
  const list = path.join(dataDir, PHOTOS_LIST)
  const folder = path.join(dataDir, PHOTOS_DIR)
  const files = existsSync(folder) ? readdirSync(folder).filter((f) => !SYSTEM_FILES.test(f)) : []
  if (!existsSync(list)) {
    if (files.length === 0) return []
    throw new DataError(files.map((f) => `${folderName}/${f}: not listed in ${listName}; ${LIST_IT}`))
  }
  const { photos } = loadYaml(list, PhotosFileSchema, listName, notes)
  const lines = linesOf(
    readTextFile(list, listName).text,
    photos.map((_, i) => ['photos', i]),
  )
  const entries = photos.map((p, i) => ({ ...p, line: lines[i] ?? 0, where: `${listName} line ${lines[i] ?? '?'}, photos[${i}]` }))
  const problems: string[] = []
  const present = new Set(files)
  const placed = new Map<string, PhotoEntry>()
  for (const entry of entries) {
    if (!present.has(entry.file)) {
      const near = files.find((f) => f.toLowerCase() === entry.file.toLowerCase())
      problems.push(
        `${entry.where}.file: "${entry.file}" is not in ${folderName}/` +
          (near ? ` (there is "${near}": write the name exactly as the file is named)` : '; copy the photo there, or remove this entry'),
      )
    }
    const stem = entry.file.replace(/\.[^.]*$/, '').toLowerCase()
    for (const field of ['alt', 'alt_fr'] as const)
      if (entry[field] && [entry.file.toLowerCase(), stem].includes(entry[field].toLowerCase()))
        problems.push(`${entry.where}.${field}: is the file's name: say in a few words what the photo shows instead`)
    const first = placed.get(entry.on)
    if (first) problems.push(`${entry.where}.on: "${entry.on}" already has a photo (line ${first.line}); one photo per place`)
    else placed.set(entry.on, entry)
  }
  const listed = new Set(entries.map((e) => e.file))
  for (const f of files) if (!listed.has(f)) problems.push(`${folderName}/${f}: not listed in ${listName}; ${LIST_IT}`)
  if (problems.length > 0) throw new DataError(problems)
  return entries
}

const LIST_IT = 'add an entry for it (file, on, alt: see docs/staff-guide.md, "Photos"), or take it out of the folder'
