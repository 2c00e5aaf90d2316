// Validates data/ without building: `npm run check:data` (`-- --verbose`: every slug collision, one line each).
import '../src/build/productionMode'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { DataError, getCatalogue, type Catalogue } from '../src/catalog/index'
import { reportDataError } from '../src/catalog/errors'
import { dataSummary } from '../src/build/dataSummary'
import { pageEntries, sitePaths } from '../src/pages/entries'
import { indexReport } from '../src/seo/searchIndex'
import { codeHash } from '../src/build/codeHash'
import { measureWithKept } from '../src/build/keptMeasure'
import { keptValues } from '../src/build/keptValues'
import { checkPhotoFiles } from '../src/photos/render'

/**
 * Loads and validates the data files, the photos' files included (each one an image large enough for its place),
 * printing what the edit changes (src/build/dataSummary.ts); throws DataError.
 */
export async function checkData({ verbose = false }: { verbose?: boolean } = {}): Promise<Catalogue> {
  const started = performance.now()
  const catalogue = getCatalogue()
  const { photos, fileNames } = catalogue.inputs
  await checkPhotoFiles(photos, path.resolve('data'), fileNames)
  // Which city pages search engines are asked to index (the pages' props depend on it), measured from what the last
  // build or check kept (node_modules/.cache/kept/), as the build does.
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const code = codeHash(root)
  const index = measureWithKept(catalogue, root, code, keptValues(path.join(root, 'node_modules', '.cache', 'kept'), code))
  for (const line of dataSummary(catalogue, { verbose })) console.log(line)
  // What is in the index and out, and what would bring the most populous cities in.
  for (const line of indexReport(index)) console.log(line)
  const cityServices = sitePaths(catalogue).cityServices.length
  console.log(
    `data OK: ${catalogue.cities.length} cities, ${catalogue.services.length} services; ` +
      `${pageEntries(catalogue).length} pages (${cityServices} city-service) in ${Math.round(performance.now() - started)} ms`,
  )
  return catalogue
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await checkData({ verbose: process.argv.includes('--verbose') })
  } catch (error) {
    if (!(error instanceof DataError)) throw error
    reportDataError(error)
    process.exit(1)
  }
}
