// `npm run deploy`: puts the site online on Cloudflare Workers with static assets (wrangler.jsonc, docs/deploy.md).
// Validates data/ (check:data), builds (what changed), refuses a folder over Cloudflare's limits, checks every link on
// Cloudflare's runtime (check:links -- --all: skipped when the link check passed on this very build), then
// `wrangler deploy`. Needs CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID.
//
//   -- --dry-run   everything but the upload, offline and without the variables: wrangler bundles the Worker and reads
//                  the assets folder; the link check may be the sampled one (npm test runs it so, after its own).
//   -- --preview   uploads a version without sending it traffic (`wrangler versions upload`) and prints its preview
//                  URL; `--alias NAME` gives it a stable one too (`NAME-<worker>.<subdomain>.workers.dev`).
//   -- --built     dist/client is the build to deploy, just made (npm test): neither check:data nor the build again.
import { spawnSync } from 'node:child_process'
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { ASSET_LIMITS } from '../src/hosting/limits'
import { maxFiles } from '../src/config'
import { linkCheckPassed, scanFolder } from './lib/buildFolder'
import { WRANGLER, WRANGLER_CONFIG, wranglerEnv } from './lib/cloudflare'

/** The Worker's bundle may take this much, gzip (Cloudflare allows 3 MiB on the free plan, 10 MiB on a paid one). */
const WORKER_BUDGET = 1024 * 1024

/** The variables a deploy needs, and where to get them. */
const CREDENTIALS = {
  CLOUDFLARE_API_TOKEN:
    'an API token of the Cloudflare account: create one at https://dash.cloudflare.com/profile/api-tokens from the template "Edit Cloudflare Workers"',
  CLOUDFLARE_ACCOUNT_ID: "the account's ID: the dashboard shows it under Workers & Pages (Account details), and `npx wrangler whoami` prints it",
} as const

class Refused extends Error {}

const { values: flags } = parseArgs({
  options: { 'dry-run': { type: 'boolean' }, preview: { type: 'boolean' }, alias: { type: 'string' }, built: { type: 'boolean' } },
})
const dryRun = flags['dry-run'] ?? false
const folder = path.resolve('dist/client')

/** Runs a command in the project's folder, its output as it comes; throws Refused with `why` when it fails. */
function run(why: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.status !== 0) throw new Refused(why)
}

function step(title: string) {
  console.log(`\n== deploy: ${title}`)
}

/** The wrangler command of this deploy, and what it reports (WRANGLER_OUTPUT_FILE_PATH: one JSON entry a line). */
function wrangler(): { type: string; preview_url?: string; preview_alias_url?: string; targets?: string[] }[] {
  const state = mkdtempSync(path.join(os.tmpdir(), 'deploy-'))
  try {
    const output = path.join(state, 'output.json')
    const command = dryRun
      ? ['deploy', '--dry-run', '--outdir', path.join(state, 'worker')]
      : flags.preview
        ? ['versions', 'upload', ...(flags.alias ? ['--preview-alias', flags.alias] : [])]
        : ['deploy']
    run(`wrangler ${command[0]} failed (above)`, process.execPath, [WRANGLER, ...command, '--config', WRANGLER_CONFIG], {
      ...wranglerEnv(state),
      WRANGLER_OUTPUT_FILE_PATH: output,
    })
    if (dryRun) workerSize(path.join(state, 'worker', 'worker.js'))
    if (!existsSync(output)) return []
    return readFileSync(output, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { type: string })
  } finally {
    rmSync(state, { recursive: true, force: true })
  }
}

/** The Worker's bundle as wrangler would upload it, against its budget. */
function workerSize(bundle: string) {
  const code = readFileSync(bundle)
  const gzip = gzipSync(code).byteLength
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
  console.log(`Worker bundle: ${kib(code.byteLength)}, ${kib(gzip)} gzip (budget ${kib(WORKER_BUDGET)} gzip)`)
  if (gzip > WORKER_BUDGET)
    throw new Refused(`the Worker's bundle is ${kib(gzip)} gzip, over its budget of ${kib(WORKER_BUDGET)}: what does src/hosting/worker.ts import?`)
}

/** The folder against Cloudflare's limits (src/hosting/limits.ts); its scan. */
function checkLimits() {
  const scan = scanFolder(folder)
  const limit = maxFiles()
  console.log(
    `dist/client: ${scan.files.toLocaleString('en')} files (limit ${limit > 0 ? limit.toLocaleString('en') : 'none'}), the largest ${scan.largest.file} (${(scan.largest.bytes / 1024).toFixed(0)} KiB; limit 25 MiB)`,
  )
  if (limit > 0 && scan.files >= limit)
    throw new Refused(
      `dist/client holds ${scan.files.toLocaleString('en')} files: Cloudflare takes fewer than ${limit.toLocaleString('en')} (MAX_FILES; 100,000 on a paid plan)`,
    )
  if (scan.largest.bytes > ASSET_LIMITS.fileBytes) throw new Refused(`dist/client/${scan.largest.file} is over Cloudflare's 25 MiB a file`)
  return scan
}

function deploy() {
  if (flags.alias && !flags.preview) throw new Refused('--alias names a preview: use it with --preview')
  if (!dryRun) {
    const missing = Object.entries(CREDENTIALS).filter(([name]) => !process.env[name])
    if (missing.length > 0)
      throw new Refused(
        [
          `npm run deploy needs ${missing.map(([name]) => name).join(' and ')} in the environment:`,
          ...missing.map(([name, what]) => `  ${name}: ${what}.`),
          'In GitHub Actions they come from the repository secrets of the same names (docs/deploy.md). `npm run deploy -- --dry-run` needs neither.',
        ].join('\n'),
      )
  }
  if (flags.built) {
    if (!existsSync(folder)) throw new Refused('--built: there is no dist/client; run `npm run build` first, or leave --built out')
  } else {
    step('the data (npm run check:data)')
    run('check:data rejects the data (above): fix it, then deploy again', 'npm', ['run', '-s', 'check:data'])
    step('the build (npm run build)')
    run('the build failed (above)', 'npm', ['run', '-s', 'build'])
  }
  step("Cloudflare's limits")
  const scan = checkLimits()
  // A deploy checks every link on the runtime; a dry run takes the sampled check, whose other links npm test resolves
  // against the files (tests/build/links.test.ts).
  const all = !dryRun
  step(`the links (npm run check:links${all ? ' -- --all' : ''})`)
  const checked = linkCheckPassed(scan, all)
  if (checked) console.log(`The link check passed on this very build at ${checked}: not crawled again.`)
  else run('the link check found broken links (above)', 'npm', ['run', '-s', 'check:links', ...(all ? ['--', '--all'] : [])])
  step(dryRun ? 'wrangler deploy --dry-run' : flags.preview ? 'wrangler versions upload' : 'wrangler deploy')
  for (const entry of wrangler()) {
    if (entry.type === 'version-upload') {
      const url = entry.preview_alias_url ?? entry.preview_url
      if (!url)
        throw new Refused('the version was uploaded, but has no preview URL: turn on the workers.dev subdomain and preview URLs (docs/deploy.md, "Previews")')
      console.log(`Preview: ${url}`)
      // The workflow posts it to the pull request (.github/workflows/ci.yml).
      if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `preview-url=${url}\n`)
    }
    if (entry.type === 'deploy' && entry.targets?.length) console.log(`Deployed: ${entry.targets.join(', ')}`)
  }
}

try {
  deploy()
} catch (error) {
  if (!(error instanceof Refused)) throw error
  console.error(`\nNot deployed: ${error.message}`)
  process.exitCode = 1
}
