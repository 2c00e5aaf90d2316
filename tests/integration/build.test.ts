// `npm run build` over data edits, in a throwaway copy of the project: only the pages an edit changes are
// written, pages the data no longer makes are deleted, bad data leaves the last build alone.
import { appendFileSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import path from 'node:path'
import { MessageChannel } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyProject } from '../../scripts/lib/projectCopy'
import { keepSmallerSite } from '../helpers/smallerSite'
import { buildSite, type BuildReport } from '../../src/build/build'
import { batchCounters, PageRenderError, renderPages, serveRenderThread } from '../../src/build/renderPages'
import { readState } from '../../src/build/state'
import { DataError, loadCatalogue, readCatalogueInputs } from '../../src/catalog/index'
import { nearbyCities } from '../../src/catalog/lists'
import { pageModels } from '../../src/pages/entries'
import { vikePageOf } from '../../src/pages/model'
import { NONE_OUT } from '../helpers/decision'

let copy: ReturnType<typeof copyProject>
let first: BuildReport
let firstLog: string[]
const file = (name: string) => path.join(copy.root, name)
const page = (name: string) => readFileSync(file(`dist/client/${name}`), 'utf8')
/** Rewrites a file of the copy; an edit that changes nothing is a mistake of the test (the data moved on). */
const edit = (name: string, change: (text: string) => string) => {
  const [before, after] = [readFileSync(file(name), 'utf8'), change(readFileSync(file(name), 'utf8'))]
  if (after === before) throw new Error(`the test's edit of ${name} changed nothing`)
  writeFileSync(file(name), after)
}
const build = async (verbose = false) => {
  const log: string[] = []
  const report = await buildSite({ root: copy.root, log: (line) => log.push(line), verbose })
  return { ...report, log }
}

beforeAll(async () => {
  copy = copyProject()
  keepSmallerSite(copy.root) // over 4,000 pages: a third of the site, the same edits
  const result = await build()
  first = result
  firstLog = result.log
}, 600_000) // a whole build: minutes on a busy machine; the limit is for a hang
afterAll(() => copy?.remove())

describe('npm run build', () => {
  it('bundles and renders every page the first time, with a progress line every 2,000 pages', () => {
    expect(first.bundled).toBe(true)
    expect(first.changed).toHaveLength(first.pages)
    expect(first.pages).toBeGreaterThan(4000)
    expect(firstLog.filter((line) => /^ {2}rendered \d+ of \d+ pages/.test(line)).length).toBeGreaterThanOrEqual(Math.floor(first.pages / 2000) - 1)
    expect(firstLog.at(-1)).toMatch(new RegExp(`${first.pages} pages, ${first.pages} changed, 0 unchanged`))
  })

  it('does nothing when nothing changed', async () => {
    const before = statSync(file('dist/client/boise-strip-wax.html')).mtimeMs
    const report = await build()
    expect(report.bundled).toBe(false)
    expect(report.changed).toEqual([])
    expect(report.log.at(-1)).toMatch(`${first.pages} pages, 0 changed, ${first.pages} unchanged`)
    expect(statSync(file('dist/client/boise-strip-wax.html')).mtimeMs).toBe(before)
  })

  it('after dist/ is emptied, takes the bundles kept for this code instead of bundling again, and makes the same site', async () => {
    const before = ['boise-strip-wax.html', 'quote.html', 'sitemap.xml'].map(page)
    const kept = readState(file('dist'))!.bundles!
    rmSync(file('dist'), { recursive: true, force: true })
    const report = await build()
    expect(report.bundlesFrom).toBe('kept')
    expect(report.log).toContain('bundles: those kept for this code (node_modules/.cache/bundles)')
    expect(report.log).not.toContain('bundling (the code changed since the last build)...')
    expect(readState(file('dist'))!.bundles).toEqual(kept)
    expect(['boise-strip-wax.html', 'quote.html', 'sitemap.xml'].map(page)).toEqual(before)
    // Every file the pages' tags name is there: the bundles, their chunks and the stylesheet.
    for (const tag of Object.values(kept.assetTags).flatMap((t) => [t.head, t.body]))
      for (const [, src] of tag.matchAll(/(?:href|src)="(\/[^"]+)"/g)) expect(existsSync(file(`dist/client${src}`)), src).toBe(true)
  })

  it('rewrites only the pages whose nearest cities an edit moves: a city placed elsewhere', async () => {
    // The cities whose nearest cities include Nampa, before or after the edit, and Nampa: the only pages that may change.
    const listing = (dir: string) => {
      const catalogue = loadCatalogue(dir)
      return catalogue.cities.filter((c) => nearbyCities(c, catalogue, 'en').cities.some((n) => n.city.slug === 'nampa')).map((c) => c.slug)
    }
    const before = listing(file('data'))
    edit('data/cities.csv', (csv) => csv.replace(/^Nampa,ID,US,(\d+),,,,$/m, 'Nampa,ID,US,$1,,43.60,-116.25,'))
    const touched = ['nampa', ...before, ...listing(file('data'))]
    const report = await build()
    expect(report.changed.length).toBeGreaterThan(0)
    // Only the pages of the cities whose nearest cities change (their city-service pages and hubs), and Nampa's own.
    const own = (f: string, slug: string) =>
      f.startsWith(`${slug}-`) || f.startsWith(`fr/${slug}-`) || f === `local-services/${slug}.html` || f === `fr/services-locaux/${slug}.html`
    expect(report.changed.filter((f) => !touched.some((slug) => own(f, slug)))).toEqual([])
    // Boise lists Nampa first now, 3 miles away.
    expect(/data-nearby-cities=""[^]*?<a href="\/([a-z-]+)-strip-wax-janitorial"/.exec(page('boise-strip-wax-janitorial.html'))?.[1]).toBe('nampa')
  })

  it("rewrites a city's pages when its name is corrected, and the pages that link to it", async () => {
    edit('data/cities.csv', (csv) => csv.replace('St. Louis,MO,US', 'St Louis,MO,US'))
    const report = await build()
    expect(report.changed).toContain('st-louis-strip-wax-janitorial.html')
    expect(report.changed).toContain('services/strip-wax.html')
    expect(report.changed.length).toBeLessThan(500)
    expect(page('st-louis-strip-wax-janitorial.html')).toContain('<h1 class="mt-3 text-4xl font-extrabold md:text-5xl">Strip &amp; Wax in St Louis</h1>')
  })

  it('deletes the pages of a city taken out of the data, takes them out of the sitemap and redirects their URLs', async () => {
    edit('data/cities.csv', (csv) => csv.replace(/^Ogden,UT,US,\d+,*\r?\n/m, ''))
    const report = await build()
    expect(report.removed).toHaveLength(33)
    expect(report.removed).toContain('ogden-strip-wax-janitorial.html')
    expect(report.removed).toContain('local-services/ogden.html')
    expect(existsSync(file('dist/client/ogden-strip-wax-janitorial.html'))).toBe(false)
    expect(readFileSync(file('dist/client/sitemap.xml'), 'utf8')).not.toContain('/ogden-')
    expect(readFileSync(file('dist/client/_redirects'), 'utf8')).toContain('/ogden-strip-wax-janitorial  /services/strip-wax  301')
    expect(report.log).toContain('  /ogden-strip-wax-janitorial → /services/strip-wax (301)')
    expect(readFileSync(file('dist/client/_redirects'), 'utf8')).toContain('/local-services/ogden  /local-services  301')
  })

  it('writes the pages of a city added to the data', async () => {
    appendFileSync(file('data/cities.csv'), 'Pocatello,ID,US,56320\n')
    const report = await build()
    expect(report.changed).toContain('pocatello-deep-cleaning-janitorial.html')
    expect(page('pocatello-deep-cleaning.html')).toContain('Deep Cleaning in Pocatello')
    // Its pages and its hub say in sentences what its neighbours' say (src/seo/searchIndex.ts): out of the sitemap, as
    // the build says, until the staff give it sentences of its own.
    const sitemap = readFileSync(file('dist/client/sitemap.xml'), 'utf8')
    expect(sitemap).not.toContain('/pocatello-deep-cleaning-janitorial</loc>')
    expect(readFileSync(file('dist/client/pocatello-deep-cleaning-janitorial.html'), 'utf8')).toContain('<meta name="robots" content="noindex, follow"/>')
    expect(sitemap).not.toContain('/local-services/pocatello</loc>')
    expect(page('local-services/pocatello.html')).toContain('<meta name="robots" content="noindex, follow"/>')
    expect(page('local-services/pocatello.html')).toContain('Cleaning Services in Pocatello</h1>')
    expect(page('local-services.html')).toContain('href="/local-services/pocatello"')
  })

  // Issue 39: as check:data says them.
  it('says the slug collisions in one line, after the warnings, and each one with --verbose', async () => {
    // The smaller site has Springfield, MO only: a namesake gets -{state}.
    appendFileSync(file('data/cities.csv'), 'Springfield,IL,US,114394\n')
    const report = await build()
    expect(report.changed).toContain('springfield-il-deep-cleaning-janitorial.html')
    const said = report.log.filter((line) => line.includes('slug collision'))
    expect(said).toEqual([`${report.catalogue.collisions.length} slug collision${report.catalogue.collisions.length === 1 ? '' : 's'} resolved: see --verbose`])
    const warnings = report.log.flatMap((line, i) => (line.startsWith('warning: ') ? [i] : []))
    expect(warnings.every((i) => i < report.log.indexOf(said[0]!))).toBe(true)
    const verbose = await build(true)
    expect(verbose.log).toContain('slug collision "springfield": Springfield, MO keeps /springfield-…; Springfield, IL → /springfield-il-…')
    expect(verbose.log.filter((line) => line.startsWith('slug collision "'))).toHaveLength(report.catalogue.collisions.length)
  })

  it('renders every page after a change to the code, and writes only those whose bytes changed', async () => {
    // A code no run has built before (the bundles of every code built are kept, node_modules/.cache/bundles).
    appendFileSync(file('src/pages/lists.ts'), `\n// a comment changes the code, not the pages (${process.pid} ${Date.now()})\n`)
    const report = await build()
    expect(report.bundled).toBe(true)
    expect(report.bundlesFrom).toBe('bundler') // no bundles are kept for the new code
    expect(report.log).toContain(`rendering ${report.pages} of ${report.pages} pages...`)
    expect(report.changed).toEqual([])
  }, 600_000)

  it('refuses bad data with the file, line and field, and leaves the last build as it was', async () => {
    const state = readFileSync(file('dist/build-state.json'), 'utf8')
    edit('data/cities.csv', (csv) => csv.replace('Boise,ID,US,235684', 'Boise,ID,US,235 684'))
    await expect(build()).rejects.toThrow(/data\/cities\.csv line \d+, column "population": expected a whole number without separators, got "235 684"/)
    await expect(build()).rejects.toBeInstanceOf(DataError)
    expect(readFileSync(file('dist/build-state.json'), 'utf8')).toBe(state)
    expect(page('boise-strip-wax.html')).toContain('Strip &amp; Wax in Boise</h1>')
    edit('data/cities.csv', (csv) => csv.replace('235 684', '235684'))
  })

  it('with new code and bad data, stops the bundler and leaves the last build, its bundles included, as it was', async () => {
    const state = readFileSync(file('dist/build-state.json'), 'utf8')
    const before = page('boise-strip-wax.html')
    const assets = [...before.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!)
    expect(assets.length).toBeGreaterThan(0)
    appendFileSync(file('src/pages/lists.ts'), '\n// new code: the bundler starts before the data is read\n')
    edit('data/cities.csv', (csv) => csv.replace('Boise,ID,US,235684', 'Boise,ID,US,235 684'))
    await expect(build()).rejects.toBeInstanceOf(DataError)
    expect(readFileSync(file('dist/build-state.json'), 'utf8')).toBe(state)
    expect(page('boise-strip-wax.html')).toBe(before)
    for (const asset of assets) expect(existsSync(file(`dist/client${asset}`)), asset).toBe(true)
    edit('data/cities.csv', (csv) => csv.replace('235 684', '235684'))
  }, 600_000)

  // Issue 30, item 5: the credentials of site.yaml reach the built pages of both languages (their absence where the
  // data states none: tests/unit/trustFacts.test.tsx and tests/build/trust.test.ts). One rebuild of every page.
  it("writes the company's credentials into the pages of both languages when site.yaml states them", async () => {
    edit('data/site.yaml', (yaml) => yaml.replace(/^ {2}founded:$/m, '  founded: 2009').replace(/^ {4}bonded:$/m, '    bonded: true'))
    const report = await build()
    expect(report.changed.length).toBe(report.pages) // every page has the footer
    for (const name of ['about.html', 'quote.html', 'boise-strip-wax.html', 'fr/a-propos.html', 'fr/soumission.html']) {
      const html = page(name)
      expect(html, name).toMatch(name.startsWith('fr/') ? /En affaires depuis 2009[^]*Entreprise cautionnée/ : /In business since 2009[^]*Bonded/)
    }
  }, 600_000)

  it('names the URL of a page that fails to render', async () => {
    const inputs = readCatalogueInputs(file('data'))
    const catalogue = loadCatalogue(file('data'))
    const { bundles } = readState(file('dist'))!
    const { 'city-service': _, ...assetTags } = bundles!.assetTags
    const job = { inputs, assetTags, outDir: file('.tmp/out'), outOfIndex: [] }
    const firstCity = pageModels(catalogue).findIndex((m) => vikePageOf(m) === 'city-service')
    const error = await renderPages(job, catalogue, NONE_OUT, [0, 1, 2, firstCity + 2, firstCity + 3], undefined, 2).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PageRenderError)
    expect((error as PageRenderError).message).toMatch(
      /^could not render \/[a-z-]+-(strip-wax|routine-janitorial)(-janitorial)?: no bundle tags for the Vike page "city-service"/,
    )
  })

  it('names the URL of a page that fails to render in a worker thread too', async () => {
    const inputs = readCatalogueInputs(file('data'))
    const catalogue = loadCatalogue(file('data'))
    const { 'city-service': _, ...assetTags } = readState(file('dist'))!.bundles!.assetTags
    const firstCity = pageModels(catalogue).findIndex((m) => vikePageOf(m) === 'city-service')
    const { port1, port2 } = new MessageChannel()
    const reply = once(port2, 'message')
    serveRenderThread(port1, { job: { inputs, assetTags, outDir: file('.tmp/out'), outOfIndex: [] }, indices: [0, firstCity + 2], next: batchCounters() })
    const [message] = (await reply) as [{ error: string; url: string }]
    port1.close()
    expect(message.url).toBe(pageModels(catalogue)[firstCity + 2]!.path)
    expect(message.error).toBe('no bundle tags for the Vike page "city-service"')
  })
})
