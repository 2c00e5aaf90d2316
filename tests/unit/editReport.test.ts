// Issue 59: `npm run check:data -- --markdown`, what an edit does as Markdown for its pull request (src/build/editReport.ts).
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { editReportMarkdown, errorFacts, type EditFacts } from '../../src/build/editReport'
import type { MeasuredPage } from '../../src/seo/searchIndex'
import { runCheckData } from '../helpers/checkData'
import { keepTinySite } from '../helpers/smallerSite'
import { putBackKeptMeasure } from '../setup/keptMeasureSnapshot'

const page = (path: string, similarity: number, twin: string | null = '/local-services/nampa'): MeasuredPage => ({
  path,
  kind: 'city',
  lang: 'en',
  twin,
  similarity,
  runs: 200,
  wanting: similarity < 0.7 ? 0 : 80,
  indexed: similarity < 0.7,
})

const facts = (more: Partial<EditFacts> = {}): EditFacts => ({
  errors: [],
  warnings: [],
  counts: { threshold: 0.7, hubs: { in: 3, of: 466 }, cityPages: { in: 32, of: 7456 }, others: 44 },
  index: { threshold: 0.7, cameIn: [{ page: page('/local-services/billings', 0.54), was: 0.93 }], wentOut: [] },
  cities: [],
  urls: [],
  ...more,
})

describe('the Markdown report of an edit', () => {
  it('tables the pages it brings in and takes out, with their similarity, twin and similarity before', () => {
    const markdown = editReportMarkdown(
      facts({
        index: {
          threshold: 0.7,
          cameIn: [{ page: page('/local-services/billings', 0.54), was: 0.93 }],
          wentOut: [{ page: page('/plano-office-cleaning-janitorial', 0.81, '/frisco-office-cleaning-janitorial') }],
        },
      }),
    )
    expect(markdown).toContain('In the index with this edit: 3 of 466 hubs, 32 of 7,456 city-service pages and 44 other pages.')
    expect(markdown).toContain(
      [
        '**In**: indexed and in the sitemap once merged (1):',
        '',
        '| Page | Similarity | Closest twin | Before |',
        '|---|--:|---|--:|',
        '| `/local-services/billings` | 0.54 | `/local-services/nampa` | 0.93 |',
      ].join('\n'),
    )
    expect(markdown).toContain('| `/plano-office-cleaning-janitorial` | 0.81 | `/frisco-office-cleaning-janitorial` | a new page |')
  })

  it('says how many more past its limit, and when nothing changes or nothing can be compared', () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ page: page(`/local-services/city-${i}`, 0.5), was: 0.9 }))
    const cut = editReportMarkdown(facts({ index: { threshold: 0.7, cameIn: many, wentOut: [] } }), { max: 5 })
    expect(cut.match(/^\| `\/local-services\/city-\d`/gm)).toHaveLength(5)
    expect(cut).toContain('- and 2 more (`npm run check:data` in the branch lists them)')
    expect(editReportMarkdown(facts({ index: { threshold: 0.7, cameIn: [], wentOut: [] } }))).toContain('No page comes in or goes out.')
    expect(editReportMarkdown(facts({ index: undefined }))).toContain('No build to compare with')
  })

  it('lists the URLs the edit changes, each redirect folded, and escapes what Markdown would read', () => {
    const markdown = editReportMarkdown(
      facts({
        cities: ['added Pocatello, ID: /pocatello-… (32 new pages)', 'removed Nampa, ID: its 32 URLs /nampa-… will redirect to the service pages'],
        urls: ['/nampa-strip-wax → /services/strip-wax (301)', '/local-services/nampa → /local-services (301)'],
        warnings: ['data/cities.csv line 4: a <b>bold</b> | pipe *star* _under_'],
      }),
    )
    expect(markdown).toContain('- added Pocatello, ID: /pocatello-… (32 new pages)\n')
    expect(markdown).toContain('<details><summary>Every URL that redirects or changes (2)</summary>\n\n- /nampa-strip-wax → /services/strip-wax (301)\n')
    expect(markdown).toContain('- data/cities.csv line 4: a \\<b\\>bold\\</b\\> \\| pipe \\*star\\* \\_under\\_')
  })

  it('puts the errors first and alone: nothing else is known of a refused edit', () => {
    const markdown = editReportMarkdown(errorFacts(['data/cities.csv line 12, column "population": expected a whole number, got "12,4O0"']))
    expect(markdown).toBe(
      [
        '### What this edit does',
        '',
        '**The data check fails: 1 problem.** Fix them and push again:',
        '',
        '- data/cities.csv line 12, column "population": expected a whole number, got "12,4O0"',
        '',
      ].join('\n'),
    )
  })
})

describe('npm run check:data -- --markdown', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))
  /** A tiny copy of the data (Boise, Nampa, Montréal, Laval), edited by `edit`. */
  const project = (edit: (dir: string) => void) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'edit-report-'))
    dirs.push(dir)
    cpSync(path.resolve('data'), path.join(dir, 'data'), { recursive: true })
    keepTinySite(dir)
    edit(dir)
    putBackKeptMeasure(inject('keptMeasureRoot'))
    return runCheckData(dir, ['--markdown'])
  }

  it("prints the edit's pages in and out against the last build, and its URLs, as Markdown only", () => {
    const { status, stdout } = project((dir) => {
      // The build compared with had Boise's hub in the index.
      mkdirSync(path.join(dir, 'dist'))
      const header =
        'page,kind,language,indexed,closest twin,similarity to the closest twin (shared 5-word runs of all their runs),distinct 5-word runs in its sentences,words of its own in sentences it needs to come in'
      writeFileSync(
        path.join(dir, 'dist/search-index.csv'),
        `${header}\nhttps://www.evergreenjanitorial.com/local-services/boise,city,en,yes,https://www.evergreenjanitorial.com/local-services/nampa,0.400,200,0\n`,
      )
      const csv = path.join(dir, 'data/cities.csv')
      writeFileSync(csv, readFileSync(csv, 'utf8').replace(/^Nampa,ID,US,.*\n/m, ''))
      appendFileSync(csv, 'Pocatello,ID,US,56320\n')
    })
    expect(status).toBe(0)
    expect(stdout.startsWith('### What this edit does\n')).toBe(true)
    expect(stdout).not.toMatch(/^data OK|^search index/m) // the text report's lines
    expect(stdout).toMatch(/\*\*Out\*\*: noindex and out of the sitemap once merged \(\d+\):/)
    expect(stdout).toMatch(/^\| `\/local-services\/boise` \| (0\.[7-9]\d|1\.00) \| `\/local-services\/[a-z-]+` \| 0\.40 \|$/m)
    expect(stdout).toContain('- added Pocatello, ID: /pocatello-… (32 new pages)')
    expect(stdout).toMatch(/^- removed Nampa, ID: its 32 URLs \/nampa-… will redirect to the service pages$/m)
    expect(stdout).toContain('- /nampa-strip-wax → /services/strip-wax (301)')
  })

  it('prints the errors as Markdown, naming file, line and field, and fails', () => {
    const { status, stdout } = project((dir) => {
      const csv = path.join(dir, 'data/cities.csv')
      writeFileSync(csv, readFileSync(csv, 'utf8').replace(/^Boise,ID,US,\d+/m, 'Boise,ID,US,235 684'))
    })
    expect(status).toBe(1)
    expect(stdout).toMatch(/^- data\/cities\.csv line \d+, column "population": expected a whole number without separators, got "235 684"$/m)
  })
})
