// Stops a run on a Node that package.json's `engines` does not accept, with what to do. Imported first by the entry
// points (the build, the data check, the local server, the tests) and run by scripts/test.sh.
import { readFileSync } from 'node:fs'
import satisfies from 'semver/functions/satisfies.js'

/**
 * The Node versions package.json's `engines` accepts.
 * @returns {string}
 */
function wanted() {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return -- package.json
  return JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).engines.node
}
const engines = { node: wanted() }

if (!satisfies(process.version, engines.node)) {
  console.error(
    `This project runs on Node ${engines.node} (the version in .nvmrc); this is Node ${process.version} (${process.execPath}).\n` +
      "Run it through npm (npm start, npm test, npm run …, npx …): npm ci installs .nvmrc's Node in node_modules/.bin, " +
      'which npm puts first on PATH. Where npm ci has not run yet: bash scripts/install.sh.',
  )
  process.exit(1)
}
