import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { HOST_FILES } from '../../src/hosting/limits'
import { filesIn } from '../../src/files/filesIn'

/** A build folder as the host gets it: how many files it uploads, the largest one, and a fingerprint of every file. */
export interface FolderScan {
  folder: string
  /** The files the host uploads (all but `_headers`, `_redirects`, `.assetsignore`). */
  files: number
  largest: { file: string; bytes: number }
  /** A hash of every file's path, size and modification time: another build, or any file written again, changes it. */
  fingerprint: string
}

export function scanFolder(folder: string): FolderScan {
  const hash = createHash('sha256')
  let files = 0
  let largest = { file: '', bytes: 0 }
  const entries = filesIn(folder).sort()
  for (const file of entries) {
    const { size, mtimeMs } = statSync(path.join(folder, file))
    hash.update(`${file}\0${size}\0${mtimeMs}\n`)
    if ((HOST_FILES as readonly string[]).includes(file)) continue
    files++
    if (size > largest.bytes) largest = { file, bytes: size }
  }
  return { folder: path.resolve(folder), files, largest, fingerprint: hash.digest('hex') }
}

/**
 * The link check's record of the builds it passed (`npm run check:links`), which `npm run deploy` reads so as not to
 * crawl the same build twice (npm test checks the links, then runs the deploy's dry run). `all`: every link went to
 * the runtime (`-- --all`), not a sample of the city pages' links.
 */
interface LinkCheckRecord {
  fingerprint: string
  all: boolean
  checkedAt: string
}

const RECORD_FILE = fileURLToPath(new URL('../../node_modules/.cache/deploy/link-checks.json', import.meta.url))

function records(): Record<string, LinkCheckRecord> {
  try {
    return JSON.parse(readFileSync(RECORD_FILE, 'utf8')) as Record<string, LinkCheckRecord>
  } catch {
    return {}
  }
}

/** Notes that the link check passed on the folder as `scan` saw it. */
export function recordLinkCheck(scan: FolderScan, all: boolean): void {
  mkdirSync(path.dirname(RECORD_FILE), { recursive: true })
  const record: LinkCheckRecord = { fingerprint: scan.fingerprint, all, checkedAt: new Date().toISOString() }
  writeFileSync(RECORD_FILE, JSON.stringify({ ...records(), [scan.folder]: record }, null, 2))
}

/** When the link check passed on this very build (every link, if `all`), or undefined. */
export function linkCheckPassed(scan: FolderScan, all: boolean): string | undefined {
  const record = records()[scan.folder]
  return record && record.fingerprint === scan.fingerprint && (record.all || !all) ? record.checkedAt : undefined
}
