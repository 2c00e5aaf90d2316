import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

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
 */
export function codeHash(root = process.cwd(), env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha1')
  for (const input of CODE_INPUTS) {
    for (const file of filesUnder(path.join(root, input))) {
      hash.update(`${path.relative(root, file)}\0`)
      hash.update(readFileSync(file))
      hash.update('\0')
    }
  }
  for (const name of Object.keys(env)
    .filter((n) => n.startsWith('VITE_'))
    .sort())
    hash.update(`${name}=${env[name]}\0`)
  return hash.digest('base64url').slice(0, 20)
}

/** The files under a folder (or the file itself), as full paths, in order; none when it does not exist. */
export function filesUnder(entry: string): string[] {
  const stats = statSync(entry, { throwIfNoEntry: false })
  if (!stats) return []
  if (!stats.isDirectory()) return [entry]
  return readdirSync(entry, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .sort()
}
