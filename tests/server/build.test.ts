import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { staleBuildReason } from '../../server/build.ts'

let cwd: string
const write = (file: string, secondsAgo: number) => {
  const full = path.join(cwd, file)
  mkdirSync(path.dirname(full), { recursive: true })
  writeFileSync(full, file)
  const time = new Date(Date.now() - secondsAgo * 1000)
  utimesSync(full, time, time)
}

beforeEach(() => {
  cwd = mkdtempSync(path.join(os.tmpdir(), 'quote-build-'))
})
afterEach(() => rmSync(cwd, { recursive: true, force: true }))

describe('staleBuildReason', () => {
  it('asks for a build when there is none, or the last one stopped half-way', () => {
    expect(staleBuildReason(cwd)).toBe('there is no complete build (dist/build-complete.txt is missing)')
    write('dist/client/index.html', 10)
    expect(staleBuildReason(cwd)).toBe('there is no complete build (dist/build-complete.txt is missing)')
  })

  it('accepts a build newer than every source', () => {
    write('data/site.yaml', 100)
    write('src/catalog/site.ts', 100)
    write('dist/build-complete.txt', 10)
    expect(staleBuildReason(cwd)).toBeNull()
  })

  it.each(['data/cities.csv', 'src/urls/routes.ts', 'pages/index/+Page.tsx', 'renderer/style.css', 'public/uploads/logo.svg', 'vite.config.ts'])(
    'names %s when it changed after the build',
    (file) => {
      write('dist/build-complete.txt', 10)
      write(file, 1)
      expect(staleBuildReason(cwd)).toBe(`${file} changed after the last build`)
    },
  )

  it('ignores files outside the build inputs', () => {
    write('dist/build-complete.txt', 10)
    write('tests/unit/x.test.ts', 1)
    write('README.md', 1)
    expect(staleBuildReason(cwd)).toBeNull()
  })
})
