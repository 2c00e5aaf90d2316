// The output folder across builds. A build rewrites the pages of the previous one in place instead of deleting
// them first: on this machine's disk, creating 14,600 files shortly after deleting 14,600 others costs 5–10 s
// of kernel time (README, "Build speed"). Everything else in dist/ is a few dozen files, deleted up front.
import { existsSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'

/** Empties `dist` for a build except the prerendered pages (`*.html` under dist/client), which the build overwrites. */
export function prepareOutDir(dist = 'dist') {
  if (!existsSync(dist)) return
  for (const entry of readdirSync(dist, { withFileTypes: true })) {
    if (entry.name !== 'client') rmSync(path.join(dist, entry.name), { recursive: true, force: true })
  }
  const client = path.join(dist, 'client')
  if (!existsSync(client)) return
  rmSync(path.join(client, 'assets'), { recursive: true, force: true })
  for (const entry of readdirSync(client, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && !entry.name.endsWith('.html')) rmSync(path.join(entry.parentPath, entry.name))
  }
}

/** Deletes the pages under `outDir` that this build did not write (a city or service taken out of the data). */
export function removeStalePages(outDir: string, written: Set<string>): string[] {
  const stale = readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !written.has(file))
  for (const file of stale) rmSync(path.join(outDir, file))
  return stale
}
