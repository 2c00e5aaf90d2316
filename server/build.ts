import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/** What the build reads: a file changed after the last complete build makes it stale. */
export const BUILD_INPUTS = ['data', 'src', 'pages', 'renderer', 'public', 'vite.config.ts']

/** Written into dist/ by `npm run build` when every step succeeded (and deleted when a build starts). */
export const BUILD_STAMP = 'build-complete.txt'

/** Why the site must be built before serving it, or null when the build is current. */
export function staleBuildReason(cwd: string, dist = 'dist'): string | null {
  const stamp = path.join(cwd, dist, BUILD_STAMP)
  if (!existsSync(stamp)) return `there is no complete build (${path.join(dist, BUILD_STAMP)} is missing)`
  const builtAt = statSync(stamp).mtimeMs
  for (const input of BUILD_INPUTS) {
    const changed = newerFile(path.join(cwd, input), builtAt)
    if (changed) return `${path.relative(cwd, changed)} changed after the last build`
  }
  return null
}

function newerFile(entry: string, than: number): string | undefined {
  if (!existsSync(entry)) return undefined
  const stats = statSync(entry)
  if (!stats.isDirectory()) return stats.mtimeMs > than ? entry : undefined
  for (const child of readdirSync(entry, { recursive: true, withFileTypes: true })) {
    if (!child.isFile()) continue
    const file = path.join(child.parentPath, child.name)
    if (statSync(file).mtimeMs > than) return file
  }
  return undefined
}

/** `npm run build`, its output streamed to this terminal. */
export function buildSite(cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd, stdio: 'inherit' })
    child.once('error', reject)
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`npm run build failed (${signal ?? `exit code ${code}`})`))))
  })
}
