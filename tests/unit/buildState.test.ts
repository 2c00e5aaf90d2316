// What a build leaves for the next one (src/build/state.ts): the pages it vouches for, and the pages a build was
// rewriting when it stopped, which the next build must redo.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fingerprintsByFile, markRewriting, readState, sameState, writeState } from '../../src/build/state'

const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))
const dist = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'state-'))
  dirs.push(dir)
  return dir
}
const bundles = { code: 'code', assetTags: {} }
const pages = { files: ['a.html', 'b/c.html', 'd.html'], fingerprints: ['1', '2', '3'] }

describe('the build state', () => {
  it('gives back the pages, bundles and groups it was written with', () => {
    const dir = dist()
    const groups = { 'en boise': { key: 'k', sitemap: [3, -1] } }
    writeState(dir, { bundles, pages, groups })
    const state = readState(dir)!
    expect(state.pages).toEqual(pages)
    expect(state.groups).toEqual(groups)
    expect(sameState(state, bundles, pages, groups)).toBe(true)
    expect(sameState(state, bundles, { ...pages, fingerprints: ['1', '2', '4'] }, groups)).toBe(false)
    expect(fingerprintsByFile(state.pages).get('b/c.html')).toBe('2')
  })

  it('does not vouch for the pages a build was rewriting when it stopped, until a build writes the state again', () => {
    const dir = dist()
    writeState(dir, { bundles, pages, groups: {} })
    markRewriting(dir, ['b/c.html'])
    // Killed here: the next build redoes b/c.html.
    expect(readState(dir)!.pages).toEqual({ files: ['a.html', 'd.html'], fingerprints: ['1', '3'] })
    // And if that one is killed too, with other pages marked, neither is vouched for.
    markRewriting(dir, ['d.html'])
    expect(readState(dir)!.pages).toEqual({ files: ['a.html'], fingerprints: ['1'] })
    writeState(dir, { bundles, pages, groups: {} })
    expect(readState(dir)!.pages).toEqual(pages)
  })

  it('is no state when its file is damaged or of another version', () => {
    const dir = dist()
    expect(readState(dir)).toBeUndefined()
    writeFileSync(path.join(dir, 'build-state.json'), '{"version":3,"files":"a.html","fin')
    expect(readState(dir)).toBeUndefined()
    writeFileSync(path.join(dir, 'build-state.json'), JSON.stringify({ version: 2, pages: {} }))
    expect(readState(dir)).toBeUndefined()
    writeState(dir, { bundles, pages: { files: [], fingerprints: [] }, groups: {} })
    expect(readState(dir)!.pages).toEqual({ files: [], fingerprints: [] })
    expect(existsSync(path.join(dir, 'build-state.json'))).toBe(true)
  })
})
