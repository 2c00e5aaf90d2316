// `npm run check:data`: validates data/ without building (`-- --verbose`: every slug collision, one line each;
// `-- --markdown`: what the edit does, as Markdown for a pull request, src/build/editReport.ts). Run compiled
// (scripts/check-data.mjs, src/build/compiled.mjs), as the build is.
import '../src/build/productionMode'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DataError, getCatalogue, type Catalogue } from '../src/catalog/index'
import { reportDataError } from '../src/catalog/errors'
import { dataSummary } from '../src/build/dataSummary'
import { pageCount, sitePaths } from '../src/pages/entries'
import { indexChanges, indexReport, readSearchIndexCsv } from '../src/seo/searchIndex'
import { codeHash } from '../src/build/codeHash'
import { measureWithKept } from '../src/build/keptMeasure'
import { keptValues } from '../src/build/keptValues'
import { checkPhotoFiles } from '../src/photos/render'
import { jobPhotoSources } from '../src/photos/jobPhotos'
import { editFacts, editReportMarkdown, errorFacts } from '../src/build/editReport'

/**
 * Loads and validates the data files, the photos' files included (each one an image large enough for its place),
 * printing what the edit changes (src/build/dataSummary.ts); throws DataError.
 */
async function checkData({ verbose = false, markdown = false }: { verbose?: boolean; markdown?: boolean } = {}): Promise<Catalogue> {
  const started = performance.now()
  const catalogue = getCatalogue()
  const { photos, fileNames, content } = catalogue.inputs
  await checkPhotoFiles([...photos, ...jobPhotoSources(content)], path.resolve('data'), fileNames)
  // Which city pages search engines are asked to index (the pages' props depend on it), measured from what the last
  // build kept (node_modules/.cache/kept/), as the build does.
  const root = projectRoot()
  const code = codeHash(root)
  // What it measures is not kept: the next check or build starts from the last build's measure, as this one does.
  const index = measureWithKept(catalogue, root, code, keptValues(path.join(root, 'node_modules', '.cache', 'kept'), code), { keep: false })
  const summary = dataSummary(catalogue, { verbose }) // throws past Cloudflare's limits, in both forms
  // What the last build of this folder published (dist/search-index.csv), not what the measure kept in node_modules:
  // copies of the project that share node_modules (the tests') each compare with their own build.
  const published = readSearchIndexCsv(path.resolve('dist', 'search-index.csv'), catalogue.site.siteUrl)
  const cityServices = sitePaths(catalogue).cityServices.length
  if (markdown) {
    console.log(editReportMarkdown(editFacts(catalogue, index, published, { all: pageCount(catalogue), cityServices })))
    return catalogue
  }
  for (const line of summary) console.log(line)
  // What is in the index and out, what would bring the most populous cities in, and what the edit brings in or takes
  // out against the last build (its dist/search-index.csv), before any build.
  for (const line of indexReport(index)) console.log(line)
  if (published.size === 0) console.log('search index: no build to compare with yet (npm run build writes dist/search-index.csv)')
  for (const line of indexChanges(index, { before: published })) console.log(line)
  console.log(
    `data OK: ${catalogue.cities.length} cities, ${catalogue.services.length} services; ` +
      `${pageCount(catalogue)} pages (${cityServices} city-service) in ${Math.round(performance.now() - started)} ms`,
  )
  return catalogue
}

/**
 * The project's folder, whose node_modules keeps the build's measure: the nearest folder above this file with a
 * package.json (scripts/.., or node_modules/.cache/compiled/<dir>/../../../.. compiled). The data is the current
 * folder's, which may hold data/ only (the tests run it so).
 */
function projectRoot(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir
    if (dir === path.dirname(dir)) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`)
  }
}

// No top-level await: compiled, this runs as a CommonJS script.
const markdown = process.argv.includes('--markdown')
checkData({ verbose: process.argv.includes('--verbose'), markdown }).catch((error: unknown) => {
  if (!(error instanceof DataError)) throw error
  if (markdown) console.log(editReportMarkdown(errorFacts(error.problems)))
  else reportDataError(error)
  process.exit(1)
})
