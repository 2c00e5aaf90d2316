import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { writeWhole } from '../files/writeWhole'
import { filesIn } from '../files/filesIn'

/**
 * What the bundles and the look of every page are made from, apart from data/: the code (with the quote form's
 * contract, shared with the function), the styles, the renderer, the public files, the configuration and the locked
 * dependency versions. When any of it changes, the build bundles again and renders every page.
 */
const CODE_INPUTS = [
  'src',
  'supabase/functions/_shared/quoteContract.ts',
  // Its class names are in the stylesheet (renderer/style.css): the function's page for a refused form post.
  'supabase/functions/send-contact-email/formPost.ts',
  'pages',
  'renderer',
  'public',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
] as const

/**
 * A hash of every file of CODE_INPUTS (path and bytes) and of the VITE_* environment variables, which Vite
 * writes into the bundles (the Supabase project the quote form calls).
 *
 * The files' hash is kept in node_modules/.cache/code-hash.json with each file's size and modification time, as the
 * compiled build keeps its own (src/build/compiled.mjs): while none of them changes, no file is read (~40 ms of
 * every build on this machine, for 150 files).
 */
export function codeHash(root = process.cwd(), env: NodeJS.ProcessEnv = process.env): string {
  const files = CODE_INPUTS.flatMap((input) => filesUnder(path.join(root, input))).map((file) => ({ file, name: path.relative(root, file) }))
  const stamps = files
    .map(({ file, name }) => {
      const { size, mtimeMs } = statSync(file)
      return `${name} ${size} ${mtimeMs}`
    })
    .join('\n')
  const memo = path.join(root, 'node_modules', '.cache', 'code-hash.json')
  let contents = keptHash(memo, stamps)
  if (contents === undefined) {
    const hash = createHash('sha1')
    for (const { file, name } of files) {
      hash.update(`${name}\0`)
      hash.update(readFileSync(file))
      hash.update('\0')
    }
    contents = hash.digest('base64url')
    try {
      writeWhole(memo, JSON.stringify({ stamps, hash: contents }))
    } catch {
      // no cache folder to write to: hashed again next time
    }
  }
  const hash = createHash('sha1').update(contents)
  for (const name of Object.keys(env)
    .filter((n) => n.startsWith('VITE_'))
    .sort())
    hash.update(`\0${name}=${env[name]}`)
  return hash.digest('base64url').slice(0, 20)
}

/** The hash kept in `memo` for files of exactly these stamps, if any. */
function keptHash(memo: string, stamps: string): string | undefined {
  try {
    const kept = JSON.parse(readFileSync(memo, 'utf8')) as { stamps?: unknown; hash?: unknown }
    return kept.stamps === stamps && typeof kept.hash === 'string' ? kept.hash : undefined
  } catch {
    return undefined
  }
}

/** The files under a folder (or the file itself), as full paths, in order; none when it does not exist. */
export function filesUnder(entry: string): string[] {
  const stats = statSync(entry, { throwIfNoEntry: false })
  if (!stats) return []
  if (!stats.isDirectory()) return [entry]
  return filesIn(entry)
    .map((file) => path.join(entry, file))
    .sort()
}
