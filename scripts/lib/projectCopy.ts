import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** What a copy of the project needs to build and serve the site (the dependencies are linked, not copied). */
const PARTS = [
  'src',
  'pages',
  'renderer',
  'public',
  'data',
  'content',
  'scripts',
  'server',
  'supabase',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
]

/**
 * A throwaway copy of the project in a new folder under `parent` (the system's temporary folder by default; a RAM
 * disk such as /dev/shm to measure builds without the disk), for builds and edits that must not touch the
 * working tree. Not a git checkout, so the sitemap dates the data files by their modification time. The dependencies
 * are linked; with `ownCache`, each package is linked but node_modules/.cache is the copy's own, empty: what the build
 * keeps between builds (compiled code, the gazetteer's index, the search index's measure) starts from nothing, as in a
 * fresh clone.
 */
export function copyProject(
  parent = os.tmpdir(),
  from = process.cwd(),
  { ownCache = false }: { ownCache?: boolean } = {},
): { root: string; remove: () => void } {
  mkdirSync(parent, { recursive: true })
  const root = mkdtempSync(path.join(parent, 'site-copy-'))
  for (const part of PARTS) cpSync(path.join(from, part), path.join(root, part), { recursive: true })
  if (ownCache) {
    mkdirSync(path.join(root, 'node_modules', '.cache'), { recursive: true })
    for (const entry of readdirSync(path.join(from, 'node_modules')))
      if (entry !== '.cache') symlinkSync(path.join(from, 'node_modules', entry), path.join(root, 'node_modules', entry))
  } else symlinkSync(path.join(from, 'node_modules'), path.join(root, 'node_modules'), 'dir')
  // Retried: a server just killed may still be writing into the copy (ENOTEMPTY).
  return { root, remove: () => rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }) }
}
