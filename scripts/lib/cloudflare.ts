import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { freePort } from './freePort'
import path from 'node:path'
import { localFetch } from './localFetch'

/**
 * Cloudflare's own runtime (workerd, through `wrangler dev`) with the site's configuration (wrangler.jsonc: Workers
 * with static assets and the not-found Worker, src/hosting/worker.ts), serving a build folder as the production host
 * serves it: `_headers`, `_redirects`, `/x.html` → `/x`, the Worker's screen for a miss, compression. Offline: no
 * metrics, no lookup of the request's country. wrangler is pinned in package.json, and its runtime refuses a
 * compatibility date (wrangler.jsonc) newer than its own build: update the two together.
 */
export const WRANGLER_CONFIG = fileURLToPath(new URL('../../wrangler.jsonc', import.meta.url))

/** wrangler's program, run by Node. */
export const WRANGLER = path.join(path.dirname(createRequire(import.meta.url).resolve('wrangler/package.json')), 'bin', 'wrangler.js')

/** wrangler without metrics, and its own logs and settings in `state` (a temporary folder). */
export function wranglerEnv(state: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_LOG_PATH: path.join(state, 'logs'),
    XDG_CONFIG_HOME: path.join(state, 'config'),
    FORCE_COLOR: '0',
  }
}
/** How long the runtime may take to answer its first request (about 15 s on a busy 2-core machine). */
const START_TIMEOUT_MS = 120_000

export interface Site {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string
  close: () => Promise<void>
}

/**
 * Starts the runtime on `root` (default dist/client) and resolves once it answers `/`. Its state and logs go to a
 * temporary folder, removed by `close()`, which stops it and the workerd processes it started.
 */
export async function startCloudflare(root = path.resolve('dist/client'), port?: number): Promise<Site> {
  const listen = port ?? (await freePort())
  const state = mkdtempSync(path.join(os.tmpdir(), 'cloudflare-'))
  // The configuration's assets folder replaced by `root` (the Worker and the other settings stay).
  const args = ['dev', '--config', WRANGLER_CONFIG, '--assets', path.resolve(root), '--ip', '127.0.0.1', '--port', String(listen)]
  let output = ''
  // Its own process group, so that close() reaches the workerd processes too.
  const child = spawn(process.execPath, [WRANGLER, ...args, '--show-interactive-dev-session=false', '--persist-to', path.join(state, 'state')], {
    cwd: state,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...wranglerEnv(state),
      // Its DevTools inspector off, as wrangler turns it off in VS Code's JavaScript Debug Terminal (the variable that
      // terminal sets: wrangler's ProxyController, `inspectorEnabled`; `wrangler dev` has no flag for it). With it on,
      // every request's DevTools network events went from the runtime through wrangler's inspector proxy worker to
      // Node and its debug log, with no DevTools ever attached: about three times the runtime's CPU per request
      // (docs/benchmarks.md). Production has no inspector either.
      VSCODE_INSPECTOR_OPTIONS: '{}',
    },
  })
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGTERM')
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))])
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        // stopped by SIGTERM
      }
    }
    rmSync(state, { recursive: true, force: true })
  }
  const url = `http://127.0.0.1:${listen}`
  try {
    // Its own "Ready on" first: another server already on the port would answer too.
    await waitForSite(
      url,
      () => (child.exitCode !== null ? `wrangler exited with ${child.exitCode}:\n${output}` : undefined),
      () => output.includes(`Ready on ${url}`),
    )
  } catch (error) {
    await close()
    throw error
  }
  return { url, close }
}

/** Resolves once `url` answers `/` with 200 (after `ready()`); rejects after START_TIMEOUT_MS, or as soon as `failed()` says why. */
async function waitForSite(url: string, failed: () => string | undefined = () => undefined, ready: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    const reason = failed()
    if (reason) throw new Error(reason)
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${START_TIMEOUT_MS / 1000} s`)
    if (!ready()) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      continue
    }
    try {
      const response = await localFetch(`${url}/`, { signal: AbortSignal.timeout(10_000) })
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * A build folder on Cloudflare's runtime: the runtime at CLOUDFLARE_URL, which already serves it (npm test starts one
 * for dist/client: scripts/test.sh, scripts/cloudflare.ts), once it answers; else a runtime of its own on `root`.
 */
export async function cloudflareSite(root = path.resolve('dist/client')): Promise<Site> {
  const shared = process.env.CLOUDFLARE_URL
  if (!shared) return startCloudflare(root)
  await waitForSite(shared.replace(/\/+$/, ''))
  return { url: shared.replace(/\/+$/, ''), close: async () => {} }
}
