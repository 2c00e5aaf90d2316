// Stops a run on a Node that package.json's `engines` does not accept, with what to do. Imported first by the entry
// points (the build, the data check, the local server, the tests) and run by scripts/test.sh.
import { readFileSync } from 'node:fs'
import satisfies from 'semver/functions/satisfies.js'

const { engines } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
const pinned = readFileSync(new URL('../../.nvmrc', import.meta.url), 'utf8').trim()

if (!satisfies(process.version, engines.node)) {
  console.error(
    `This project runs on Node ${engines.node} (.nvmrc: ${pinned}); this is Node ${process.version} (${process.execPath}).\n` +
      'Run it through npm (npm start, npm test, npm run …, npx …): npm ci installs Node ' +
      `${pinned} in node_modules/.bin, which npm puts first on PATH. Where npm ci has not run yet: bash scripts/install.sh.`,
  )
  process.exit(1)
}
