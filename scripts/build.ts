// `npm run build`: the whole site into dist/client, redoing only what changed since the last build (src/build/build.ts);
// `-- --verbose`: every slug collision, one line each.
import '../src/build/productionMode'
import { buildSite } from '../src/build/build'
import { DataError } from '../src/catalog/index'
import { reportDataError } from '../src/catalog/errors'

// No top-level await: compiled, this runs as a CommonJS script (src/build/compiled.mjs).
buildSite({ verbose: process.argv.includes('--verbose') }).catch((error: unknown) => {
  if (error instanceof DataError) reportDataError(error, 'npm run build')
  else console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
