// What the build keeps between builds (src/build/keptValues.ts): a data file's validated value is read back while its
// bytes are unchanged, made again when they change, and a bad file is reported every time.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { keptValues } from '../../src/build/keptValues'
import { coverageFrameData, coverageMapSvg, setCoverageFrame } from '../../src/geo/coverageMap'
import { assembleCatalogue, DataError, loadCatalogue, readCatalogueInputs } from '../../src/catalog/index'

const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix))
  dirs.push(dir)
  return dir
}

describe('kept values', () => {
  it('computes a value once for the same code and inputs, and again when either changes', () => {
    const dir = tempDir('kept-')
    let computed = 0
    const compute = () => ({ n: ++computed, gone: undefined, byName: new Map([['a', 1]]) })
    const remember = keptValues(dir, 'code-1')
    expect(remember('value', ['x'], compute)).toEqual({ n: 1, gone: undefined, byName: new Map([['a', 1]]) })
    // Read back as it was kept (undefined and Maps included), not computed.
    const again = keptValues(dir, 'code-1')('value', ['x'], compute)
    expect(again).toEqual({ n: 1, gone: undefined, byName: new Map([['a', 1]]) })
    expect('gone' in again).toBe(true)
    expect(keptValues(dir, 'code-1')('value', [Buffer.from('y')], compute).n).toBe(2)
    expect(keptValues(dir, 'code-2')('value', [Buffer.from('y')], compute).n).toBe(3)
    expect(computed).toBe(3)
  })

  it('keeps nothing that throws, and survives a damaged file', () => {
    const dir = tempDir('kept-')
    const remember = keptValues(dir, 'code')
    expect(() =>
      remember('value', ['x'], () => {
        throw new Error('bad')
      }),
    ).toThrow('bad')
    expect(remember('value', ['x'], () => 1)).toBe(1)
    writeFileSync(path.join(dir, 'value.bin'), 'damaged')
    expect(remember('value', ['x'], () => 2)).toBe(2)
    expect(remember('value', ['x'], () => 3)).toBe(2)
  })
})

describe('the data step with kept values', () => {
  const data = () => {
    const dir = tempDir('kept-data-')
    cpSync(path.resolve('data'), dir, { recursive: true })
    return dir
  }

  it('gives the same inputs from kept values as from the files, and follows an edit of a file', () => {
    const dataDir = data()
    const remember = keptValues(tempDir('kept-'), 'code')
    const fresh = readCatalogueInputs(dataDir)
    const first = readCatalogueInputs(dataDir, remember)
    const kept = readCatalogueInputs(dataDir, remember)
    expect(kept).toEqual(fresh)
    expect(first).toEqual(fresh)
    const file = path.join(dataDir, 'cities.csv')
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^Boise,ID,US,\d+/m, 'Boise,ID,US,123456'))
    expect(readCatalogueInputs(dataDir, remember).cityRows.find((row) => row.name === 'Boise')?.population).toBe(123456)
    expect(readCatalogueInputs(dataDir, remember)).toEqual(readCatalogueInputs(dataDir))
  })

  it('reports a bad file every time, naming its line, after its good version was kept', () => {
    const dataDir = data()
    const remember = keptValues(tempDir('kept-'), 'code')
    readCatalogueInputs(dataDir, remember)
    const file = path.join(dataDir, 'services.yaml')
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^(\s+title:) .*$/m, '$1'))
    for (let i = 0; i < 2; i++) {
      const error = (() => {
        try {
          readCatalogueInputs(dataDir, remember)
        } catch (e) {
          return e
        }
      })()
      expect(error).toBeInstanceOf(DataError)
      expect((error as DataError).problems.join('\n')).toMatch(/services\.yaml line \d+/)
    }
  })

  it("follows the photos' folder: a file added to it and not listed is reported after the list was kept", () => {
    const dataDir = data()
    mkdirSync(path.join(dataDir, 'photos'))
    writeFileSync(path.join(dataDir, 'photos', 'crew.jpg'), 'not read by the data step')
    writeFileSync(path.join(dataDir, 'photos.yaml'), 'photos:\n  - file: crew.jpg\n    on: about\n    alt: Our crew cleaning an office lobby\n')
    const remember = keptValues(tempDir('kept-'), 'code')
    expect(readCatalogueInputs(dataDir, remember).photos.map((p) => p.file)).toEqual(['crew.jpg'])
    writeFileSync(path.join(dataDir, 'photos', 'lobby.jpg'), 'not listed')
    expect(() => readCatalogueInputs(dataDir, remember)).toThrow(/lobby\.jpg: not listed/)
  })

  it('carries the warnings of a file read back (a Windows-1252 file)', () => {
    const dataDir = data()
    const file = path.join(dataDir, 'cities.csv')
    writeFileSync(file, Buffer.from(readFileSync(file, 'utf8').replace(/^(Boise,ID,US,\d+,,,,)$/m, '$1Boisé'), 'latin1'))
    const remember = keptValues(tempDir('kept-'), 'code')
    const expected = readCatalogueInputs(dataDir).warnings
    expect(expected.join('\n')).toMatch(/Windows-1252/)
    readCatalogueInputs(dataDir, remember)
    expect(readCatalogueInputs(dataDir, remember).warnings).toEqual(expected)
  })
})

describe("the coverage map's kept frame", () => {
  it('draws the same map and dots from the kept frame as from the outlines', () => {
    const catalogue = loadCatalogue()
    const drawn = coverageMapSvg(catalogue, 'en')
    const dir = tempDir('kept-')
    keptValues(dir, 'code')('coverage-map', [], coverageFrameData)
    setCoverageFrame(
      keptValues(dir, 'code')('coverage-map', [], () => {
        throw new Error('not kept')
      }),
    )
    expect(coverageMapSvg(assembleCatalogue(catalogue.inputs), 'en')).toBe(drawn)
  })
})
