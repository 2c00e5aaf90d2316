// Runs one bundle of the compiled build (compiled.mjs) with V8's code cache: the bundle's code as V8 compiled it in an
// earlier run, functions compiled on their first call included, is kept beside it (`<bundle>.cache`) and given back to
// V8, which then neither parses the 2 MB of code again nor compiles its functions as they are first called (figures:
// docs/decisions/0004). V8 refuses a cache made by another version or with other flags; it
// is then made again. A cache belongs to its bundle: a compiled directory is never written to again (compiled.mjs).
import { isAscii } from 'node:buffer'
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Script } from 'node:vm'
import { isMainThread, threadId } from 'node:worker_threads'

/**
 * Runs a CommonJS bundle as Node would require it (its own `require`, `module`, `__filename`), from its code cache when
 * there is a good one. Without one, the cache is made once the work is done: when the process is about to end (the
 * build), or as soon as the bundle's code has run (a render thread, whose code does its work synchronously).
 * @param {URL} url the bundle
 */
export function runCached(url) {
  const file = fileURLToPath(url)
  const cacheFile = `${file}.cache`
  let cachedData
  try {
    cachedData = readFileSync(cacheFile)
  } catch {
    // no cache yet: made below
  }
  // An ASCII bundle is read as Latin-1: a one-byte string, made without decoding UTF-8. esbuild escapes every other character of strings, but not those of regular expressions and raw
  // templates: the sources write them as \u escapes.
  const bytes = readFileSync(file)
  const code = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8')
  // The wrapper Node puts around a CommonJS module, on the bundle's first line (its line numbers stay right).
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, {
    filename: file,
    cachedData,
  })
  const module = { exports: {} }
  // eslint-disable-next-line @typescript-eslint/no-unsafe-call -- the wrapper above: a function of these five arguments
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file))
  if (cachedData && !script.cachedDataRejected) return
  const keep = () => {
    // Its own temporary file, renamed into place: builds at once (threads, processes) never leave half a cache.
    const temporary = `${cacheFile}.${process.pid}-${threadId}.tmp`
    writeFileSync(temporary, script.createCachedData())
    renameSync(temporary, cacheFile)
  }
  if (isMainThread) process.once('beforeExit', keep)
  else keep()
}
