import { existsSync } from 'node:fs'
import { fdir } from 'fdir'

/**
 * The files under a folder, at any depth, as paths relative to it (the platform's separator); none when the folder
 * does not exist. Walked with fdir (the walker of tinyglobby, which Vite uses): Node's own
 * `readdirSync(dir, { recursive: true })` took 90–140 ms for dist/client's 15,400 files on this project's machine,
 * fdir about 15 ms, and the build lists that folder twice.
 */
export function filesIn(dir: string): string[] {
  if (!existsSync(dir)) return []
  return new fdir().withRelativePaths().crawl(dir).sync()
}
