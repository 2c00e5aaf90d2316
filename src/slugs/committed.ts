import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { Remember } from '../build/keptValues'
import type { SlugRecordRow } from './record'

/**
 * A slug is published when it is in the committed record, git HEAD's data/city-slugs.csv, not when a local build wrote
 * it: a city added, built and then removed or corrected before a commit leaves no redirect and frees its slug (a preview
 * that lived a few seconds on one laptop is not a published URL). The record the build starts from is therefore the
 * committed one, less the rows deleted from the file since (redirects retired by hand). Outside a git checkout, or while
 * the record was never committed, it is the file as it is.
 */
export function publishedRecord(working: SlugRecordRow[] | null, committed: SlugRecordRow[] | undefined): SlugRecordRow[] | null {
  if (committed === undefined) return working
  if (working === null) return committed
  const kept = new Set(working.map((r) => r.slug))
  return committed.filter((r) => kept.has(r.slug))
}

/** What git answered, by the state of the repository, in this process (for callers without the build's kept values). */
const asked = new Map<string, string | null>()

/**
 * The text of `file` in git HEAD; undefined outside a git checkout (no git process is started then) or when HEAD does not
 * have the file (never committed, an ignored folder, no commit yet, git missing). git is asked once per state of the
 * repository (HEAD and the files of its ref): with `remember` (the build's kept values) across builds, else in this process.
 */
export function committedText(file: string, remember?: Remember): string | undefined {
  const ask = () => showHead(file)
  if (process.env.GIT_DIR) return ask() ?? undefined
  const state = headState(path.dirname(file))
  if (state === undefined) return undefined
  if (state.length === 0) return ask() ?? undefined // a repository's layout this does not know: asked every time
  const inputs = [path.resolve(file), ...state]
  if (remember) return remember('committed-slug-record', inputs, ask) ?? undefined
  const key = inputs.join('\0')
  if (!asked.has(key)) {
    if (asked.size > 16) asked.clear()
    asked.set(key, ask())
  }
  return asked.get(key) ?? undefined
}

/** `git cat-file blob HEAD:./file`: its committed bytes as UTF-8 (the build writes the record so), or null. */
function showHead(file: string): string | null {
  try {
    return execFileSync('git', ['cat-file', 'blob', `HEAD:./${path.basename(file)}`], {
      cwd: path.dirname(file),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 2 ** 20,
    })
  } catch {
    return null
  }
}

/**
 * Where the git checkout holding `dir` keeps its files, read without git: its git folder (a worktree's own), the
 * repository's shared folder, and HEAD's text with the ref it names. undefined outside a git checkout (no `.git` in the
 * folder or above it); throws on a layout this does not know.
 */
export function gitLayout(dir: string): { gitDir: string; commonDir: string; head: string; ref?: string } | undefined {
  let top = path.resolve(dir)
  while (!existsSync(path.join(top, '.git'))) {
    if (path.dirname(top) === top) return undefined
    top = path.dirname(top)
  }
  const dotGit = path.join(top, '.git')
  // A worktree's .git is a file naming its folder, whose `commondir` names the repository's shared one.
  const gitDir = statSync(dotGit).isDirectory()
    ? dotGit
    : path.resolve(
        top,
        readFileSync(dotGit, 'utf8')
          .replace(/^gitdir: /, '')
          .trim(),
      )
  const commonDir = existsSync(path.join(gitDir, 'commondir')) ? path.resolve(gitDir, readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim()) : gitDir
  const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8')
  const ref = /^ref: (.+)$/m.exec(head)?.[1]
  return { gitDir, commonDir, head, ...(ref ? { ref } : {}) }
}

/** A file's size, time and inode (or `-` when it is not there): what tells that it changed, without reading it. */
export function fileStamp(file: string): string {
  const stats = statSync(file, { throwIfNoEntry: false })
  return `${file} ${stats ? `${stats.size} ${stats.mtimeMs} ${stats.ino}` : '-'}`
}

/**
 * What HEAD's files depend on, read without git: HEAD itself and the files that name its commit (its ref, packed-refs,
 * a reftable's list). undefined outside a git checkout; empty when the layout is not one this knows.
 */
export function headState(dir: string): string[] | undefined {
  try {
    const layout = gitLayout(dir)
    if (!layout) return undefined
    const { commonDir, head, ref } = layout
    const files = [...(ref ? [path.join(commonDir, ref)] : []), path.join(commonDir, 'packed-refs'), path.join(commonDir, 'reftable', 'tables.list')]
    return [head, ...files.map(fileStamp)]
  } catch {
    return []
  }
}
