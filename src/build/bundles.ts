import { fork } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import { assetTagsFromManifest, type Manifest, type PageAssetTags } from './assetTags'
import { filesUnder } from './codeHash'
import { BUNDLER_PROCESS } from './tuning'

/** The bundles of one version of the code, and the tags Vike adds to each of its pages for them. */
export interface Bundles {
  /** The code hash they were built from (codeHash.ts). */
  code: string
  assetTags: PageAssetTags
}

/** Whether bundles built earlier can serve: same code, and every file their tags name is still there. */
export function bundlesUsable(bundles: Bundles | undefined, code: string, clientDir: string): bundles is Bundles {
  if (!bundles || bundles.code !== code) return false
  const tags = Object.values(bundles.assetTags).flatMap((tags) => [tags.head, tags.body])
  const files = tags.flatMap((tag) => [...tag.matchAll(/(?:href|src)="(\/[^"]+)"/g)].map((m) => m[1]!))
  return files.every((file) => existsSync(path.join(clientDir, file)))
}

/** What one run of the bundler made: the bundles, and every file it wrote into dist/client (relative to it). */
export interface BundlerRun {
  bundles: Bundles
  written: Set<string>
}

/**
 * Makes the client bundles (the islands, the stylesheet, the copies of public/) into dist/client with Vite's build()
 * of the client only, in a process of its own (bundleProcess.mjs), and derives the tags of every Vike page from the
 * manifest the bundler wrote (assetTags.ts). Its output is printed only if it fails. It adds files and deletes none:
 * the last build's pages keep their bundles until removeStaleFiles(), once the new build is sure to go on.
 */
export async function buildBundles(code: string, root = process.cwd(), signal?: AbortSignal): Promise<BundlerRun> {
  // Not a test runner's process, even when a test builds: with VITEST set, Vike's plugin stands aside (it leaves
  // Vitest's own use of vite.config.ts alone), and the bundles would be made without it.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')))
  const message = await runChild<{ manifest: string; stylesheet: string; files: string[] }>(
    root,
    path.join(root, 'src/build/bundleProcess.mjs'),
    [],
    BUNDLER_PROCESS.execArgv,
    { ...env, NODE_ENV: 'production', ...BUNDLER_PROCESS.env },
    signal,
  )
  if (!message?.manifest) throw new Error('src/build/bundleProcess.mjs ended without the manifest of the bundles')
  const publicDir = path.join(root, 'public')
  const copies = filesUnder(publicDir).map((file) => path.relative(publicDir, file))
  return {
    bundles: { code, assetTags: assetTagsFromManifest(JSON.parse(message.manifest) as Manifest, message.stylesheet) },
    written: new Set([...message.files, ...copies].map((file) => path.normalize(file))),
  }
}

/** Runs a Node script in a child process, which `signal` (the build failing elsewhere) kills. */
function runChild<T = unknown>(cwd: string, script: string, args: string[], execArgv: string[], env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(script, args, {
      cwd,
      execArgv,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      signal,
      killSignal: 'SIGKILL',
    })
    let output = ''
    let message: T | undefined
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('message', (m: T) => (message = m))
    child.on('error', (error) => reject(signal?.aborted ? new Error(`${path.relative(cwd, script)} stopped: the build failed`) : error))
    // 'close', not 'exit': the last IPC message may arrive after the process has exited.
    child.on('close', (exitCode, signal) => {
      if (exitCode === 0) resolve(message as T)
      else reject(new Error(`${path.relative(cwd, script)} ${args.join(' ')} failed (${signal ?? `exit code ${exitCode}`}):\n${output.trim()}`))
    })
  })
}

/**
 * After a new run of the bundler, deletes every file of dist/client that is not a page and that the run did not write
 * (`others`: those there before it, relative to dist/client): the last build's bundles, and the files written after
 * the pages (sitemap, host files), which every build writes again. Also what `vike build` wrote before the build made
 * the client bundles only (dist/server, dist/assets.json, dist/client/.vite).
 */
export function removeStaleFiles(dist: string, others: string[], run: BundlerRun) {
  for (const old of ['server', 'assets.json', 'client/.vite']) rmSync(path.join(dist, old), { recursive: true, force: true })
  for (const file of others) if (!run.written.has(file)) rmSync(path.join(dist, 'client', file), { force: true })
}
