import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { compiled } from '../../src/build/compiled.mjs'

// `npm run build` runs the build compiled (src/build/compiled.mjs): an edit of any file the build imports must be in
// the next build, and an unchanged build must not compile again.
const dir = path.resolve('.tmp/compiled-test')
const entry = '.tmp/compiled-test/entry.ts'
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Runs the compiled entry in this process: it leaves its answer on globalThis. */
const load = async (out: string) => {
  await import(`${pathToFileURL(path.join(out, 'entry.mjs')).href}?${Date.now()}`)
  return (globalThis as { compiledAnswer?: string }).compiledAnswer
}
const ENTRY = (source: string) => `import { word } from './word'\n${source}\n;(globalThis as { compiledAnswer?: string }).compiledAnswer = \`the \${word}\`\n`

describe('compiled', () => {
  it('compiles the entries once, and again when a file they import changes', async () => {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    writeFileSync(path.join(dir, 'entry.ts'), ENTRY(''))
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

  // The bundle runs with V8's code cache, kept beside it after a run (runCached.mjs): a cache that V8 refuses (another
  // Node, other flags, a damaged file) must not stop the build, and is made again.
  it("keeps V8's code cache of a bundle after a run, and runs as well with a damaged one, which it replaces", async () => {
    writeFileSync(path.join(dir, 'entry.ts'), ENTRY("if (process.env.SAY) console.log('said:', word)"))
    writeFileSync(path.join(dir, 'word.ts'), "export const word: string = 'kept'\n")
    const out = await compiled({ entry })
    const run = () => spawnSync(process.execPath, [path.join(out, 'entry.mjs')], { env: { ...process.env, SAY: '1' }, encoding: 'utf8' })
    const cache = path.join(out, 'entry.cjs.cache')
    expect(existsSync(cache)).toBe(false)
    expect(run().stdout).toBe('said: kept\n')
    const made = readFileSync(cache)
    expect(made.length).toBeGreaterThan(100)
    expect(run().stdout).toBe('said: kept\n')
    expect(readFileSync(cache).equals(made)).toBe(true) // used, not made again
    writeFileSync(cache, 'not a code cache')
    const damaged = run()
    expect([damaged.status, damaged.stdout, damaged.stderr]).toEqual([0, 'said: kept\n', ''])
    expect(readFileSync(cache).length).toBeGreaterThan(100)
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
