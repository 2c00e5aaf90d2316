import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type sharpModule from 'sharp'
import type { Sharp } from 'sharp'
import { DataError } from '../catalog/errors'
import type { PhotoEntry } from '../catalog/photos'
import { writeWhole } from '../files/writeWhole'
import { cropBox, focusPoint, placeKind, PLACE_LOOKS, SHARE_SIZE, type PhotoImage, type PlaceLook } from './places'

/** Where the photos' files are served from: hashed names under /assets/, cached by browsers for a year. */
const PHOTOS_URL_DIR = 'assets/photos'

/**
 * The encoders' settings. AVIF's effort 0 and WebP's 2 took a fifth to a half of the time of their defaults for files
 * 1–3 % larger; mozjpeg took 4–10 times as long as libjpeg-turbo for 7–12 % smaller files, and the JPEG is the
 * fallback of the few browsers without AVIF or WebP (measured on a 4000 × 3000 photo).
 */
const ENCODERS = {
  avif: { quality: 50, effort: 0 },
  webp: { quality: 72, effort: 2 },
  jpeg: { quality: 78, progressive: true },
  share: { quality: 82 },
} as const

/** Part of every photo's key: a change of the settings or of the cropping makes every photo again. */
const ENCODING = `v2 ${JSON.stringify(ENCODERS)}`

/**
 * The installed sharp's version, part of every photo's key too: another sharp (its libvips, its encoders) makes other
 * bytes, so after an upgrade a warm build makes the files a fresh clone's build makes. Read from its package.json,
 * without loading the library.
 */
function sharpVersion(): string {
  const entry = createRequire(import.meta.url).resolve('sharp')
  return (JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version
}

/** What the photos of a build are: their images by place, the files to serve, and how many were made now. */
export interface PhotoRun {
  images: Record<string, PhotoImage>
  /** File under dist/client → the file in the cache it is a copy of. */
  files: Map<string, string>
  /** Photos encoded by this run (not found in the cache). */
  made: number
  cached: number
}

/**
 * A photo to make: an entry of data/photos.yaml (its original in data/photos/), or a job story's photo (`original`: its
 * file, from the project folder, and as messages name it; src/catalog/content.ts).
 */
export type PhotoSource = PhotoEntry & { original?: { path: string; shown: string } }

/** The original's path: a job's beside its story, else in data/photos/ (the project folder is data/'s parent). */
const originalPath = (entry: PhotoSource, dataDir: string) =>
  entry.original ? path.join(dataDir, '..', entry.original.path) : path.join(dataDir, 'photos', entry.file)

interface Names {
  photos: string
  photosDir: string
}

/**
 * Makes each photo's files into `cacheDir` (node_modules/.cache/photos/), unless made before from the same original
 * and settings: each is cropped to its place's proportions around its focus, turned upright by its EXIF orientation,
 * stripped of every metadata (no GPS position, no camera), made at its place's widths in AVIF, WebP and JPEG, and for
 * a hero also as the share image (1200 × 630). An unchanged original is known by its size and modification time (a
 * warm build reads no photo); a changed or new one by the hash of its bytes. Throws a DataError for a file that is
 * not an image this library reads or that is too small for its place.
 */
export async function makePhotos(entries: readonly PhotoSource[], dataDir: string, names: Names, cacheDir: string): Promise<PhotoRun> {
  const run: PhotoRun = { images: {}, files: new Map(), made: 0, cached: 0 }
  if (entries.length === 0) return run
  const originals = new OriginalHashes(cacheDir)
  const encoding = `${ENCODING} sharp ${sharpVersion()}`
  const photos = entries.map((entry) => {
    const key = photoKey(entry, originals.hashOf(originalPath(entry, dataDir)), encoding)
    return { entry, key, dir: path.join(cacheDir, key) }
  })
  originals.save()
  // One photo shown in two places of the same look is made once.
  const todo = [...new Map(photos.filter((p) => !existsSync(path.join(p.dir, META))).map((p) => [p.key, p])).values()]
  run.cached = photos.length - todo.length
  if (todo.length > 0) {
    const sharp = loadSharp()
    // Every problem of every photo before any encoding: a bad file fails the build in a second, with all the others named.
    const read = await inPairs(todo, async (t) => ({ ...t, ...(await readPhoto(sharp, t.entry, dataDir, names, false)) }))
    const problems = read.flatMap((r) => ('problem' in r ? [r.problem] : []))
    if (problems.length > 0) throw new DataError(problems)
    await inPairs(
      read.flatMap((r) => ('problem' in r ? [] : [r])),
      async (photo) => {
        // A file that its header did not give away as broken fails here, named the same way.
        await encodePhoto(sharp, { ...photo, file: originalPath(photo.entry, dataDir) }, photo.dir).catch((error: unknown) => {
          throw new DataError([unreadable(photo.where, error)])
        })
        run.made++
      },
    )
  }
  forgetOldPhotos(cacheDir, new Set(photos.map((p) => p.key)))
  for (const { entry, key, dir } of photos) {
    const meta = JSON.parse(readFileSync(path.join(dir, META), 'utf8')) as Omit<PhotoImage, 'base' | 'og'> & { og: boolean }
    const base = `/${PHOTOS_URL_DIR}/${key}`
    const { og, ...image } = meta
    run.images[entry.on] = { base, ...image, ...(og ? { og: `${base}-og.jpg` } : {}) }
    for (const file of readdirSync(dir)) if (file !== META) run.files.set(`${PHOTOS_URL_DIR}/${key}-${file}`, path.join(dir, file))
  }
  return run
}

/**
 * What check:data says of the photos' files without making them: each one an image this library reads, and large
 * enough for its place. Throws a DataError naming every bad one.
 */
export async function checkPhotoFiles(entries: readonly PhotoSource[], dataDir: string, names: Names): Promise<void> {
  if (entries.length === 0) return
  const sharp = loadSharp()
  const problems = (await inPairs(entries, (entry) => readPhoto(sharp, entry, dataDir, names, true))).flatMap((r) => ('problem' in r ? [r.problem] : []))
  if (problems.length > 0) throw new DataError(problems)
}

/** Copies into dist/client the photos' files it lacks, and deletes those of photos no longer shown. */
export function publishPhotos(outDir: string, run: PhotoRun) {
  const dir = path.join(outDir, PHOTOS_URL_DIR)
  const present = existsSync(dir) ? readdirSync(dir) : []
  for (const file of present) if (!run.files.has(`${PHOTOS_URL_DIR}/${file}`)) rmSync(path.join(dir, file), { force: true })
  if (run.files.size === 0) {
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true })
    return
  }
  mkdirSync(dir, { recursive: true })
  const kept = new Set(present)
  for (const [file, cached] of run.files) if (!kept.has(path.basename(file))) copyFileSync(cached, path.join(outDir, file))
}

/** Photos kept in the cache beyond those of the current data: a few versions of each, for going back and forth. */
const KEPT_PHOTOS = 200

/** Marks this build's photos as used, and deletes the least recently used others past KEPT_PHOTOS. */
function forgetOldPhotos(cacheDir: string, used: Set<string>) {
  const now = new Date()
  const others: { dir: string; at: number }[] = []
  for (const name of readdirSync(cacheDir)) {
    const dir = path.join(cacheDir, name)
    if (used.has(name)) utimesSync(dir, now, now)
    else if (/^[0-9a-f]{16}$/.test(name)) others.push({ dir, at: statSync(dir).mtimeMs })
  }
  for (const { dir } of others.sort((a, b) => b.at - a.at).slice(KEPT_PHOTOS)) rmSync(dir, { recursive: true, force: true })
}

type SharpModule = typeof sharpModule

/**
 * `work` on each item, two at a time (libvips spreads each over the cores, and the AVIF encoder leaves some idle; more
 * would hold more photos in memory), the results in the items' order.
 */
async function inPairs<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  let next = 0
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!)
  }
  await Promise.all([worker(), worker()])
  return results
}

/**
 * Loaded only when a photo is to be read: a build without new photos spends no time on it. Required (sharp is a
 * CommonJS package), not imported: the compiled build runs as a script (compiled.mjs), where import() has no loader.
 */
function loadSharp(): SharpModule {
  const sharp = createRequire(import.meta.url)('sharp') as SharpModule
  // libvips' cache of operations keeps decoded images for operations repeated with the same input: never the case here.
  sharp.cache(false)
  return sharp
}

const META = 'meta.json'

const lookOf = (entry: PhotoEntry): PlaceLook => PLACE_LOOKS[placeKind(entry.on)]

/** The name of a photo's files: the hash of its original, its crop, its widths and the encoding (`encoding`: the settings and sharp's version). */
function photoKey(entry: PhotoEntry, contentHash: string, encoding: string): string {
  const look = lookOf(entry)
  return createHash('sha1')
    .update(`${encoding} ${contentHash} ${look.aspect.join(':')} ${look.widths.join(',')} ${look.hero} ${entry.focus ?? 'center'}`)
    .digest('hex')
    .slice(0, 16)
}

/**
 * The hash of each original's bytes, kept by path with the size and modification time it had: an unchanged photo is
 * not read again.
 */
class OriginalHashes {
  private readonly file: string
  private readonly known: Record<string, { size: number; mtimeMs: number; hash: string }>
  private changed = false
  constructor(cacheDir: string) {
    this.file = path.join(cacheDir, 'originals.json')
    try {
      this.known = JSON.parse(readFileSync(this.file, 'utf8')) as typeof this.known
    } catch {
      this.known = {}
    }
  }
  hashOf(file: string): string {
    const stat = statSync(file, { throwIfNoEntry: false })
    if (!stat) return 'missing'
    const known = this.known[file]
    if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return known.hash
    const hash = createHash('sha1').update(readFileSync(file)).digest('hex')
    this.known[file] = { size: stat.size, mtimeMs: stat.mtimeMs, hash }
    this.changed = true
    return hash
  }
  save() {
    if (!this.changed) return
    try {
      writeWhole(this.file, JSON.stringify(this.known))
      this.changed = false
    } catch {
      // a read-only cache: hash again next time
    }
  }
}

/** The orientations (EXIF) that turn a photo by a quarter: its width and height swap once upright. */
const QUARTER_TURNS = new Set([5, 6, 7, 8])

const unreadable = (where: string, error: unknown) =>
  `${where}: cannot be read as a photo (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); ` +
  'save it as JPEG (or PNG, WebP, AVIF) and put it back under the same name'

/**
 * A photo's size upright, checked: an image this library reads (`decode`: decoded whole, so that a file cut short is
 * found too), large enough for its place once cropped.
 */
async function readPhoto(
  sharp: SharpModule,
  entry: PhotoSource,
  dataDir: string,
  names: Names,
  decode: boolean,
): Promise<{ width: number; height: number; where: string } | { problem: string }> {
  const where = `${entry.original?.shown ?? `${names.photosDir}/${entry.file}`} (${entry.where}.file)`
  const file = originalPath(entry, dataDir)
  let meta: Awaited<ReturnType<Sharp['metadata']>>
  try {
    meta = await sharp(file).metadata()
    if (meta.compression === 'hevc') throw new Error('HEIC photos (HEVC) cannot be read by the build')
    if (decode) await sharp(file, { failOn: 'error' }).resize(64).raw().toBuffer()
  } catch (error) {
    return { problem: unreadable(where, error) }
  }
  const turned = QUARTER_TURNS.has(meta.orientation ?? 1)
  const width = turned ? meta.height : meta.width
  const height = turned ? meta.width : meta.height
  const look = lookOf(entry)
  const crop = cropBox(width, height, look.aspect, focusPoint(entry.focus))
  const needed = Math.max(...look.widths)
  if (crop.width < needed)
    return {
      problem:
        `${where}: too small: ${width} × ${height} px, ${crop.width} px wide once cropped to ${look.aspect.join(':')} for ${look.label}, ` +
        `which shows it up to ${needed} px wide; use the original from the camera or phone (at least ${needed} px wide)`,
    }
  return { width, height, where }
}

/**
 * Encodes one photo's files into `dir` (a temporary folder renamed at the end: two builds at once never see half).
 * The original is decoded once, upright, shrunk to what its largest crop needs; every width and format, and the share
 * image, is cut from that. No metadata is carried over (sharp writes none unless asked).
 */
async function encodePhoto(sharp: SharpModule, photo: { entry: PhotoEntry; file: string; width: number; height: number }, dir: string) {
  const { entry } = photo
  const look = lookOf(entry)
  const focus = focusPoint(entry.focus)
  const largest = Math.max(...look.widths)
  const share = look.hero ? cropBox(photo.width, photo.height, [SHARE_SIZE.width, SHARE_SIZE.height], focus) : undefined
  const scale = Math.min(1, Math.max(largest / cropBox(photo.width, photo.height, look.aspect, focus).width, share ? SHARE_SIZE.width / share.width : 0))
  const { data, info } = await sharp(photo.file, { failOn: 'error' })
    .rotate()
    .resize(Math.ceil(photo.width * scale), Math.ceil(photo.height * scale), { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
  const upright = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
  const crop = cropBox(info.width, info.height, look.aspect, focus)
  const temp = `${dir}.${process.pid}.${Date.now()}.tmp`
  mkdirSync(temp, { recursive: true })
  const jobs: Promise<unknown>[] = []
  for (const w of look.widths) {
    const resized = () => upright().extract(crop).resize({ width: w })
    jobs.push(
      resized()
        .avif(ENCODERS.avif)
        .toFile(path.join(temp, `${w}.avif`)),
      resized()
        .webp(ENCODERS.webp)
        .toFile(path.join(temp, `${w}.webp`)),
      resized()
        .jpeg(ENCODERS.jpeg)
        .toFile(path.join(temp, `${w}.jpg`)),
    )
  }
  if (look.hero)
    jobs.push(
      upright()
        .extract(cropBox(info.width, info.height, [SHARE_SIZE.width, SHARE_SIZE.height], focus))
        .resize(SHARE_SIZE.width, SHARE_SIZE.height, { fit: 'fill' })
        .jpeg(ENCODERS.share)
        .toFile(path.join(temp, 'og.jpg')),
    )
  const [r, g, b] = await upright().extract(crop).resize(1, 1, { fit: 'fill' }).raw().toBuffer()
  await Promise.all(jobs)
  const made = await sharp(path.join(temp, `${largest}.jpg`)).metadata()
  const hex = (v = 0) => v.toString(16).padStart(2, '0')
  const meta = { widths: [...look.widths], width: made.width, height: made.height, color: `#${hex(r)}${hex(g)}${hex(b)}`, og: look.hero }
  writeFileSync(path.join(temp, META), JSON.stringify(meta))
  rmSync(dir, { recursive: true, force: true })
  renameSync(temp, dir)
}
