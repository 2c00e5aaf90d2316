import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DataError, loadCatalogue, type Catalogue } from '../../../src/catalog/index'

const realData = path.resolve('data')

/**
 * A copy of data/ with some files replaced or added (bytes as given) and `null` ones deleted; returns the catalogue,
 * or the problems loading reports. Each file written is dated a minute after the one before it, the first a minute after the copy.
 * The copy is deleted once loaded: the catalogue holds what it read. (Not in an afterAll: the unit files of a worker
 * share this module, imported once, and a hook registered then ran after the first file only, leaving every later
 * file's copies in the temporary folder.)
 */
export function loadWith(files: Record<string, Uint8Array | string | null>): Catalogue | string[] {
  const root = mkdtempSync(path.join(tmpdir(), 'data-'))
  // data/ and, beside it, content/ (files named `content/...` are written there).
  const dir = path.join(root, 'data')
  try {
    cpSync(realData, dir, { recursive: true })
    const minute = Date.now() / 1000
    Object.entries(files).forEach(([file, content], i) => {
      const full = file.startsWith('content/') ? path.join(root, file) : path.join(dir, file)
      if (content === null) return rmSync(full)
      mkdirSync(path.dirname(full), { recursive: true })
      writeFileSync(full, content)
      utimesSync(full, minute + 60 * (i + 1), minute + 60 * (i + 1))
    })
    return loadCatalogue(dir)
  } catch (error) {
    // Messages name the files as the copy's path (`../../tmp/data-x/data/cities.csv`): shown as `data/cities.csv`.
    const shown = `${path.relative(process.cwd(), root)}/`
    if (error instanceof DataError) return error.problems.map((p) => p.replaceAll(shown, ''))
    throw error
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

export function catalogueWith(files: Record<string, Uint8Array | string | null>): Catalogue {
  const result = loadWith(files)
  if (Array.isArray(result)) throw new Error(`expected the data to load, got:\n${result.join('\n')}`)
  return result
}

/** A copy of data/ with one file rewritten by `edit`; returns the problems loading reports. */
export function problemsWith(file: string, edit: (text: string) => string): string[] {
  const result = loadWith({ [file]: edit(readFileSync(path.join(realData, file), 'utf8')) })
  return Array.isArray(result) ? result : []
}
