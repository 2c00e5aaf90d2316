import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writePage } from '../../src/build/writePage'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'write-page-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('writePage', () => {
  it('creates the page and its folder', () => {
    const file = path.join(dir, 'services', 'strip-wax.html')
    expect(writePage(file, '<p>Strip & Wax</p>')).toBe(true)
    expect(readFileSync(file, 'utf8')).toBe('<p>Strip & Wax</p>')
  })

  it('replaces a longer or shorter previous page completely', () => {
    const file = path.join(dir, 'montreal-deep-cleaning.html')
    writePage(file, 'x'.repeat(30_000))
    expect(writePage(file, '<h1>Montréal</h1>')).toBe(true)
    expect(readFileSync(file, 'utf8')).toBe('<h1>Montréal</h1>')
    const longer = `<h1>Trois-Rivières</h1>${'é'.repeat(20_000)}`
    writePage(file, longer)
    expect(readFileSync(file, 'utf8')).toBe(longer)
  })

  it('leaves a file that already holds the same bytes untouched', () => {
    const file = path.join(dir, 'boise-strip-wax.html')
    writePage(file, '<h1>Boise</h1>')
    const past = new Date(Date.now() - 60_000)
    utimesSync(file, past, past)
    expect(writePage(file, '<h1>Boise</h1>')).toBe(false)
    expect(Math.round(statSync(file).mtimeMs)).toBe(past.getTime())
    // Same length, other bytes: written.
    expect(writePage(file, '<h1>Nampa</h1>')).toBe(true)
    expect(readFileSync(file, 'utf8')).toBe('<h1>Nampa</h1>')
  })
})
