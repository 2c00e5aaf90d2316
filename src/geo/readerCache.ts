import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { writeWhole } from '../files/writeWhole'

// What the readers of the place packages (the gazetteer, the ZIP and postal codes) make from them, kept between runs.

const require = createRequire(import.meta.url)

/** An installed package's package.json and version (the data packages' versions key the readers' caches). */
export function installedPackage(name: string): { packageJson: string; version: string } {
  const packageJson = require.resolve(`${name}/package.json`)
  return { packageJson, version: (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version }
}

/** What a reader's value is made from: data packages, and the reader's own source files (paths from the project's root). */
export interface ReaderInputs {
  packages: readonly string[]
  sources: readonly string[]
}

/** The folder node_modules/.cache of the project the packages are installed in. */
function cacheRoot(inputs: ReaderInputs): string {
  return path.join(path.dirname(installedPackage(inputs.packages[0]!).packageJson), '..', '.cache')
}

/**
 * The key of a reader's value: the packages' names and versions and the bytes of the reader's source files. A new
 * version of a package or an edit of the reader is a new key, so a value is never read back from an older reader.
 * An installed copy without the sources (a package of the site's code) is keyed by the versions alone.
 */
function readerKey(inputs: ReaderInputs): string {
  const root = path.resolve(cacheRoot(inputs), '..', '..')
  const hash = createHash('sha1')
  for (const name of inputs.packages) hash.update(`${name}@${installedPackage(name).version}\n`)
  for (const file of inputs.sources) {
    try {
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)))
        .update('\0')
    } catch {
      hash.update(`${file} missing\0`)
    }
  }
  return hash.digest('base64url').slice(0, 16)
}

/** Where a reader keeps its value for these inputs: node_modules/.cache/<folder>/<key>.json. */
export const readerCacheFile = (folder: string, inputs: ReaderInputs) => path.join(cacheRoot(inputs), folder, `${readerKey(inputs)}.json`)

/**
 * A reader's value, from node_modules/.cache/<folder>/ when made before from the same inputs (readerKey), else made
 * now and kept there (written whole: two builds at once never read half a file). Plain JSON data only.
 */
export function readerCache<T>(folder: string, inputs: ReaderInputs, make: () => T): T {
  const file = readerCacheFile(folder, inputs)
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T
  } catch {
    // not made yet from these inputs
  }
  const value = make()
  try {
    writeWhole(file, JSON.stringify(value))
  } catch {
    // a read-only node_modules: made again next time
  }
  return value
}
