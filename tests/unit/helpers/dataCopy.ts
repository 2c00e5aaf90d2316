import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
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
  const dir = mkdtempSync(path.join(tmpdir(), 'data-'))
  try {
    cpSync(realData, dir, { recursive: true })
    const minute = Date.now() / 1000
    Object.entries(files).forEach(([file, content], i) => {
      if (content === null) return rmSync(path.join(dir, file))
      writeFileSync(path.join(dir, file), content)
      utimesSync(path.join(dir, file), minute + 60 * (i + 1), minute + 60 * (i + 1))
    })
    return loadCatalogue(dir)
  } catch (error) {
    // Messages name the files as the copy's path (`../../tmp/data-x/cities.csv`): shown as `data/cities.csv`.
    const shown = `${path.relative(process.cwd(), dir)}/`
    if (error instanceof DataError) return error.problems.map((p) => p.replaceAll(shown, 'data/'))
    throw error
  } finally {
    rmSync(dir, { recursive: true, force: true })
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
