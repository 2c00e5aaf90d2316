// The company's own words in content/ (issue 59; the measure of issues 38 and 54): builds of a copy of the site with the
// cities of Texas, Montana (with Idaho and Utah, of its climate region) and Québec. Billings gets about 150 words of its own (content/cities/billings.md), Plano's
// office cleaning about 400 (content/cities/plano/office-cleaning.md) and a job story, Laval a French text
// (content/cities/laval.fr.md): checked first by `npm run check:data`, then built, then taken away again.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyProject } from '../../scripts/lib/projectCopy'
import { buildSite } from '../../src/build/build'
import { loadCatalogue, type City } from '../../src/catalog/index'
import { pageModels } from '../../src/pages/entries'
import { canonicalPath } from '../../src/pages/head'
import { fileForPath } from '../../src/urls/paths'
import { runCheckData } from '../helpers/checkData'
import { jaccard, pageWords, shingles } from '../helpers/nearDuplicates'
import { keepCitiesOfStates } from '../helpers/smallerSite'

let copy: ReturnType<typeof copyProject>
const content = (file: string) => path.join(copy.root, 'content', file)
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(content(file)), { recursive: true })
  writeFileSync(content(file), text)
}
const build = () => buildSite({ root: copy.root, log: () => undefined, photoCache: path.join(copy.root, 'photo-cache') })
const html = (url: string) => readFileSync(path.join(copy.root, 'dist/client', `${url}.html`), 'utf8')
const robots = (url: string) => /<meta name="robots" content="([^"]+)"/.exec(html(url))?.[1]
const sitemap = () =>
  [...readFileSync(path.join(copy.root, 'dist/client/sitemap.xml'), 'utf8').matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1] || '/')
const inSitemap = (url: string) => sitemap().includes(url)
/** The build's measure of each page (dist/search-index.csv), by path. */
function measured(): Map<string, { similarity: number; indexed: boolean; twin: string; runs: number }> {
  const rows: string[][] = parse(readFileSync(path.join(copy.root, 'dist/search-index.csv'), 'utf8'))
  return new Map(
    rows
      .slice(1)
      .map((r) => [new URL(r[0]!).pathname, { indexed: r[3] === 'yes', twin: new URL(r[4]!).pathname, similarity: Number(r[5]), runs: Number(r[6]) }]),
  )
}

/**
 * Sentences of one place's jobs, as varied as a real account of them (a sentence that repeats another's words adds
 * little of its own: each 5-word run counts once).
 */
function localText(words: number, seed: string): string {
  const pick = <T>(list: readonly T[], i: number, step: number) => list[(i * step + seed.length) % list.length]!
  const sites = [
    'elementary school',
    'dental office',
    'credit union branch',
    'warehouse office',
    'fitness studio',
    'medical clinic',
    'library branch',
    'car dealership',
    'law office',
    'bakery',
    'church hall',
    'coworking floor',
    'veterinary hospital',
    'hotel lobby',
    'daycare center',
  ]
  const streets = [
    'Fairview Avenue',
    'Vista Avenue',
    'Overland Road',
    'Capitol Boulevard',
    'Broadway Avenue',
    'Ustick Road',
    'Cole Road',
    'Chinden Boulevard',
    'Eagle Road',
    'Federal Way',
    'Parkcenter Boulevard',
    'Bogus Basin Road',
    'Orchard Street',
    'Emerald Street',
  ]
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
  const templates = [
    (i: number) =>
      `Every ${pick(months, i, 5)} since ${2012 + (i % 11)} we strip the ${pick(sites, i, 7)} near ${pick(streets, i, 3)} and lay ${3 + (i % 6)} fresh coats of finish.`,
    (i: number) =>
      `The ${pick(sites, i, 4)} by ${pick(streets, i, 5)} asked ${seed} crews for night visits after ${6 + (i % 5)} pm, so alarms are set by ${10 + (i % 2)}.`,
    (i: number) =>
      `Spring runoff tracks gravel into the ${pick(sites, i, 2)} on ${pick(streets, i, 7)}; walk-off mats there are swapped ${2 + (i % 3)} times a week.`,
    (i: number) =>
      `A burst pipe flooded the ${pick(sites, i, 3)} beside ${pick(streets, i, 2)} in ${pick(months, i, 7)}, and our extraction team dried ${800 + i * 37} square feet overnight.`,
    (i: number) =>
      `Inspectors from the county signed off on the ${pick(sites, i, 5)} near ${pick(streets, i, 4)} after a terminal clean that took ${4 + (i % 4)} hours.`,
    (i: number) => `Our ${seed} supervisor walks the ${pick(sites, i, 6)} at ${pick(streets, i, 6)} with its manager on the ${1 + (i % 28)}th of each month.`,
  ]
  const sentences: string[] = []
  for (let i = 0; sentences.join(' ').split(' ').length < words; i++) sentences.push(templates[i % templates.length]!(i))
  return sentences.join(' ')
}

/** About 160 words of what is true of Billings (a test's own facts: the project ships no invented text). */
const BILLINGS = `Billings sits on the Yellowstone River under the Rimrocks, and most of our work here is in the offices and clinics between the Heights and the West End.

Our crew leader has lived in Billings for eleven years and plans every route around the morning traffic on 27th Street. In winter the city spreads sand and de-icer on every downtown sidewalk, so from November to March we vacuum entry mats nightly and scrub the grit out of lobby tile once a week.

Chinook winds can lift the temperature forty degrees in a day, which leaves a fine film of dust on window sills and vents that we wipe down after each warm spell. Clients near the airport on the Rims ask for early visits before their first flights leave at six. We keep a spare floor machine in our storage unit on Grand Avenue so that a breakdown never cancels a scheduled strip and wax.
`

/** About 150 words of what is true of Laval, in French. */
const LAVAL = `Laval est une île, et nos équipes y travaillent surtout dans les bureaux et les cliniques de Chomedey, de Sainte-Rose et du centre-ville, près de la station Montmorency.

Notre chef d’équipe habite Vimont depuis neuf ans et planifie les tournées en fonction de la circulation sur l’autoroute 440. De novembre à mars, le sel et le gravier des stationnements s’accumulent dans les entrées, alors nous passons l’aspirateur sur les tapis chaque soir et nous récurons les carreaux des halls une fois par semaine.

Au printemps, la fonte des neiges laisse une boue fine que nous retirons des plinthes et des bouches d’aération. Plusieurs cliniques du boulevard Le Corbusier demandent un passage après dix-neuf heures, quand les patients sont partis. Nous gardons une machine à plancher de rechange dans notre entrepôt du boulevard Saint-Martin, pour qu’une panne n’annule jamais un décapage prévu.
`

const JOB = `---
city: plano
service: office-cleaning
date: 2026-09
title: Nightly cleaning for a three-floor insurance office
quote:
  text: Our staff noticed the difference in the break rooms within a week.
  name: Dana Ruiz
  company: North Star Mutual
---

A regional insurance office moved 240 employees onto three floors in August and asked us for a crew five nights a week.

## How we split the building

Two cleaners and a floor technician start at 7 pm, after the last shift leaves. The break rooms get a full wipe-down of counters, microwaves and refrigerator handles every night, and the open-plan carpet is vacuumed with HEPA machines. Once a month the technician extracts coffee stains around the workstations.
`

const PLANO = {
  office: '/plano-office-cleaning-janitorial',
  officeOther: '/plano-office-cleaning',
  stripWax: '/plano-strip-wax-janitorial',
  hub: '/local-services/plano',
}
const BILLINGS_PAGES = { hub: '/local-services/billings', office: '/billings-office-cleaning-janitorial', windows: '/billings-window-cleaning-janitorial' }
const LAVAL_HUB = '/fr/services-locaux/laval'
const words = (text: string) => text.split(/\s+/).filter(Boolean).length
const sentence = (text: string) => text.split('\n')[0]!.slice(0, 80)

/** Every file of a build (dist/client and the measure beside it) but the sitemap, whose dates follow the data files' times. */
function builtFiles(): Map<string, string> {
  const dist = path.join(copy.root, 'dist')
  const files = readdirSync(path.join(dist, 'client'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'sitemap.xml')
    .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)))
  return new Map([...files, 'search-index.csv'].map((file) => [file, readFileSync(path.join(dist, file), 'latin1')]))
}
let clean: Map<string, string>
let before: ReturnType<typeof measured>
let threshold: number

beforeAll(() => {
  copy = copyProject()
  keepCitiesOfStates(copy.root, ['TX', 'MT', 'ID', 'UT', 'QC'])
  threshold = loadCatalogue(path.join(copy.root, 'data')).site.searchIndex.threshold
}, 60_000)
afterAll(() => copy?.remove())

describe('texts of content/ and the search index', () => {
  it('keeps Billings’, Plano’s and Laval’s pages out while they say what other cities’ pages say', async () => {
    // The project ships content/ with its README only.
    expect(readdirSync(path.join(copy.root, 'content'))).toEqual(['README.md'])
    await build()
    clean = builtFiles()
    before = measured()
    for (const url of [BILLINGS_PAGES.hub, PLANO.office, LAVAL_HUB]) {
      const m = before.get(url)!
      console.log(`nothing of its own: ${url} ${m.similarity.toFixed(3)} like ${m.twin} (${m.runs} runs)`)
      expect(m.similarity).toBeGreaterThanOrEqual(threshold)
      expect(robots(url)).toBe('noindex, follow')
      expect(inSitemap(url)).toBe(false)
    }
  }, 300_000)

  it('says before any build which pages the texts bring in', () => {
    const office = localText(400, 'Legacy West')
    expect(words(BILLINGS)).toBeGreaterThanOrEqual(140)
    expect(words(LAVAL)).toBeGreaterThanOrEqual(140)
    expect(words(office)).toBeGreaterThanOrEqual(400)
    expect(words(office)).toBeLessThan(430)
    write('cities/billings.md', BILLINGS)
    write('cities/plano/office-cleaning.md', `${office}\n`)
    write('cities/laval.fr.md', LAVAL)
    write('jobs/plano-insurance-office/index.md', JOB)
    const { status, stdout } = runCheckData(copy.root)
    expect(status).toBe(0)
    expect(stdout).toContain('content: 2 city texts, 1 texts of city-service pages, 1 job story (content/)')
    const lines = stdout.split('\n')
    const changes = lines.slice(lines.findIndex((l) => l.startsWith('search index, against the last build:')))
    console.log(changes.filter((l) => l.startsWith('search index, against') || l.startsWith('  -')).join('\n'))
    expect(changes[0]).toMatch(/^search index, against the last build: \d+ pages come in, 0 pages go out \(threshold 0\.7\)$/)
    for (const url of [BILLINGS_PAGES.hub, PLANO.office, LAVAL_HUB])
      expect(changes).toContainEqual(
        expect.stringMatching(new RegExp(`^  - ${url}: 0\\.\\d\\d like /[a-z/-]+ \\(was ${before.get(url)!.similarity.toFixed(2)}\\)$`)),
      )
  })

  it('shows each text where it belongs, and indexes those pages at the next build', async () => {
    await build()
    const after = measured()
    for (const url of [BILLINGS_PAGES.hub, PLANO.office, LAVAL_HUB]) {
      const m = after.get(url)!
      console.log(`with a text of its own: ${url} ${m.similarity.toFixed(3)} like ${m.twin} (${m.runs} runs; ${before.get(url)!.similarity.toFixed(3)} before)`)
      expect(m.similarity).toBeLessThan(threshold)
      expect(m.indexed).toBe(true)
      expect(robots(url)).toBeUndefined()
      expect(inSitemap(url)).toBe(true)
    }
    // A city's text: on its hub and its 16 service pages, under a heading of its own; in French on the French pages only.
    for (const url of [BILLINGS_PAGES.hub, BILLINGS_PAGES.office, BILLINGS_PAGES.windows]) {
      expect(html(url)).toContain('Our work in Billings</h2>')
      expect(html(url)).toContain(sentence(BILLINGS))
    }
    expect(html(LAVAL_HUB)).toContain('Notre travail à Laval</h2>')
    expect(html(LAVAL_HUB)).toContain(sentence(LAVAL))
    expect(html('/local-services/laval')).not.toContain('Notre chef d’équipe')
    // A page's text: on that page only, in both schemes.
    expect(html(PLANO.office)).toContain('Our office cleaning work in Plano</h2>')
    expect(html(PLANO.officeOther)).toContain('Our office cleaning work in Plano</h2>')
    expect(html(PLANO.stripWax)).not.toContain('Legacy West')
    // The job story: in full on its page (its subheading under the story's title, the client's words), as a card on
    // the city's hub and on the service's page, each card linking to the page of the story.
    const story = html(PLANO.office)
    expect(story).toContain('<h3 class="text-xl font-bold text-slate-900">Nightly cleaning for a three-floor insurance office</h3>')
    expect(story).toContain('<h4>How we split the building</h4>')
    expect(story).toContain('September 2026')
    expect(story).toContain('Our staff noticed the difference in the break rooms within a week.')
    expect(story).toContain('Dana Ruiz, North Star Mutual')
    expect(html(PLANO.stripWax)).not.toContain('Nightly cleaning for a three-floor')
    for (const url of [PLANO.hub, '/services/office-cleaning']) {
      const card = /<section aria-labelledby="job-cards-heading"[^]*?<\/section>/.exec(html(url))?.[0]
      expect(card, url).toContain(`<a href="${PLANO.office}" class="text-brand-700 hover:underline">Nightly cleaning for a three-floor insurance office</a>`)
      expect(card, url).toContain('A regional insurance office moved 240 employees')
    }
    expect(html('/services/office-cleaning')).toContain('Plano · September 2026')
    // Plano's other services stay out; so do Billings' service pages (150 words are not enough for one).
    const out = [...after].filter(([url]) => (url.startsWith('/plano-') && url !== PLANO.office) || url.startsWith('/billings-'))
    expect(out).toHaveLength(31)
    for (const [url, m] of out) expect([url, m.indexed, inSitemap(url)]).toEqual([url, false, false])
  }, 300_000)

  it('leaves no page of the sitemap with a twin at 0.8 or more (measured independently, every page of its group)', () => {
    const catalogue = loadCatalogue(path.join(copy.root, 'data'))
    const groups = new Map<string, { path: string; city?: City }[]>()
    const groupOf = new Map<string, string>()
    for (const model of pageModels(catalogue)) {
      if (canonicalPath(model) !== model.path || model.kind === 'not-found' || model.kind === 'error') continue
      if (model.kind === 'static' && model.page === 'thank-you') continue
      const id =
        model.kind === 'city-service' ? `city-service ${model.lang} ${model.service.slug}` : `${model.kind === 'city' ? 'city' : 'other'} ${model.lang}`
      const city = model.kind === 'city' || model.kind === 'city-service' ? catalogue.cityBySlug.get(model.city.slug)! : undefined
      groups.set(id, [...(groups.get(id) ?? []), { path: model.path, ...(city ? { city } : {}) }])
      groupOf.set(model.path, id)
    }
    const runsOf = new Map<string, Set<string>>()
    const runs = (url: string, city?: City) => {
      let set = runsOf.get(url)
      const file = path.join(copy.root, 'dist/client', fileForPath(url))
      if (!set) runsOf.set(url, (set = shingles(pageWords(readFileSync(file, 'utf8'), city ? [city.name, city.displayName] : []))))
      return set
    }
    const twins: string[] = []
    const urls = sitemap()
    for (const url of [BILLINGS_PAGES.hub, PLANO.office, LAVAL_HUB]) expect(urls).toContain(url)
    for (const url of urls) {
      const group = groups.get(groupOf.get(url)!)!
      const own = group.find((p) => p.path === url)!
      let closest = 0
      for (const other of group) if (other.path !== url) closest = Math.max(closest, jaccard(runs(url, own.city), runs(other.path, other.city)))
      if (closest >= 0.8) twins.push(`${url}: ${closest.toFixed(3)}`)
    }
    expect(twins).toEqual([])
  })

  it('takes them out again when the files are removed, and gives back the first build’s files byte for byte', async () => {
    rmSync(path.join(copy.root, 'content/cities'), { recursive: true })
    rmSync(path.join(copy.root, 'content/jobs'), { recursive: true })
    await build()
    const after = measured()
    for (const url of [BILLINGS_PAGES.hub, PLANO.office, LAVAL_HUB]) {
      expect(after.get(url)!.indexed).toBe(false)
      expect(robots(url)).toBe('noindex, follow')
      expect(inSitemap(url)).toBe(false)
    }
    const now = builtFiles()
    expect([...now.keys()].sort()).toEqual([...clean.keys()].sort())
    for (const [file, bytes] of clean) if (now.get(file) !== bytes) expect.fail(`${file} differs from the first build's`)
  }, 300_000)
})
