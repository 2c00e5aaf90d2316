// `npm run build`: validates data/, refreshes the function's copy of site data, bundles with `vike build`,
// prerenders every page (scripts/prerender.ts), then writes the sitemap and host files and reports.
// Pages of the previous build stay until the new ones overwrite them (src/prerender/outDir.ts says why).
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { BUILD_STAMP } from '../server/build'
import { DataError } from '../src/catalog/index'
import { publishSlugRecord } from '../src/urls/urlChanges'
import { prepareOutDir } from '../src/prerender/outDir'
import { checkData, reportDataError } from './check-data'
import { writeSiteFiles } from './postbuild'
import { startPrerender } from './prerender'
import { SITE_JSON, syncFunctionData } from './sync-function-data'

function vikeBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/vike/bin.js', 'build'], { stdio: 'inherit' })
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`vike build exited with ${code}`))))
  })
}

const phases: string[] = []
async function phase<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now()
  const result = await work()
  phases.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return result
}

const started = performance.now()
// The prerender processes load their modules while the data is checked and the bundles are built.
const prerender = startPrerender()
try {
  await phase('data', () => {
    const catalogue = checkData()
    for (const line of publishSlugRecord(catalogue)) console.log(line) // writes data/city-slugs.csv, prints every URL that changed
    // The function is deployed apart from the site: keep its copy of data/site.yaml current.
    if (!syncFunctionData()) console.log(`${SITE_JSON} updated from data/site.yaml`)
  })
  await phase('bundles', () => {
    prepareOutDir()
    return vikeBuild()
  })
  const { pages } = await phase('pages', prerender.run)
  await phase('sitemap', () => writeSiteFiles())
  writeFileSync(path.join('dist', BUILD_STAMP), `${new Date().toISOString()}\n`)
  console.log(`build done: ${pages} pages in ${((performance.now() - started) / 1000).toFixed(1)} s (${phases.join(', ')})`)
} catch (error) {
  prerender.stop()
  if (error instanceof DataError) reportDataError(error, 'npm run build')
  else console.error((error as Error).message)
  process.exit(1)
}
