// The photos' budgets (issue 30), printed by `npm run bench` (and alone by `npm run bench -- --photos`), on a copy of
// the project: 40 photos made by the benchmark (several sizes, orientations and formats, a 4000 × 3000 JPEG among
// them), from an empty cache, with a warm cache, and one photo replaced, each against the same build without photos.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { loadCatalogue } from '../../src/catalog/index'
import { testPhotoBytes, writeTestPhotos, type TestPhoto } from './testPhotos'

type Run = { seconds: number; changed: number; pages: number; steps: Record<string, number> }

/** The 40 places and photos: home, about, the 16 services, 22 cities; five kinds of original, in turn. */
function photoSet(root: string, seed: number): (TestPhoto & { file: string; entry: Record<string, string> })[] {
  const catalogue = loadCatalogue(path.join(root, 'data'))
  const places = ['home', 'about', ...catalogue.services.map((s) => `service:${s.slug}`), ...catalogue.cities.slice(0, 22).map((c) => `city:${c.slug}`)]
  const kinds: Omit<TestPhoto, 'seed'>[] = [
    { width: 4000, height: 3000, format: 'jpeg', gps: true },
    { width: 4032, height: 3024, format: 'jpeg', sideways: true, gps: true },
    { width: 2400, height: 1800, format: 'png' },
    { width: 1600, height: 1200, format: 'webp' },
    { width: 2000, height: 2000, format: 'jpeg' },
  ]
  return places.map((on, i) => {
    const kind = kinds[i % kinds.length]!
    const ext = kind.format === 'jpeg' ? 'jpg' : kind.format!
    return {
      ...kind,
      grain: true,
      seed: seed + i,
      file: `photo-${i}.${ext}`,
      entry: { on, alt: `Our crew at work, photo ${i}`, alt_fr: `Notre équipe au travail, photo ${i}` },
    }
  })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const check = (ok: boolean) => (ok ? 'ok' : 'MISSED')
const countFiles = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length

/**
 * `runs` rounds, each: the copy without photos (a build, then builds with nothing to do: the reference), 40 new photos
 * (new content each round, so the cache is empty for them), builds with nothing changed, one city's photo replaced.
 * `build` runs `npm run build` in the copy and reports it.
 */
export async function photoBench(root: string, runs: number, build: (root: string) => Promise<Run>) {
  const data = path.join(root, 'data')
  const removePhotos = () => {
    rmSync(path.join(data, 'photos'), { recursive: true, force: true })
    rmSync(path.join(data, 'photos.yaml'), { force: true })
  }
  const results = { none: [] as Run[], cold: [] as Run[], warm: [] as Run[], one: [] as Run[] }
  let files = { without: 0, with: 0 }
  // Each page's size without photos and with them (first round): how much a photo adds to a page's HTML.
  let sizes: { without: Map<string, number>; with: Map<string, number> } | undefined
  let without = new Map<string, number>()
  let set: ReturnType<typeof photoSet> = []
  for (let run = 0; run < runs; run++) {
    removePhotos()
    // Each build with nothing to do is measured the second time: the first after a whole build reads back what it wrote.
    console.log('  the copy without photos (a build, then nothing changed, twice):')
    await build(root)
    await build(root)
    results.none.push(await build(root))
    files.without = countFiles(path.join(root, 'dist/client'))
    if (!sizes) without = pageSizes(path.join(root, 'dist/client'))
    set = photoSet(root, Date.now() % 100_000)
    await writeTestPhotos(data, set)
    console.log(`  40 new photos (${set.filter((p) => p.width === 4000).length} of 4000 × 3000 JPEG, sideways phone photos, PNG, WebP), from an empty cache:`)
    results.cold.push(await build(root))
    files = { ...files, with: countFiles(path.join(root, 'dist/client')) }
    sizes ??= { without, with: pageSizes(path.join(root, 'dist/client')) }
    console.log('  nothing changed, the photos in the cache (twice):')
    await build(root)
    results.warm.push(await build(root))
    const replaced = set.find((p) => p.entry.on!.startsWith('city:'))!
    writeFileSync(path.join(data, 'photos', replaced.file), await testPhotoBytes({ ...replaced, seed: replaced.seed! + 1000 }))
    console.log(`  one photo replaced (${replaced.entry.on}):`)
    results.one.push(await build(root))
  }
  const seconds = (runs: Run[]) => median(runs.map((r) => r.seconds))
  const none = seconds(results.none)
  const cold = seconds(results.cold)
  const warm = seconds(results.warm)
  const one = seconds(results.one)
  const perPhoto = (files.with - files.without) / set.length
  const home = readdirSync(path.join(root, 'dist/client/assets/photos'))
  const homeBase = /\/assets\/photos\/([0-9a-f]{16})-720\.avif/.exec(readFileSync(path.join(root, 'dist/client/index.html'), 'utf8'))?.[1]
  const lcp = homeBase ? statSync(path.join(root, 'dist/client/assets/photos', `${homeBase}-720.avif`)).size / 1024 : NaN
  console.log('')
  console.log(`photos, against the same site without photos (nothing changed: median ${none.toFixed(2)} s):`)
  console.log(
    `  40 photos, empty cache:   median ${cold.toFixed(2)} s, ${(cold - none).toFixed(2)} s more (the photos step ${median(results.cold.map((r) => r.steps.photos ?? 0)).toFixed(1)} s; ` +
      `${results.cold[0]!.changed} of ${results.cold[0]!.pages} pages show a photo)  (target ≤ 20 s more: ${check(cold - none <= 20)})`,
  )
  console.log(
    `  warm cache, no change:    median ${warm.toFixed(2)} s, ${(warm - none).toFixed(2)} s more  (target ≤ 0.2 s more: ${check(warm - none <= 0.2)})`,
  )
  console.log(
    `  one photo replaced:       median ${one.toFixed(2)} s, ${results.one.map((r) => r.changed).join('/')} pages rewritten (that city's)  (target < 2 s: ${check(one < 2)})`,
  )
  console.log(
    `  files:                    ${perPhoto.toFixed(1)} per photo in dist/client (target ≤ 10: ${check(perPhoto <= 10)}); ${home.length} in assets/photos; ` +
      `with 100 photos ${files.without + Math.ceil(perPhoto * 100)} files (limit 20,000: ${check(files.without + perPhoto * 100 < 20_000)})`,
  )
  const growths = [...sizes!.with].map(([file, size]) => ({ file, growth: size - (sizes!.without.get(file) ?? size) }))
  const largest = growths.reduce((a, b) => (b.growth > a.growth ? b : a))
  console.log(
    `  a page's HTML with its photo: at most ${(largest.growth / 1024).toFixed(2)} KB more (${largest.file}; ${growths.filter((g) => g.growth > 0).length} pages grew)  ` +
      `(target ≤ 2 KB: ${check(largest.growth <= 2048)})`,
  )
  console.log(
    `  home hero at a phone's width: the 720 px AVIF (343 CSS px × 1.75, Lighthouse's phone) ${lcp.toFixed(1)} KB (target ≤ 60 KB: ${check(lcp <= 60)})`,
  )
  removePhotos()
}

/** The size of every page (.html file) under a folder, by its path there. */
function pageSizes(dir: string): Map<string, number> {
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((file) => file.endsWith('.html'))
  return new Map(files.map((file) => [file, statSync(path.join(dir, file)).size]))
}
