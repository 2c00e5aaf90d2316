// `npm run deploy` (scripts/deploy.ts) refusing before anything is built or uploaded: without the Cloudflare variables
// (named, with where to get them), and with a build folder over Cloudflare's limits (src/hosting/limits.ts), run in a
// folder of its own with a tiny dist/client. npm test runs its dry run on the real build (scripts/test.sh).
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const SCRIPT = path.resolve('scripts/deploy.ts')
/** tsx's command, by its path: the script runs in another folder. */
const TSX = path.resolve('node_modules/tsx/dist/cli.mjs')
let root: string

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'deploy-'))
  mkdirSync(path.join(root, 'dist/client/assets'), { recursive: true })
  for (const file of ['index.html', 'about.html', 'assets/site.css', '_headers', '_redirects']) writeFileSync(path.join(root, 'dist/client', file), 'x')
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** The script in `root`, with the environment given (and no Cloudflare variables unless given). */
function deploy(args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CLOUDFLARE_') && name !== 'MAX_FILES'))
  return new Promise((resolve) => {
    execFile(process.execPath, [TSX, SCRIPT, ...args], { cwd: root, env: { ...clean, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr }),
    )
  })
}

describe('npm run deploy', () => {
  it('stops at once without CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID, naming both and where to get them', async () => {
    const { code, output } = await deploy([])
    expect(code).toBe(1)
    expect(output).toContain('Not deployed: npm run deploy needs CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID in the environment')
    expect(output).toContain('https://dash.cloudflare.com/profile/api-tokens')
    expect(output).toContain('npx wrangler whoami')
    // Nothing was checked or built.
    expect(output).not.toContain('== deploy:')
  })

  it('names only the missing one', async () => {
    const { code, output } = await deploy(['--preview'], { CLOUDFLARE_API_TOKEN: 'token' })
    expect(code).toBe(1)
    expect(output).toContain('needs CLOUDFLARE_ACCOUNT_ID in the environment')
    expect(output).not.toContain('CLOUDFLARE_API_TOKEN:')
  })

  it('refuses a folder of as many files as MAX_FILES, the host files not counted', async () => {
    const over = await deploy(['--dry-run', '--built'], { MAX_FILES: '3' })
    expect(over.code).toBe(1)
    expect(over.output).toContain('dist/client: 3 files (limit 3)')
    expect(over.output).toContain('Not deployed: dist/client holds 3 files: Cloudflare takes fewer than 3')
  })

  it('refuses a file over 25 MiB', async () => {
    const large = path.join(root, 'dist/client/assets/huge.bin')
    writeFileSync(large, '')
    truncateSync(large, 25 * 1024 * 1024 + 1)
    try {
      const { code, output } = await deploy(['--dry-run', '--built'])
      expect(code).toBe(1)
      expect(output).toContain("Not deployed: dist/client/assets/huge.bin is over Cloudflare's 25 MiB a file")
    } finally {
      rmSync(large)
    }
  })
})
