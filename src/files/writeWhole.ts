import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { threadId } from 'node:worker_threads'

/**
 * Writes a file whole: to a temporary file named by process and thread, then renamed over it, so that a reader (another
 * build, `npm start`, a host's runtime watching the folder) never reads it half-written, and a build killed half-way
 * never leaves half a file. Creates its folder.
 */
export function writeWhole(file: string, content: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}-${threadId}.tmp`
  writeFileSync(temporary, content)
  renameSync(temporary, file)
}
