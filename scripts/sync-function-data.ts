// `npx tsx scripts/sync-function-data.ts` writes supabase/functions/_shared/site.json from data/ (the build
// does it too); `--check` only fails when it is out of date.
import { SITE_JSON, syncFunctionData } from '../src/quote/functionSite'

const check = process.argv.includes('--check')
const upToDate = syncFunctionData({ check })
if (check && !upToDate) {
  console.error(`${SITE_JSON} is out of date with data/: run \`npx tsx scripts/sync-function-data.ts\``)
  process.exit(1)
}
console.log(upToDate ? `${SITE_JSON} is up to date` : `${SITE_JSON} updated from data/`)
