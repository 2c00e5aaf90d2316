import { closeSync, ftruncateSync, mkdirSync, openSync, writeSync } from 'node:fs'
import path from 'node:path'

/**
 * Writes a page, reusing the file of the previous build when there is one: the new bytes go over the old ones
 * and the file is then cut to length. Replacing the file (truncate, then write) makes the filesystem free and
 * allocate every block again; on this machine's disk that made rewriting 14,600 pages take 2–7 s instead of 0.4 s.
 */
export function writePage(file: string, content: string): void {
  const bytes = Buffer.from(content)
  let fd: number
  try {
    fd = openSync(file, 'r+')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    mkdirSync(path.dirname(file), { recursive: true })
    fd = openSync(file, 'w')
  }
  try {
    let written = 0
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written, written)
    ftruncateSync(fd, bytes.length)
  } finally {
    closeSync(fd)
  }
}
