import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { freePort } from '../../scripts/lib/freePort'
import { openTabs, type OpenTab, type Tabs } from './tabs'
import { borrowBrowser, type LentBrowser } from './workerBrowser'

export interface LocalServer {
  url: string
  dataDir: string
  output: () => string
  /** Stops the server; its data folder stays, for a test to read the rows and the mail it holds. */
  stop: () => Promise<void>
  /** Stops the server if it runs, then deletes its data folder. */
  remove: () => Promise<void>
}

/**
 * Starts `npm start` (server/main.ts) on a free port with its own data folder, as a newcomer would. `onOutput` sees
 * all the output so far at each new piece of it while the server starts. `database`: a local quote database (a
 * `pglite` folder) to start from, copied; without it the server creates one, as on a first start (~10 s).
 */
export async function startLocalServer(
  env: Record<string, string> = {},
  cwd = process.cwd(),
  onOutput?: (output: string) => void,
  database?: string,
): Promise<LocalServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quote-e2e-'))
  if (database) cpSync(database, path.join(dataDir, 'pglite'), { recursive: true })
  let output = ''
  // Without vitest's NODE_ENV ("test"), as a newcomer's shell has none: the server then loads React's production build
  // (src/build/productionMode.ts), as `npm start` does.
  const { NODE_ENV: _vitest, ...inherited } = process.env
  // One process (no npx/npm wrapper), so SIGTERM reaches the server and it releases its data folder.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_MAX: '1000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const url = `http://127.0.0.1:${port}`
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not come up in 120 s:\n${output}`)), 120_000)
    const check = () => {
      if (output.includes('The site is at')) {
        clearTimeout(timer)
        resolve()
      } else onOutput?.(output)
    }
    child.stdout!.on('data', check)
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)))
  })
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  return {
    url,
    dataDir,
    output: () => output,
    stop,
    remove: async () => {
      await stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Chromium (the worker's: ./workerBrowser.ts) and `npm start` for the tests of one file: the server started before its
 * first test, and stopped after its last with the contexts the file opened. Read `browser`, `site` and `tab` inside
 * the tests (they are set once the file's tests start); `tab(viewport)` opens a page in the file's browser context
 * (./tabs.ts); with `{ javaScriptEnabled: false }`, one without JavaScript.
 */
export function browserAndSite(): { browser: Browser; site: LocalServer; tab: OpenTab } {
  let tabs: Tabs | undefined
  const live = { tab: (viewport, options) => tabs!.open(viewport, options) } as {
    browser: Browser
    site: LocalServer
    tab: OpenTab
  }
  let lent: LentBrowser | undefined
  beforeAll(async () => {
    ;[lent, live.site] = await Promise.all([borrowBrowser(), startLocalServer({}, process.cwd(), undefined, emptyDatabase())])
    live.browser = lent.browser
    tabs = await openTabs(live.browser, live.site.url)
  }, 180_000)
  afterAll(async () => {
    await tabs?.close()
    await lent?.giveBack()
    await live.site?.remove()
  })
  return live
}

/** The empty local quote database made once for the browser tests (tests/e2e/globalSetup.ts), to be copied. */
export const emptyDatabase = () => inject('emptyDatabase')

declare module 'vitest' {
  export interface ProvidedContext {
    emptyDatabase: string
  }
}

/**
 * Rows read after a file's browser session, each once: a test that vitest ran again (`retry` in vitest.config.ts) sent
 * its request again, and the same row twice is that retry, not the site's doing (seen on a loaded machine: a test that
 * failed once and passed on its retry made the file's last test fail on its sixth row). Tests of how many rows one
 * request makes (a double click, a resend) count them by name instead.
 */
export const distinctRows = <T>(rows: readonly T[]): T[] => [...new Map(rows.map((row) => [JSON.stringify(row), row])).values()]
