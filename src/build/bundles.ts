import { fork } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { threadId } from 'node:worker_threads'
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

/**
 * The bundles of the last few versions of the code, kept in node_modules/.cache/bundles/<code hash>-<folder>/ (the files the
 * bundler wrote, and what it said of them): a build whose dist/ was emptied (`rm -rf dist`, a staff member's second
 * build from nothing, CI with its cache) copies them instead of bundling the same code again. Keyed by the code hash,
 * which covers everything the bundles are made from (codeHash.ts: the code, the styles, public/, the configuration,
 * the locked dependencies, the VITE_* variables), and by the folder they were made in (keptSetName), so a kept set
 * is byte for byte what the bundler would make there.
 */
const keptBundlesDir = (root: string) => path.join(root, 'node_modules', '.cache', 'bundles')

/**
 * A kept set's folder: the code hash, and the folder the bundles were made in. The bundler names its files by the
 * paths of the modules relative to the project (a copy of the project whose node_modules is a link to another's makes
 * other names for the same code), so a set serves only builds of the project where it was made.
 */
function keptSetName(code: string, root: string): string {
  const at = (dir: string) => (existsSync(dir) ? realpathSync(dir) : dir)
  const where = createHash('sha1').update(`${at(root)}\0${at(path.join(root, 'node_modules'))}`)
  return `${code}-${where.digest('base64url').slice(0, 10)}`
}

/** Sets of bundles kept: the newest ones (a branch switched back and forth finds both). */
const KEPT_BUNDLES = 3

/** What keepBundles() writes beside the files. */
interface KeptRun {
  bundles: Bundles
  written: string[]
  /** The project folder the bundles were made in. */
  root: string
}

/**
 * The bundles kept for this code, copied into dist/client (`clientDir`), as the bundler's run that made them; or
 * undefined when none are kept, or a kept set is incomplete (it is then made again).
 */
export function restoreKeptBundles(code: string, root: string, clientDir: string): BundlerRun | undefined {
  const dir = path.join(keptBundlesDir(root), keptSetName(code, root))
  let kept: KeptRun
  try {
    kept = JSON.parse(readFileSync(path.join(dir, RUN_FILE), 'utf8')) as KeptRun
  } catch {
    return undefined
  }
  if (kept.bundles?.code !== code) return undefined
  try {
    for (const file of kept.written) {
      const to = path.join(clientDir, file)
      mkdirSync(path.dirname(to), { recursive: true })
      copyFileSync(path.join(dir, FILES, file), to)
    }
  } catch {
    // a file missing (the set deleted meanwhile by another build keeping newer ones): bundled again; the files copied
    // so far are the same bundles' and are written over
    return undefined
  }
  return { bundles: kept.bundles, written: new Set(kept.written) }
}

/**
 * Keeps a copy of what a run of the bundler wrote into dist/client, under its code hash (written in a folder of its
 * own, then renamed: builds at once never leave half a set), and deletes all but the newest KEPT_BUNDLES sets. A
 * read-only or full cache folder only means bundling again next time.
 */
export function keepBundles(run: BundlerRun, root: string, clientDir: string): void {
  const all = keptBundlesDir(root)
  const dir = path.join(all, keptSetName(run.bundles.code, root))
  if (existsSync(dir)) return
  const temporary = `${dir}.${process.pid}-${threadId}.tmp`
  try {
    for (const file of run.written) {
      const to = path.join(temporary, FILES, file)
      mkdirSync(path.dirname(to), { recursive: true })
      copyFileSync(path.join(clientDir, file), to)
    }
    const kept: KeptRun = { bundles: run.bundles, written: [...run.written], root: realpathSync(root) }
    writeFileSync(path.join(temporary, RUN_FILE), JSON.stringify(kept))
    renameSync(temporary, dir)
    // The sets of folders that are gone (the tests' throwaway copies, which share this cache), then all but the newest.
    const sets = readdirSync(all, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.endsWith('.tmp'))
      .map((d) => ({ name: d.name, at: statSync(path.join(all, d.name)).mtimeMs, root: keptRoot(path.join(all, d.name)) }))
      .sort((a, b) => b.at - a.at)
    const live = sets.filter((set) => set.root !== undefined && existsSync(set.root))
    const gone = [...sets.filter((set) => !live.includes(set)), ...live.slice(KEPT_BUNDLES)]
    for (const { name } of gone) rmSync(path.join(all, name), { recursive: true, force: true })
  } catch {
    rmSync(temporary, { recursive: true, force: true })
  }
}

/** The folder a kept set was made in, or undefined for a set without a readable record. */
function keptRoot(dir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(dir, RUN_FILE), 'utf8')) as Partial<KeptRun>).root
  } catch {
    return undefined
  }
}

const RUN_FILE = 'run.json'
const FILES = 'files'

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
