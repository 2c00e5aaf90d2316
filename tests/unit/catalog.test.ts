import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataError, loadCatalogue } from '../../src/catalog/index'

const realData = path.resolve('data')

/** A copy of data/ with one file rewritten by `edit`; returns the problems loading reports. */
function problemsWith(file: string, edit: (text: string) => string): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'data-'))
  cpSync(realData, dir, { recursive: true })
  writeFileSync(path.join(dir, file), edit(readFileSync(path.join(dir, file), 'utf8')))
  try {
    loadCatalogue(dir)
  } catch (error) {
    if (error instanceof DataError) return error.problems.map((p) => p.replace(/^.*?(cities\.csv|services\.yaml|site\.yaml)/, 'data/$1'))
    throw error
  }
  return []
}

const csvLines = (text: string) => text.split('\n')

describe('loading data/cities.csv', () => {
  it('accepts the real data', () => {
    const catalogue = loadCatalogue(realData)
    expect(catalogue.cities.length).toBeGreaterThan(400)
    expect(catalogue.services).toHaveLength(16)
  })

  it('accepts a byte-order mark and CRLF line endings', () => {
    expect(problemsWith('cities.csv', (t) => '\uFEFF' + t.replaceAll('\n', '\r\n'))).toEqual([])
  })

  it('names a missing column', () => {
    expect(problemsWith('cities.csv', (t) => t.replace('name,state,country,population', 'name,state,population').replace(/,(US|CA),/g, ','))).toEqual([
      'data/cities.csv line 1: missing column "country"; the header must be: name,state,country,population',
    ])
  })

  it('names the line of an empty name', () => {
    expect(problemsWith('cities.csv', (t) => t.replace(/^Boise,/m, ','))).toEqual([expect.stringMatching(/^data\/cities\.csv line \d+, column "name": must not be empty$/)])
  })

  it('names an unknown country', () => {
    const lines = csvLines(readFileSync(path.join(realData, 'cities.csv'), 'utf8'))
    const line = lines.findIndex((l) => l.startsWith('Boise,')) + 1
    expect(problemsWith('cities.csv', (t) => t.replace(/^Boise,ID,US,/m, 'Boise,ID,MX,'))).toEqual([`data/cities.csv line ${line}, column "country": expected US or CA, got "MX"`])
  })

  it('names a population that is not a whole number, with the value found', () => {
    const lines = csvLines(readFileSync(path.join(realData, 'cities.csv'), 'utf8'))
    const line = lines.findIndex((l) => l.startsWith('Boise,')) + 1
    expect(problemsWith('cities.csv', (t) => t.replace(/^Boise,ID,US,\d+/m, 'Boise,ID,US,"12,4O0"'))).toEqual([
      `data/cities.csv line ${line}, column "population": expected a whole number without separators, got "12,4O0"`,
    ])
  })

  it('names a state code that does not belong to the country', () => {
    expect(problemsWith('cities.csv', (t) => t.replace(/^Boise,ID,US,/m, 'Boise,ON,US,'))).toEqual([expect.stringContaining('column "state": "ON" is not a US state code')])
  })

  it('names both lines of a duplicate row', () => {
    const problems = problemsWith('cities.csv', (t) => `${t.trimEnd()}\nBoise,ID,US,235684\n`)
    expect(problems).toEqual([expect.stringMatching(/^data\/cities\.csv line \d+: duplicate of line \d+ \(Boise, ID\); delete one of the two rows$/)])
  })

  it('names two new cities that would share a URL even after the collision rule', () => {
    const problems = problemsWith('cities.csv', (t) => `${t.trimEnd()}\nSpringfield Gardens,NY,US,5\nSpringfield-Gardens,TX,US,6\nSpringfield Gardens NY,TX,US,7\n`)
    expect(problems).toEqual([expect.stringContaining('would all get the URL slug "springfield-gardens-ny"; rename one of them, or write another slug for it in the "slug" column')])
  })
})

describe('loading data/services.yaml', () => {
  it('names a service with 5 benefits, with the key path', () => {
    const problems = problemsWith('services.yaml', (t) => t.replace(/(  deep-cleaning:[\s\S]*?benefits:\n)      - .*\n/, '$1'))
    expect(problems).toEqual([expect.stringMatching(/^data\/services\.yaml line \d+, services\.deep-cleaning\.benefits: expected 6 items, found 5$/)])
  })

  it('names a localDescription without {city}', () => {
    const problems = problemsWith('services.yaml', (t) => t.replace(/(  strip-wax:[\s\S]*?localDescription: )(.*)\n/, '$1Floors made new.\n'))
    expect(problems).toEqual([expect.stringMatching(/^data\/services\.yaml line \d+, services\.strip-wax\.localDescription: must contain the \{city\} placeholder$/)])
  })

  it('names an unknown service slug and the missing one', () => {
    const problems = problemsWith('services.yaml', (t) => t.replace(/^  day-porter:$/m, '  day-porters:'))
    expect(problems).toEqual([
      expect.stringMatching(/^data\/services\.yaml line \d+, services\.day-porters: unknown service slug "day-porters"; the 16 slugs are: strip-wax, /),
      expect.stringMatching(/^data\/services\.yaml line \d+, services: service "day-porter" is missing$/),
    ])
  })

  it('names a missing field', () => {
    const problems = problemsWith('services.yaml', (t) => t.replace(/(  day-porter:\n)    title: .*\n/, '$1'))
    expect(problems).toEqual([expect.stringMatching(/^data\/services\.yaml line \d+, services\.day-porter\.title: is missing \(required\)$/)])
  })

  it('reports YAML syntax errors with the line', () => {
    const problems = problemsWith('services.yaml', (t) => t.replace(/^services:$/m, 'services: ['))
    expect(problems[0]).toMatch(/^data\/services\.yaml line \d+: .*\(YAML syntax: check the indentation, the colon after the key and the quotes on this line and the one above\)$/)
  })
})

describe('loading data/site.yaml', () => {
  it('requires a quote choice for every service title', () => {
    const problems = problemsWith('site.yaml', (t) => t.replace('  - Day Porter Services\n', '  - Porter Services\n'))
    expect(problems).toEqual([expect.stringContaining('quoteServiceChoices: expected exactly one choice starting with "Day Porter"')])
  })

  it('requires exactly 4 testimonials', () => {
    const problems = problemsWith('site.yaml', (t) => t.replace(/  - name: Maria Gonzalez[\s\S]*?(  - name: David Chen)/, '$1'))
    expect(problems).toEqual([expect.stringMatching(/^data\/site\.yaml line \d+, testimonials: expected exactly 4 testimonials$/)])
  })
})

describe('the catalogue', () => {
  const catalogue = loadCatalogue(realData)
  it('orders cities by population, largest first', () => {
    const populations = catalogue.cities.map((c) => c.population)
    expect(populations).toEqual([...populations].sort((a, b) => b - a))
  })
  it('keeps every city of a colliding name, with distinct slugs', () => {
    const springfields = catalogue.cities.filter((c) => c.name === 'Springfield')
    expect(springfields.map((c) => c.slug).sort()).toEqual(['springfield', 'springfield-il', 'springfield-ma'])
    expect(springfields.map((c) => c.displayName).sort()).toEqual(['Springfield, IL', 'Springfield, MA', 'Springfield, MO'])
  })
  it('folds accents in slugs and keeps them in names', () => {
    expect(catalogue.cityBySlug.get('montreal')?.name).toBe('Montréal')
    expect(catalogue.cityBySlug.get('trois-rivieres')?.name).toBe('Trois-Rivières')
  })
  it('resolves the four header aliases', () => {
    expect(catalogue.aliases).toEqual({
      'move-in-out': 'move-in-move-out-cleaning',
      'apartment-turnaround': 'apartment-turnaround-cleaning',
      'post-construction': 'post-construction-cleanup',
      'commercial-carpet': 'commercial-carpet-cleaning',
    })
  })
})
