import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { compiled } from '../../src/build/compiled.mjs'

// `npm run build` runs the build compiled (src/build/compiled.mjs): an edit of any file the build imports must be in
// the next build, and an unchanged build must not compile again.
const dir = path.resolve('.tmp/compiled-test')
const entry = '.tmp/compiled-test/entry.ts'
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const load = async (out: string) => ((await import(`${pathToFileURL(path.join(out, 'entry.mjs')).href}?${Date.now()}`)) as { answer: () => string }).answer()

describe('compiled', () => {
  it('compiles the entries once, and again when a file they import changes', async () => {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    writeFileSync(path.join(dir, 'entry.ts'), "import { word } from './word'\nexport const answer = (): string => `the ${word}`\n")
    writeFileSync(path.join(dir, 'word.ts'), "export const word: string = 'first'\n")
    const first = await compiled({ entry })
    expect(await load(first)).toBe('the first')
    expect(await compiled({ entry })).toBe(first)

    // A new size and time, as an editor's save gives.
    writeFileSync(path.join(dir, 'word.ts'), "export const word: string = 'second one'\n")
    const second = await compiled({ entry })
    expect(second).not.toBe(first)
    expect(await load(second)).toBe('the second one')
  })

  it("forgets the compiled files of a project copy that is gone, once they are old (the bench's copies share node_modules)", async () => {
    const cache = path.resolve('node_modules/.cache/compiled')
    const goneDir = path.join(cache, 'gone-project-test')
    mkdirSync(goneDir, { recursive: true })
    writeFileSync(path.join(goneDir, 'entry.mjs'), '')
    const hourAgo = new Date(Date.now() - 3600_000)
    utimesSync(goneDir, hourAgo, hourAgo)
    const pointer = path.join(cache, 'gone-project-test.json')
    writeFileSync(pointer, JSON.stringify({ root: '/nowhere/gone-project', dir: 'gone-project-test', recorded: [] }))
    writeFileSync(path.join(dir, 'word.ts'), "export const word: string = 'third edit'\n")
    expect(await load(await compiled({ entry }))).toBe('the third edit')
    expect(existsSync(pointer)).toBe(false)
    expect(existsSync(goneDir)).toBe(false)
  })
})
