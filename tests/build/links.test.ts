import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fileForPath } from '../../src/urls/paths'
import { DIST } from './dist'

/** Every internal link and asset of every built page (linkinator's crawl only sees linked pages). */
describe('internal links of every built page', () => {
  it('resolve to a built file, without a trailing slash', () => {
    const targets = new Map<string, string>()
    for (const entry of readdirSync(DIST, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.html')) continue
      const file = path.join(entry.parentPath, entry.name)
      for (const [, url] of readFileSync(file, 'utf8').matchAll(/(?:href|src)="(\/[^"#?]*)[^"]*"/g)) {
        if (!url!.startsWith('//') && !targets.has(url!)) targets.set(url!, path.relative(DIST, file))
      }
    }
    const missing = [...targets].filter(([url]) => {
      if (url !== '/' && url.endsWith('/')) return true
      const isAsset = /\.\w+$/.test(url)
      return !existsSync(path.join(DIST, isAsset ? url : fileForPath(url)))
    })
    expect(targets.size).toBeGreaterThan(100)
    expect(missing.map(([url, on]) => `${url} (on ${on})`)).toEqual([])
  })
})
