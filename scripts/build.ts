// `npm run build`: the whole site into dist/client, redoing only what changed since the last build (src/build/build.ts).
import '../src/build/productionMode'
import { buildSite } from '../src/build/build'
import { DataError } from '../src/catalog/index'
import { reportDataError } from '../src/catalog/errors'

try {
  await buildSite()
} catch (error) {
  if (error instanceof DataError) reportDataError(error, 'npm run build')
  else console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
