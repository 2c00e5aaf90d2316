// The code hash decides whether the build bundles again and renders every page (src/build/codeHash.ts). It is kept
// between builds by the files' sizes and modification times: an edit must still change it, and a damaged memo must
// not be trusted.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { codeHash } from '../../src/build/codeHash'

const root = mkdtempSync(path.join(os.tmpdir(), 'code-hash-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const memo = path.join(root, 'node_modules/.cache/code-hash.json')

describe('codeHash', () => {
  it('changes with an edit of the code, even one that keeps the size, and with the VITE_ settings; not otherwise', () => {
    mkdirSync(path.join(root, 'src/pages'), { recursive: true })
    mkdirSync(path.join(root, 'node_modules'), { recursive: true })
    writeFileSync(path.join(root, 'src/pages/a.ts'), 'export const a = 1\n')
    writeFileSync(path.join(root, 'package-lock.json'), '{}\n')
    const first = codeHash(root, {})
    expect(codeHash(root, {})).toBe(first)

    // The same size, other bytes, a later time (an editor's save).
    writeFileSync(path.join(root, 'src/pages/a.ts'), 'export const a = 2\n')
    const later = new Date(Date.now() + 5_000)
    utimesSync(path.join(root, 'src/pages/a.ts'), later, later)
    const second = codeHash(root, {})
    expect(second).not.toBe(first)
    expect(codeHash(root, { VITE_SUPABASE_URL: 'https://example.supabase.co' })).not.toBe(second)

    // A memo that does not hold a hash for these files is not used.
    writeFileSync(memo, '{"stamps": 3}')
    expect(codeHash(root, {})).toBe(second)
    writeFileSync(memo, 'not JSON')
    expect(codeHash(root, {})).toBe(second)
  })
})
