import type { Catalogue } from '../catalog/index'
import { indexChangeFacts, indexCounts, type ChangedPage, type IndexChangeFacts, type PublishedPage, type SearchIndex } from '../seo/searchIndex'
import { changedUrlLines, describeSlugChanges, frenchPagesOf } from '../slugs/report'

/**
 * What an edit of the data does, as facts (`npm run check:data -- --markdown`, posted on a pull request by the CI): the
 * data's errors, or its warnings, the pages it brings into the search index and takes out against the build compared
 * with (src/seo/searchIndex.ts), and the URLs it adds, removes and redirects against data/city-slugs.csv
 * (src/slugs/report.ts). The text `check:data` prints comes from the same functions; this module renders them as Markdown.
 */
export interface EditFacts {
  /** The data's problems (file, line, field): nothing else is known then. */
  errors: string[]
  warnings: string[]
  counts?: ReturnType<typeof indexCounts>
  /** Undefined: no build to compare with. */
  index?: IndexChangeFacts
  /** One line per city whose URLs the edit adds, removes or moves. */
  cities: string[]
  /** Every URL that redirects or shows another city. */
  urls: string[]
  pages?: { all: number; cityServices: number }
}

/** The facts of a valid edit, against `published` (the compared build's dist/search-index.csv). */
export function editFacts(catalogue: Catalogue, index: SearchIndex, published: ReadonlyMap<string, PublishedPage>, pages: EditFacts['pages']): EditFacts {
  const { changes } = catalogue.publishedSlugs
  const inOut = indexChangeFacts(index, published)
  return {
    errors: [],
    warnings: catalogue.warnings,
    counts: indexCounts(index),
    ...(inOut ? { index: inOut } : {}),
    cities: changes.firstRecord ? [] : describeSlugChanges(changes, frenchPagesOf(catalogue)),
    urls: changes.firstRecord
      ? []
      : changedUrlLines(
          changes.urls,
          catalogue.services.map((s) => s.slug),
        ),
    pages,
  }
}

/** The facts of an edit the data check refuses. */
export const errorFacts = (problems: readonly string[]): EditFacts => ({ errors: [...problems], warnings: [], cities: [], urls: [] })

const count = (n: number) => n.toLocaleString('en-US')
/** Text safe in Markdown (and in a table cell): its punctuation escaped. */
const text = (value: string) => value.replace(/([\\`*_[\]<>|#~])/g, '\\$1')
const code = (value: string) => `\`${value.replace(/`/g, "'")}\``

/** The edit's report in GitHub's Markdown: at most `max` rows in each list, then how many more. */
export function editReportMarkdown(facts: EditFacts, { max = 50 }: { max?: number } = {}): string {
  const out: string[] = ['### What this edit does', '']
  const more = (total: number, shown = max) => (total > shown ? [`- and ${count(total - shown)} more (\`npm run check:data\` in the branch lists them)`] : [])
  if (facts.errors.length > 0) {
    out.push(`**The data check fails: ${facts.errors.length === 1 ? '1 problem' : `${facts.errors.length} problems`}.** Fix them and push again:`, '')
    out.push(...facts.errors.slice(0, max).map((problem) => `- ${text(problem)}`), ...more(facts.errors.length), '')
    return out.join('\n')
  }
  if (facts.warnings.length > 0) out.push('**Warnings**', '', ...facts.warnings.map((w) => `- ${text(w)}`), '')

  out.push('#### Search index', '')
  if (facts.counts) {
    const { hubs, cityPages, others, threshold } = facts.counts
    out.push(
      `In the index with this edit: ${count(hubs.in)} of ${count(hubs.of)} hubs, ${count(cityPages.in)} of ${count(cityPages.of)} city-service pages ` +
        `and ${count(others)} other pages. A city page is out while it is ${threshold} or more like another city's (what pages say in sentences).`,
      '',
    )
  }
  if (!facts.index) out.push('No build to compare with: the pages this edit brings in or takes out are not known.', '')
  else if (facts.index.cameIn.length + facts.index.wentOut.length === 0) out.push('No page comes in or goes out.', '')
  else {
    const table = (pages: ChangedPage[], heading: string) => {
      if (pages.length === 0) return
      out.push(`${heading} (${count(pages.length)}):`, '', '| Page | Similarity | Closest twin | Before |', '|---|--:|---|--:|')
      for (const { page, was } of pages.slice(0, max))
        out.push(
          `| ${code(page.path)} | ${page.similarity.toFixed(2)} | ${page.twin ? code(page.twin) : '–'} | ${was === undefined ? 'a new page' : was.toFixed(2)} |`,
        )
      out.push(...more(pages.length), '')
    }
    table(facts.index.cameIn, '**In**: indexed and in the sitemap once merged')
    table(facts.index.wentOut, '**Out**: noindex and out of the sitemap once merged')
  }

  out.push('#### URLs', '')
  if (facts.cities.length === 0) out.push('No published URL is added, removed or redirected.', '')
  else {
    out.push(...facts.cities.map((line) => `- ${text(line)}`), '')
    if (facts.urls.length > 0) {
      out.push(`<details><summary>Every URL that redirects or changes (${count(facts.urls.length)})</summary>`, '')
      out.push(...facts.urls.slice(0, max * 10).map((line) => `- ${text(line)}`), ...more(facts.urls.length, max * 10), '', '</details>', '')
    }
  }
  if (facts.pages) out.push(`${count(facts.pages.all)} pages, ${count(facts.pages.cityServices)} of them city-service pages.`, '')
  return out.join('\n')
}
