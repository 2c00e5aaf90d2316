import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getCatalogue } from '../../src/catalog/index'
import { prepareOutDir, removeStalePages } from '../../src/prerender/outDir'
import { forCurrentShard, inShard, parseShard, SHARD_VARIABLE, shardOf } from '../../src/prerender/shard'
import { writePage } from '../../src/prerender/writePage'
import { pagePaths } from '../../src/urls/sitePaths'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'prerender-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
  delete process.env[SHARD_VARIABLE]
})

const put = (file: string, text = file) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
  writeFileSync(path.join(dir, file), text)
}
const filesUnder = (root: string) =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort()

describe('prerender shares', () => {
  const urls = pagePaths(getCatalogue())

  it.each([1, 2, 3, 4])('gives every page of the site to exactly one of %i processes, in shares of about equal size', (count) => {
    const sizes = Array.from({ length: count }, (_, index) => urls.filter((url) => inShard(url, { index, count })).length)
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(urls.length)
    for (const url of urls.slice(0, 500)) {
      expect(Array.from({ length: count }, (_, index) => inShard(url, { index, count })).filter(Boolean)).toHaveLength(1)
    }
    for (const size of sizes) expect(Math.abs(size - urls.length / count)).toBeLessThan(urls.length * 0.03)
  })

  it('does not depend on the order of the URLs', () => {
    expect(shardOf('/boise-strip-wax', 2)).toBe(shardOf('/boise-strip-wax', 2))
    const share = (list: string[]) => list.filter((url) => inShard(url, { index: 1, count: 2 })).sort()
    expect(share([...urls].reverse())).toEqual(share(urls))
  })

  it('reads its share from PRERENDER_SHARD, and names the variable when it is malformed', () => {
    expect(parseShard(undefined)).toEqual({ index: 0, count: 1 })
    expect(parseShard('1/2')).toEqual({ index: 1, count: 2 })
    for (const bad of ['2/2', 'one/two', '1', '0/0', '-1/2']) expect(() => parseShard(bad)).toThrow(/PRERENDER_SHARD=.*expected "index\/count"/)
  })

  it('hands a page hook its share of the URLs, or all of them outside a sharded prerender', () => {
    const list = urls.slice(0, 200)
    expect(forCurrentShard(list)).toEqual(list)
    process.env[SHARD_VARIABLE] = '1/2'
    const share = forCurrentShard(list)
    expect(share.length).toBeGreaterThan(50)
    expect(share.every((url) => shardOf(url, 2) === 1)).toBe(true)
  })

  it('still gives a page hook one URL when its share is empty, so Vike does not report the page as missing', () => {
    const [mine, other] = [0, 1].map((index) => urls.find((url) => shardOf(url, 2) === index)!)
    process.env[SHARD_VARIABLE] = '0/2'
    expect(forCurrentShard([other!])).toEqual([other])
    expect(forCurrentShard([other!, mine!])).toEqual([mine])
  })
})

describe('writePage', () => {
  it('creates the page and its folder', () => {
    const file = path.join(dir, 'services', 'strip-wax.html')
    writePage(file, '<p>Strip & Wax</p>')
    expect(readFileSync(file, 'utf8')).toBe('<p>Strip & Wax</p>')
  })

  it('replaces a longer or shorter previous page completely', () => {
    const file = path.join(dir, 'montreal-deep-cleaning.html')
    writePage(file, 'x'.repeat(30_000))
    writePage(file, '<h1>Montréal</h1>')
    expect(readFileSync(file, 'utf8')).toBe('<h1>Montréal</h1>')
    const longer = `<h1>Trois-Rivières</h1>${'é'.repeat(20_000)}`
    writePage(file, longer)
    expect(readFileSync(file, 'utf8')).toBe(longer)
  })
})

describe('the output folder between builds', () => {
  it('keeps the pages of the last build and deletes everything else before a build', () => {
    for (const file of ['client/index.html', 'client/services/strip-wax.html', 'client/assets/app.1234.js', 'client/sitemap.xml', 'client/uploads/logo.svg', 'server/entry.mjs', 'build-complete.txt']) put(file)
    prepareOutDir(dir)
    expect(filesUnder(dir)).toEqual(['client/index.html', 'client/services/strip-wax.html'])
  })

  it('does nothing when there is no output yet', () => {
    prepareOutDir(path.join(dir, 'missing'))
    expect(existsSync(path.join(dir, 'missing'))).toBe(false)
  })

  it('removes pages the data no longer makes, and only those', () => {
    for (const file of ['index.html', 'boise-strip-wax.html', 'springfield-strip-wax.html', 'services/strip-wax.html', 'robots.txt']) put(file)
    const removed = removeStalePages(dir, new Set(['index.html', 'boise-strip-wax.html', 'services/strip-wax.html']))
    expect(removed).toEqual(['springfield-strip-wax.html'])
    expect(filesUnder(dir)).toEqual(['boise-strip-wax.html', 'index.html', 'robots.txt', 'services/strip-wax.html'])
  })
})
