import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

// Photos made for the tests and the benchmark (tests/integration/photos.test.ts, scripts/lib/photoBench.ts): sizes,
// formats, orientations and metadata as phones and cameras save them.

export interface TestPhoto {
  width: number
  height: number
  format?: 'jpeg' | 'png' | 'webp'
  /**
   * EXIF orientation 6 (a phone held upright): the file's pixels are stored turned a quarter to the left and the EXIF
   * tag says to turn them back. Upright, the photo is `width` × `height`, red in its top half and blue in its bottom half.
   */
  sideways?: boolean
  /** Written with EXIF, GPS position included, as a phone does. */
  gps?: boolean
  /** Makes the photo's content differ from another one of the same size (and so its hash). */
  seed?: number
  /** Under the shapes, a grain like a photo's (blurred noise), which compresses as a photo does rather than as a drawing. */
  grain?: boolean
}

/** An image that compresses like a photo: smooth shapes and a gradient, not noise. */
export async function testPhotoBytes({ width, height, format = 'jpeg', sideways, gps, seed = 0, grain }: TestPhoto): Promise<Buffer> {
  const [w, h] = sideways ? [height, width] : [width, height]
  // Sideways: red on the left of the stored pixels, which the orientation turns into the top.
  const halves = sideways
    ? `<rect width="${w / 2}" height="${h}" fill="#d00"/><rect x="${w / 2}" width="${w / 2}" height="${h}" fill="#00d"/>`
    : `<rect width="${w}" height="${h / 2}" fill="#d00"/><rect y="${h / 2}" width="${w}" height="${h / 2}" fill="#00d"/>`
  const circles = Array.from({ length: 6 }, (_, i) => {
    const r = ((seed * 37 + i * 53) % 97) / 97
    return `<circle cx="${(r * w).toFixed(0)}" cy="${(((i + 1) / 7) * h).toFixed(0)}" r="${(0.05 + r * 0.1) * Math.min(w, h)}" fill="#${((seed * 4099 + i * 7919) % 0xffffff).toString(16).padStart(6, '0')}" fill-opacity="0.5"/>`
  }).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.4"/><stop offset="1" stop-opacity="0.3"/></linearGradient></defs>${halves}<rect width="${w}" height="${h}" fill="url(#g)"/>${circles}</svg>`
  let image = sharp(Buffer.from(svg))
  if (grain) {
    const noise = await sharp({
      create: { width: Math.ceil(w / 8), height: Math.ceil(h / 8), channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .resize(w, h, { kernel: 'cubic' })
      .png()
      .toBuffer()
    const drawing = await sharp(Buffer.from(svg.replace('<svg ', '<svg opacity="0.75" ')))
      .png()
      .toBuffer()
    image = sharp(
      await sharp(noise)
        .composite([{ input: drawing }])
        .png()
        .toBuffer(),
    )
  }
  if (sideways) image = image.withMetadata({ orientation: 6 })
  if (gps)
    image = image.withExif({
      IFD0: { Make: 'TestPhone', Model: 'Test 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 36/1 54/1', GPSLongitudeRef: 'W', GPSLongitude: '116/1 12/1 7/1' },
    })
  return format === 'png' ? image.png().toBuffer() : format === 'webp' ? image.webp().toBuffer() : image.jpeg({ quality: 90 }).toBuffer()
}

/** Writes `photos` into `dataDir`/photos/ and their entries into `dataDir`/photos.yaml. */
export async function writeTestPhotos(dataDir: string, photos: readonly (TestPhoto & { file: string; entry: Record<string, string> })[]) {
  mkdirSync(path.join(dataDir, 'photos'), { recursive: true })
  await Promise.all(photos.map(async (p) => writeFileSync(path.join(dataDir, 'photos', p.file), await testPhotoBytes(p))))
  const yaml = photos
    .map(
      (p) =>
        `  - file: ${p.file}\n${Object.entries(p.entry)
          .map(([k, v]) => `    ${k}: ${JSON.stringify(v)}\n`)
          .join('')}`,
    )
    .join('')
  writeFileSync(path.join(dataDir, 'photos.yaml'), `photos:\n${yaml}`)
}

/** Whether EXIF bytes hold a GPS block (the GPSInfo pointer, tag 0x8825, in either byte order). */
export const hasGpsTag = (exif: Buffer | undefined) => !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])))
