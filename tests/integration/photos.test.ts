// The photos of data/photos.yaml through real builds of a tiny copy of the site, with photos made by the test itself:
// the <picture> on each kind of page and its files, upright and without metadata, the cache, a replaced photo, the
// share image, and the site as before photos without them.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse, type HTMLElement } from 'node-html-parser'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyProject } from '../../scripts/lib/projectCopy'
import { buildSite, type BuildReport } from '../../src/build/build'
import { keepTinySite } from '../helpers/smallerSite'
import { hasGpsTag, testPhotoBytes, writeTestPhotos } from '../../scripts/lib/testPhotos'
import { SAMPLE_PHOTOS } from '../helpers/samplePhotos'

let copy: ReturnType<typeof copyProject>
const data = () => path.join(copy.root, 'data')
const dist = (file = '') => path.join(copy.root, 'dist/client', file)
const html = (file: string) => readFileSync(dist(file), 'utf8')
const doc = (file: string) => parse(html(file))
const build = () => buildSite({ root: copy.root, log: () => undefined, photoCache: path.join(copy.root, 'photo-cache') })
const pageFiles = () => (readdirSync(dist(), { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).sort()

/** Each page's bytes, before any photo. */
let before: Map<string, string>
let withPhotos: BuildReport

const PHOTOS = SAMPLE_PHOTOS

beforeAll(async () => {
  copy = copyProject()
  keepTinySite(copy.root)
  await build()
  before = new Map(pageFiles().map((f) => [f, html(f)]))
  await writeTestPhotos(data(), PHOTOS)
  withPhotos = await build()
}, 300_000)
afterAll(() => copy?.remove())

/** Every URL of a <picture>: its sources' and its image's srcset, and the image's src. */
function pictureUrls(picture: HTMLElement): string[] {
  const sets = picture.querySelectorAll('source, img').map((e) => e.getAttribute('srcset') ?? '')
  return [...sets.flatMap((set) => set.split(', ').map((s) => s.split(' ')[0]!)), picture.querySelector('img')!.getAttribute('src')!]
}

/** The <picture> of a page, checked: AVIF and WebP sources then the JPEG image, every file in dist/client at its width. */
async function checkPicture(file: string, { hero, alt }: { hero: boolean; alt: string }) {
  const page = doc(file)
  const pictures = page.querySelectorAll('picture')
  expect(pictures, file).toHaveLength(1)
  const picture = pictures[0]!
  expect(picture.querySelectorAll('source').map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp'])
  const img = picture.querySelector('img')!
  expect(img.getAttribute('alt')).toBe(alt)
  expect(Number(img.getAttribute('width'))).toBeGreaterThan(0)
  expect(Number(img.getAttribute('height'))).toBeGreaterThan(0)
  expect(img.getAttribute('sizes')).toMatch(/^\(min-width: 1280px\) \d+px, /)
  expect(img.getAttribute('fetchpriority')).toBe(hero ? 'high' : undefined)
  expect(img.getAttribute('loading')).toBe(hero ? undefined : 'lazy')
  const preload = page.querySelectorAll('head link[rel="preload"][as="image"]').find((l) => l.getAttribute('imagesrcset')?.includes('/assets/photos/'))
  expect(!!preload, `${file}: a preload for the hero only`).toBe(hero)
  if (preload) expect(preload.getAttribute('imagesrcset')).toBe(picture.querySelector('source')!.getAttribute('srcset'))
  // Only where the hero sits beside the text: narrower, under it, a preload slowed the first paint (src/pages/head.ts).
  if (preload) expect(preload.getAttribute('media')).toBe('(min-width: 1024px)')
  for (const set of picture.querySelectorAll('source, img').map((e) => e.getAttribute('srcset')!)) {
    for (const [url, w] of set.split(', ').map((s) => s.split(' '))) {
      const meta = await sharp(dist(url)).metadata()
      expect(`${url} ${meta.width}w`).toBe(`${url} ${w}`)
      expect(meta.format).toBe({ avif: 'heif', webp: 'webp', jpg: 'jpeg' }[url!.split('.').at(-1)!])
    }
  }
  const largest = await sharp(dist(`${img.getAttribute('srcset')!.split(', ').at(-1)!.split(' ')[0]}`)).metadata()
  expect([largest.width, largest.height]).toEqual([Number(img.getAttribute('width')), Number(img.getAttribute('height'))])
  return { picture, page }
}

describe('photos on the pages', () => {
  it('shows the home photo in the hero, at high priority and preloaded, in AVIF, WebP and JPEG at every width', async () => {
    const { picture } = await checkPicture('index.html', { hero: true, alt: PHOTOS[0]!.entry.alt! })
    expect(pictureUrls(picture).every((url) => url.startsWith('/assets/photos/'))).toBe(true)
  })

  it('shows the French description on French pages', async () => {
    await checkPicture('fr.html', { hero: true, alt: PHOTOS[0]!.entry.alt_fr! })
    await checkPicture('fr/services-locaux/montreal.html', { hero: true, alt: PHOTOS[3]!.entry.alt_fr! })
    await checkPicture('fr/services/decapage-et-cirage.html', { hero: true, alt: PHOTOS[1]!.entry.alt_fr! })
  })

  it('shows a service’s photo instead of its emoji, on its page and its city pages; a city’s photo on its pages first', async () => {
    await checkPicture('services/strip-wax.html', { hero: true, alt: PHOTOS[1]!.entry.alt! })
    expect(html('services/strip-wax.html')).not.toContain('<span aria-hidden="true" class="text-6xl">')
    expect(html('services/deep-cleaning.html')).toContain('<span aria-hidden="true" class="text-6xl">')
    await checkPicture('nampa-strip-wax-janitorial.html', { hero: true, alt: PHOTOS[1]!.entry.alt! })
    await checkPicture('nampa-strip-wax.html', { hero: true, alt: PHOTOS[1]!.entry.alt! })
    await checkPicture('boise-strip-wax-janitorial.html', { hero: true, alt: PHOTOS[2]!.entry.alt! })
    await checkPicture('boise-deep-cleaning.html', { hero: true, alt: PHOTOS[2]!.entry.alt! })
    await checkPicture('local-services/boise.html', { hero: true, alt: PHOTOS[2]!.entry.alt! })
    expect(html('nampa-deep-cleaning-janitorial.html')).not.toContain('<picture')
    expect(html('local-services/nampa.html')).not.toContain('<picture')
  })

  it('shows the about photo further down, loaded lazily, with its caption and credit', async () => {
    const { page } = await checkPicture('about.html', { hero: false, alt: PHOTOS[4]!.entry.alt! })
    expect(page.querySelector('figure[data-photo] figcaption')!.text).toBe('Our first crew, 2009 · Photo: Jane Doe')
    // French pages show no English caption.
    expect(doc('fr/a-propos.html').querySelector('figure[data-photo] figcaption')!.text).toBe('Photo\u00a0: Jane Doe')
  })

  it('shows each photo’s average colour until it arrives, inline (no request, no inline style)', () => {
    const rect = doc('index.html').querySelector('figure[data-photo] svg rect')!
    expect(rect.getAttribute('fill')).toMatch(/^#[0-9a-f]{6}$/)
    expect(html('index.html')).not.toMatch(/<[^>]+ style="/)
  })

  it('turns a sideways phone photo upright (EXIF orientation) and crops around the focus', async () => {
    const src = doc('index.html').querySelector('picture img')!.getAttribute('src')!
    const { data, info } = await sharp(dist(src)).raw().toBuffer({ resolveWithObject: true })
    expect(info.width).toBeGreaterThan(info.height)
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)]
    const [top, bottom] = [pixel(info.width / 2, 5), pixel(info.width / 2, info.height - 5)]
    expect(top[0]!, 'red at the top').toBeGreaterThan(top[2]! + 80)
    expect(bottom[2]!, 'blue at the bottom').toBeGreaterThan(bottom[0]! + 80)
  })

  it('leaves no metadata in any file made (no GPS position, no camera)', async () => {
    const original = await sharp(path.join(data(), 'photos/crew.jpg')).metadata()
    expect(hasGpsTag(original.exif), 'the original has a GPS position').toBe(true)
    const files = readdirSync(dist('assets/photos'))
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      const meta = await sharp(dist(`assets/photos/${file}`)).metadata()
      expect({ file, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, orientation: meta.orientation }).toEqual({ file })
    }
  })

  it('makes a hero’s share image, 1200 × 630, its og:image; other pages keep og-image.jpg', async () => {
    const og = (file: string) => doc(file).querySelector('meta[property="og:image"]')!.getAttribute('content')!
    const image = og('index.html')
    expect(image).toMatch(/^https:\/\/[^/]+\/assets\/photos\/[0-9a-f]{16}-og\.jpg$/)
    const meta = await sharp(dist(new URL(image).pathname)).metadata()
    expect([meta.width, meta.height, meta.format]).toEqual([1200, 630, 'jpeg'])
    expect(og('services/strip-wax.html')).toMatch(/-og\.jpg$/)
    expect(og('about.html')).toMatch(/\/og-image\.jpg$/)
    expect(og('contact.html')).toMatch(/\/og-image\.jpg$/)
  })

  it('adds at most 10 files per photo to dist/client', () => {
    expect(readdirSync(dist('assets/photos')).length).toBeLessThanOrEqual(10 * PHOTOS.length)
    expect(withPhotos.photos).toEqual({ made: PHOTOS.length, cached: 0 })
  })
})

describe('the photo cache and the build', () => {
  it('makes nothing and renders nothing when no photo changed', async () => {
    const report = await build()
    expect(report.photos).toEqual({ made: 0, cached: PHOTOS.length })
    expect(report.changed).toEqual([])
  })

  it('makes a replaced photo again and rewrites only the pages showing it', async () => {
    const pages = before.size
    writeFileSync(path.join(data(), 'photos/floor.png'), await testPhotoBytes({ ...PHOTOS[1]!, seed: 9 }))
    const report = await build()
    expect(report.photos).toEqual({ made: 1, cached: PHOTOS.length - 1 })
    // Nampa's and Laval's strip-and-wax pages, the service's pages in both languages (Boise and Montréal show their own).
    expect(report.changed.sort()).toEqual(
      [
        'fr/laval-decapage-et-cirage.html',
        'fr/services/decapage-et-cirage.html',
        'laval-strip-wax-janitorial.html',
        'laval-strip-wax.html',
        'nampa-strip-wax-janitorial.html',
        'nampa-strip-wax.html',
        'services/strip-wax.html',
      ].sort(),
    )
    expect(report.pages).toBe(pages)
    expect(readdirSync(dist('assets/photos')).length, 'the old photo’s files are gone').toBeLessThanOrEqual(10 * PHOTOS.length)
  })

  it('gives back the pages as they were before photos, byte for byte, once the photos are taken out', async () => {
    rmSync(path.join(data(), 'photos'), { recursive: true })
    rmSync(path.join(data(), 'photos.yaml'))
    const report = await build()
    expect(report.photos).toEqual({ made: 0, cached: 0 })
    expect(existsSync(dist('assets/photos'))).toBe(false)
    expect(pageFiles()).toEqual([...before.keys()])
    for (const [file, bytes] of before) if (html(file) !== bytes) expect.fail(`${file} differs from the build before photos`)
    expect(html('index.html')).toContain('data-home-hero=""')
    expect(html('index.html')).not.toContain('<picture')
  })
})
