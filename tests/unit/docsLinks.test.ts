import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

// `npm run check:docs` (a step of `npm run lint`): every relative link and #anchor of README.md and docs/ resolves.
const root = path.resolve('.')
const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
const [command, ...args] = (scripts['check:docs'] ?? '').split(' ')

const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/** The docs check, run as package.json says, on a folder holding `files` (path → Markdown). */
function checkDocs(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-links-'))
  dirs.push(dir)
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), text)
  }
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules', '.bin', command ?? ''), '--rc-path', path.join(root, '.remarkrc.json'), ...args], {
    cwd: dir,
    encoding: 'utf8',
  })
  return { status: run.status, output: stripVTControlCharacters(`${run.stdout}${run.stderr}`) }
}

const GOOD = {
  'README.md': '# Site\n\nSee the [map](docs/architecture.md#the-directorys-city-finder) and [a record](docs/decisions/0001-x.md).\n',
  'docs/architecture.md': "# Architecture\n\n## The directory's city finder\n\nBack to the [README](../README.md#site).\n",
  'docs/decisions/0001-x.md': '# 0001. X\n\n## Context\n\nSee [below](#context).\n',
}

describe('the docs check', () => {
  it('is part of npm run lint', () => {
    expect(command).toBe('remark')
    expect(scripts.lint).toContain('npm run -s check:docs')
  })

  it('passes docs whose links and GitHub-style anchors all resolve', () => {
    const { status, output } = checkDocs(GOOD)
    expect(output).not.toContain('warning')
    expect(status).toBe(0)
  })

  it('fails on a link to a missing file and on an anchor no heading makes, naming the file and line', () => {
    const { status, output } = checkDocs({
      ...GOOD,
      'docs/staff-guide.md': '# Guide\n\nSee [photos](architecture.md#photos) and [deploy](deploy.md).\n',
    })
    expect(status).not.toBe(0)
    expect(output).toContain('docs/staff-guide.md')
    expect(output).toMatch(/3:\d+-3:\d+\s+warning Cannot find heading for `#photos` in `architecture\.md`/)
    expect(output).toMatch(/warning Cannot find file `deploy\.md`/)
  })
})
