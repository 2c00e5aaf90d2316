import { fork } from 'node:child_process'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { PageAssetTags } from './assetTags'
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

/**
 * Runs `vike build` (client bundles, their manifest and the server build), then derives the tags of every Vike
 * page from Vike's own `renderPage()` (assetTagsProcess.ts); each in a process of its own, one after the other.
 * Their output is printed only if they fail.
 */
export async function buildBundles(code: string, root = process.cwd(), signal?: AbortSignal): Promise<Bundles> {
  removeOldBundles(path.join(root, 'dist'))
  await runChild(
    root,
    path.join(root, 'node_modules/vike/bin.js'),
    ['build'],
    BUNDLER_PROCESS.execArgv,
    { NODE_ENV: 'production', ...BUNDLER_PROCESS.env },
    signal,
  )
  // The project's own copy of the script: TypeScript settings apply to the files of the project being built.
  const message = await runChild<{ assetTags: PageAssetTags }>(
    root,
    path.join(root, 'src/build/assetTagsProcess.ts'),
    [],
    ['--import', 'tsx'],
    { NODE_ENV: 'production' },
    signal,
  )
  if (!message?.assetTags) throw new Error('src/build/assetTagsProcess.ts ended without the tags of the Vike pages')
  return { code, assetTags: message.assetTags }
}

/** Runs a Node script in a child process, which `signal` (the build failing elsewhere) kills. */
function runChild<T = unknown>(
  cwd: string,
  script: string,
  args: string[],
  execArgv: string[],
  env: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(script, args, {
      cwd,
      execArgv,
      env: { ...process.env, ...env },
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
 * Deletes what `vike build` writes: dist/server, the bundles under dist/client/assets and the copies of public/
 * (every other file of dist/client but the pages, which the build rewrites in place). Files written after the
 * pages (sitemap, host files) are written again by every build.
 */
function removeOldBundles(dist: string) {
  rmSync(path.join(dist, 'server'), { recursive: true, force: true })
  const client = path.join(dist, 'client')
  if (!existsSync(client)) return
  rmSync(path.join(client, 'assets'), { recursive: true, force: true })
  for (const entry of readdirSync(client, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && !entry.name.endsWith('.html')) rmSync(path.join(entry.parentPath, entry.name))
  }
}
