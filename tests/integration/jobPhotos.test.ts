// A job story's photos (content/jobs/<name>/) through real builds of a tiny copy of the site, with photos made by the
// test itself: the story's figures and its cards' photo, their files beside the other photos', and builds that add,
// replace and remove a photo giving the same files as a build from nothing.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyProject } from '../../scripts/lib/projectCopy'
import { testPhotoBytes } from '../../scripts/lib/testPhotos'
import { buildSite } from '../../src/build/build'
import { keepTinySite } from '../helpers/smallerSite'

type Copy = ReturnType<typeof copyProject>
const copies: Copy[] = []
let copy: Copy

const STORY = 'content/jobs/boise-dental'
const AFTER = 'A dental office’s waiting room floor, stripped and waxed'
const BEFORE = 'The same floor before, dull and scuffed'
const STORY_MD = `---
city: boise
service: office-cleaning
date: 2026-05
title: Six dental offices on Fairview Avenue
photos:
  - file: after.jpg
    alt: ${AFTER}
  - {file: before.png, alt: "${BEFORE}"}
---

We clean six dental offices on Fairview Avenue every night, after the last patient.
`
// The story's page, its city's hub and its service's page, in both of the page's addresses.
const STORY_PAGES = ['boise-office-cleaning-janitorial.html', 'boise-office-cleaning.html']
const CARD_PAGES = ['local-services/boise.html', 'services/office-cleaning.html']

const newCopy = () => {
  const made = copyProject()
  keepTinySite(made.root)
  copies.push(made)
  return made
}
const build = (root = copy.root) => buildSite({ root, log: () => undefined, photoCache: path.join(root, 'photo-cache') })
const dist = (file = '', root = copy.root) => path.join(root, 'dist/client', file)
const doc = (file: string) => parse(readFileSync(dist(file), 'utf8'))
const writePhoto = async (name: string, seed: number, format: 'jpeg' | 'png' = 'jpeg') =>
  writeFileSync(path.join(copy.root, STORY, name), await testPhotoBytes({ width: 1600, height: 1100, format, seed }))

/** Every file of dist/client (the site as deployed) and its bytes. */
const siteFiles = (root: string) =>
  new Map(
    readdirSync(dist('', root), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => {
        const full = path.join(d.parentPath, d.name)
        return [path.relative(dist('', root), full), readFileSync(full).toString('base64')] as const
      }),
  )

/** The same content/ built from nothing in another copy: the same files, byte for byte. */
async function expectSameAsCleanBuild() {
  const clean = newCopy()
  rmSync(path.join(clean.root, 'content'), { recursive: true, force: true })
  cpSync(path.join(copy.root, 'content'), path.join(clean.root, 'content'), { recursive: true, preserveTimestamps: true })
  await build(clean.root)
  const [incremental, fresh] = [siteFiles(copy.root), siteFiles(clean.root)]
  expect([...incremental.keys()].sort()).toEqual([...fresh.keys()].sort())
  for (const [file, bytes] of fresh) if (incremental.get(file) !== bytes) expect.fail(`${file} differs from a build from nothing`)
  clean.remove()
}

beforeAll(async () => {
  copy = newCopy()
  mkdirSync(path.join(copy.root, STORY), { recursive: true })
  writeFileSync(path.join(copy.root, STORY, 'index.md'), STORY_MD)
  await writePhoto('after.jpg', 1)
  await writePhoto('before.png', 2, 'png')
  await build()
}, 600_000)
afterAll(() => {
  for (const made of copies) made.remove()
})

describe("a job story's photos", () => {
  it('show in the full story as figures, with their descriptions, lazily, their width and height set', () => {
    for (const file of STORY_PAGES) {
      const figures = doc(file).querySelectorAll('[data-job-stories] figure[data-photo]')
      expect(figures, file).toHaveLength(2)
      const images = figures.map((f) => f.querySelector('img')!)
      expect(images.map((img) => img.getAttribute('alt'))).toEqual([AFTER, BEFORE])
      for (const img of images) {
        expect(img.getAttribute('loading')).toBe('lazy')
        // 3:2, the crop of a job's photo: the browser keeps its room before it arrives.
        expect(Number(img.getAttribute('width')) / Number(img.getAttribute('height'))).toBeCloseTo(1.5, 2)
        expect(img.getAttribute('src')).toMatch(/^\/assets\/photos\/[0-9a-f]{16}-720\.jpg$/)
        expect(img.getAttribute('srcset')).toMatch(/-480\.jpg 480w, .*-720\.jpg 720w, .*-1200\.jpg 1200w$/)
      }
      for (const set of figures.flatMap((f) => f.querySelectorAll('source, img').map((e) => e.getAttribute('srcset')!)))
        for (const url of set.split(', ').map((s) => s.split(' ')[0]!)) expect(readdirSync(dist('assets/photos'))).toContain(path.basename(url))
    }
    // Not on the office-cleaning page of another city, nor on Boise's other services.
    expect(doc('nampa-office-cleaning-janitorial.html').querySelectorAll('figure[data-photo]')).toHaveLength(0)
    expect(doc('boise-deep-cleaning-janitorial.html').querySelectorAll('figure[data-photo]')).toHaveLength(0)
  })

  it("shows the story's first photo on its cards, on its city's hub and its service's page", () => {
    for (const file of CARD_PAGES) {
      const cards = doc(file).querySelectorAll('[data-job-cards] li')
      expect(cards, file).toHaveLength(1)
      const img = cards[0]!.querySelector('figure[data-photo] img')!
      expect(img.getAttribute('alt')).toBe(AFTER)
      expect(img.getAttribute('loading')).toBe('lazy')
      expect(Number(img.getAttribute('width'))).toBeGreaterThan(0)
    }
  })

  it('gives the same site as a build from nothing once a photo is replaced, and once it is removed', async () => {
    await writePhoto('after.jpg', 7)
    const replaced = await build()
    expect(replaced.photos.made).toBe(1)
    expect(replaced.changed.sort()).toEqual([...CARD_PAGES, ...STORY_PAGES].sort())
    await expectSameAsCleanBuild()

    rmSync(path.join(copy.root, STORY, 'before.png'))
    writeFileSync(path.join(copy.root, STORY, 'index.md'), STORY_MD.replace(/\n {2}- \{file: before\.png.*\}/, ''))
    const removed = await build()
    expect(removed.changed.sort()).toEqual(STORY_PAGES)
    expect(doc(STORY_PAGES[0]!).querySelectorAll('[data-job-stories] figure[data-photo]')).toHaveLength(1)
    await expectSameAsCleanBuild()
  }, 900_000)
})
