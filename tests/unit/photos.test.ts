// What `npm run check:data` says of data/photos.yaml and data/photos/ (src/catalog/photos.ts, the catalogue's
// cross-checks, src/photos/render.ts's reading of the files): every message names the file, the line and the field.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assembleCatalogue, DataError, readCatalogueInputs, type CatalogueInputs } from '../../src/catalog/index'
import { loadPhotos, type PhotoEntry } from '../../src/catalog/photos'
import { checkPhotoFiles } from '../../src/photos/render'
import { cropBox, focusPoint } from '../../src/photos/places'
import { testPhotoBytes } from '../../scripts/lib/testPhotos'
import { runCheckData } from '../helpers/checkData'

const NAMES = { photos: 'data/photos.yaml', photosDir: 'data/photos' }
const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/** A data folder with `yaml` as photos.yaml (undefined: none) and `files` in photos/. */
function dataDir(yaml: string | undefined, files: Record<string, Buffer | string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'photos-'))
  dirs.push(dir)
  if (yaml !== undefined) writeFileSync(path.join(dir, 'photos.yaml'), yaml)
  if (Object.keys(files).length > 0) mkdirSync(path.join(dir, 'photos'))
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, 'photos', name), bytes)
  return dir
}

/** The problems loadPhotos reports, or [] when it accepts the folder. */
function problemsOf(dir: string): string[] {
  try {
    loadPhotos(dir, NAMES.photos, NAMES.photosDir)
    return []
  } catch (error) {
    if (error instanceof DataError) return error.problems
    throw error
  }
}

const A_PHOTO = 'not read by these checks'

describe('data/photos.yaml', () => {
  it('accepts no list and no folder (no photos), and a list whose files are all there', () => {
    expect(loadPhotos(dataDir(undefined), NAMES.photos, NAMES.photosDir)).toEqual([])
    const dir = dataDir(
      'photos:\n  - file: crew.jpg\n    on: home\n    alt: A crew of three in a lobby\n    alt_fr: Une équipe de trois\n    focus: 0.5, 0.25\n',
      {
        'crew.jpg': A_PHOTO,
        '.DS_Store': '',
      },
    )
    expect(loadPhotos(dir, NAMES.photos, NAMES.photosDir)).toEqual([
      {
        file: 'crew.jpg',
        on: 'home',
        alt: 'A crew of three in a lobby',
        alt_fr: 'Une équipe de trois',
        focus: '0.5,0.25',
        line: 2,
        where: 'data/photos.yaml line 2, photos[0]',
      },
    ])
  })

  it('names the line and field of a missing alt, an alt that is a file name or starts with "photo of", an unknown place, a bad focus', () => {
    const yaml = [
      'photos:',
      '  - file: a.jpg', // 2
      '    on: home',
      '  - file: b.jpg', // 4
      '    on: about',
      '    alt: IMG_4032.JPG', // 6
      '  - file: c.jpg',
      '    on: service:strip-wax',
      '    alt: Photo of a waxed floor', // 9
      '    alt_fr: Image d’un plancher ciré', // 10
      '  - file: d.jpg',
      '    on: homepage', // 12
      '    alt: A crew at work',
      '    focus: middle', // 14
    ].join('\n')
    expect(problemsOf(dataDir(yaml, { 'a.jpg': A_PHOTO, 'b.jpg': A_PHOTO, 'c.jpg': A_PHOTO, 'd.jpg': A_PHOTO }))).toEqual([
      'data/photos.yaml line 2, photos[0].alt: is missing (required)',
      'data/photos.yaml line 6, photos[1].alt: is a file name: say in a few words what the photo shows instead',
      'data/photos.yaml line 9, photos[2].alt: starts with "image of" or "photo of": screen readers already say it is an image; start with what it shows',
      'data/photos.yaml line 10, photos[2].alt_fr: commence par « image de » ou « photo de »\u00a0: les lecteurs d’écran disent déjà que c’est une image\u00a0; commencez par ce qu’elle montre',
      'data/photos.yaml line 12, photos[3].on: expected home, about, service:<service slug> or city:<city slug> (for example service:strip-wax)',
      'data/photos.yaml line 14, photos[3].focus: expected center, top, bottom, left, right, or "x,y" with x and y from 0 to 1 (such as "0.5,0.3")',
    ])
  })

  it('refuses an alt that is the file’s own name, and "image of" in any case', () => {
    const yaml =
      'photos:\n  - file: office-lobby.jpg\n    on: about\n    alt: office-lobby\n    alt_fr: Un hall\n  - file: b.jpg\n    on: home\n    alt: IMAGE OF a lobby\n    alt_fr: Un hall\n'
    expect(problemsOf(dataDir(yaml, { 'office-lobby.jpg': A_PHOTO, 'b.jpg': A_PHOTO }))).toEqual([
      'data/photos.yaml line 8, photos[1].alt: starts with "image of" or "photo of": screen readers already say it is an image; start with what it shows',
    ])
    expect(problemsOf(dataDir(yaml.replace('IMAGE OF a lobby', 'A lobby'), { 'office-lobby.jpg': A_PHOTO, 'b.jpg': A_PHOTO }))).toEqual([
      "data/photos.yaml line 2, photos[0].alt: is the file's name: say in a few words what the photo shows instead",
    ])
  })

  it('names a listed photo missing from the folder, a file the list lacks, and two photos for one place', () => {
    const yaml =
      'photos:\n  - file: crew.jpg\n    on: home\n    alt: A crew\n    alt_fr: Une équipe\n  - file: Floor.jpg\n    on: home\n    alt: A floor\n    alt_fr: Un plancher\n'
    expect(problemsOf(dataDir(yaml, { 'floor.jpg': A_PHOTO, 'stray.png': A_PHOTO }))).toEqual([
      'data/photos.yaml line 2, photos[0].file: "crew.jpg" is not in data/photos/; copy the photo there, or remove this entry',
      'data/photos.yaml line 6, photos[1].file: "Floor.jpg" is not in data/photos/ (there is "floor.jpg": write the name exactly as the file is named)',
      'data/photos.yaml line 6, photos[1].on: "home" already has a photo (line 2); one photo per place',
      'data/photos/floor.jpg: not listed in data/photos.yaml; add an entry for it (file, on, alt: see docs/staff-guide.md, "Photos"), or take it out of the folder',
      'data/photos/stray.png: not listed in data/photos.yaml; add an entry for it (file, on, alt: see docs/staff-guide.md, "Photos"), or take it out of the folder',
    ])
    expect(problemsOf(dataDir(undefined, { 'crew.jpg': A_PHOTO }))).toEqual([
      'data/photos/crew.jpg: not listed in data/photos.yaml; add an entry for it (file, on, alt: see docs/staff-guide.md, "Photos"), or take it out of the folder',
    ])
  })
})

describe('the photos against the catalogue', () => {
  let inputs: CatalogueInputs
  beforeAll(() => {
    inputs = readCatalogueInputs(path.resolve('data'))
  })
  const entry = (on: string, more: Partial<PhotoEntry> = {}, line = 2): PhotoEntry => ({
    file: 'x.jpg',
    on,
    alt: 'A crew at work',
    line,
    where: `data/photos.yaml line ${line}, photos[0]`,
    ...more,
  })
  const problems = (photos: PhotoEntry[]) => {
    try {
      assembleCatalogue({ ...inputs, photos })
      return []
    } catch (error) {
      if (error instanceof DataError) return error.problems
      throw error
    }
  }

  it('names an unknown service or city slug', () => {
    expect(problems([entry('service:strip-and-wax', { alt_fr: 'Une équipe' }), entry('city:atlantis', {}, 7)])).toEqual([
      expect.stringMatching(
        /^data\/photos\.yaml line 2, photos\[0\]\.on: no service has the slug "strip-and-wax"; the 16 slugs are: strip-wax, routine-janitorial, /,
      ),
      'data/photos.yaml line 7, photos[0].on: no city has the slug "atlantis" (the slugs are in data/city-slugs.csv)',
    ])
  })

  it('asks for the French alt where the photo appears on French pages only', () => {
    expect(problems([entry('home'), entry('service:strip-wax', {}, 5), entry('city:montreal', {}, 8), entry('city:boise', {}, 11)])).toEqual([
      'data/photos.yaml line 2, photos[0].alt_fr: is missing (required): the photo appears on French pages; describe it in French',
      'data/photos.yaml line 5, photos[0].alt_fr: is missing (required): the photo appears on French pages; describe it in French',
      'data/photos.yaml line 8, photos[0].alt_fr: is missing (required): the photo appears on French pages; describe it in French',
    ])
  })
})

describe('the photos’ files', () => {
  const entry = (file: string, on: string, line: number): PhotoEntry => ({
    file,
    on,
    alt: 'A crew',
    alt_fr: 'Une équipe',
    line,
    where: `data/photos.yaml line ${line}, photos[0]`,
  })

  it('names a file that is not an image and one too small for its place, measured upright and cropped', async () => {
    const dir = dataDir('', {
      'notes.jpg': 'not a photo at all',
      'cut.jpg': (await testPhotoBytes({ width: 1600, height: 1200 })).subarray(0, 2000),
      'small.jpg': await testPhotoBytes({ width: 1100, height: 900 }),
      // Stored 1200 × 1600 with EXIF orientation 6: 1600 × 1200 upright, wide enough.
      'sideways.jpg': await testPhotoBytes({ width: 1600, height: 1200, sideways: true }),
      // 1,275 px wide once cropped to 3:2: enough for the about page.
      'wide.jpg': await testPhotoBytes({ width: 3000, height: 850 }),
    })
    const problems = await checkPhotoFiles(
      [
        entry('notes.jpg', 'home', 2),
        entry('cut.jpg', 'about', 6),
        entry('small.jpg', 'service:strip-wax', 10),
        entry('sideways.jpg', 'home', 14),
        entry('wide.jpg', 'about', 18),
      ],
      dir,
      NAMES,
    ).then(
      () => [],
      (error: unknown) => (error instanceof DataError ? error.problems : Promise.reject(error as Error)),
    )
    expect(problems).toEqual([
      expect.stringMatching(
        /^data\/photos\/notes\.jpg \(data\/photos\.yaml line 2, photos\[0\]\.file\): cannot be read as a photo \(.+\); save it as JPEG \(or PNG, WebP, AVIF\) and put it back under the same name$/,
      ),
      expect.stringMatching(/^data\/photos\/cut\.jpg \(data\/photos\.yaml line 6, photos\[0\]\.file\): cannot be read as a photo \(.+\); save it as JPEG/),
      'data/photos/small.jpg (data/photos.yaml line 10, photos[0].file): too small: 1100 × 900 px, 1100 px wide once cropped to 4:3 for the hero of the service’s pages, which shows it up to 1200 px wide; use the original from the camera or phone (at least 1200 px wide)',
    ])
  })

  it('crops around the focus, as far as the edges allow', () => {
    expect(cropBox(4000, 3000, [4, 3], focusPoint(undefined))).toEqual({ left: 0, top: 0, width: 4000, height: 3000 })
    expect(cropBox(3000, 4000, [4, 3], focusPoint('top'))).toEqual({ left: 0, top: 0, width: 3000, height: 2250 })
    expect(cropBox(3000, 4000, [4, 3], focusPoint('bottom'))).toEqual({ left: 0, top: 1750, width: 3000, height: 2250 })
    expect(cropBox(3000, 4000, [4, 3], focusPoint('0.5,0.5'))).toEqual({ left: 0, top: 875, width: 3000, height: 2250 })
    expect(cropBox(4000, 1000, [4, 3], focusPoint('right'))).toEqual({ left: 2667, top: 0, width: 1333, height: 1000 })
  })
})

describe('npm run check:data with photos', () => {
  it('fails with the photo’s file, line and field', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'check-data-photos-'))
    dirs.push(root)
    cpSync(path.resolve('data'), path.join(root, 'data'), { recursive: true })
    mkdirSync(path.join(root, 'data/photos'))
    writeFileSync(path.join(root, 'data/photos.yaml'), 'photos:\n  - file: crew.jpg\n    on: city:boise\n    alt: Our crew outside an office in Boise\n')
    writeFileSync(path.join(root, 'data/photos/crew.jpg'), await testPhotoBytes({ width: 1000, height: 750 }))
    const failed = runCheckData(root)
    expect(failed.stderr).toContain(
      '  - data/photos/crew.jpg (data/photos.yaml line 2, photos[0].file): too small: 1000 × 750 px, 1000 px wide once cropped to 4:3 for the hero of the city’s pages',
    )
    expect(failed.status).toBe(1)
  })
})

describe("npm run check:data with a job story's photos", () => {
  it('fails with the photo’s file, its story’s line and field', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'check-data-job-photos-'))
    dirs.push(root)
    cpSync(path.resolve('data'), path.join(root, 'data'), { recursive: true })
    const story = path.join(root, 'content/jobs/boise-dental')
    mkdirSync(story, { recursive: true })
    writeFileSync(
      path.join(story, 'index.md'),
      '---\ncity: boise\nservice: office-cleaning\ndate: 2026-05\ntitle: Six dental offices\nphotos:\n  - file: after.jpg\n    alt: A waiting room floor after the night’s work\n---\n\nNightly cleaning.\n',
    )
    writeFileSync(path.join(story, 'after.jpg'), await testPhotoBytes({ width: 1000, height: 750 }))
    const failed = runCheckData(root)
    expect(failed.stderr).toContain(
      '  - content/jobs/boise-dental/after.jpg (content/jobs/boise-dental/index.md line 7, photos[0].file): too small: 1000 × 750 px, 1000 px wide once cropped to 3:2 for a job story',
    )
    expect(failed.status).toBe(1)
  })
})
