import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Makes the data of a copy of the project (scripts/lib/projectCopy.ts) a smaller site of the real data, so that its
 * builds take about a third of the time: the 120 largest cities and every city of Idaho, Utah and Missouri (the states
 * the tests edit), with their published URLs (data/city-slugs.csv). Still over 4,000 pages, so a full build prints
 * progress lines.
 */
export function keepSmallerSite(root: string) {
  keepCities(root, (state, i) => i < 120 || /^(ID|UT|MO)$/.test(state))
}

/**
 * The cities of the states `npm start`'s tests edit, Idaho, Utah and Missouri, with Montréal and Laval (Québec, with
 * French pages): 20 cities, some 700 pages, so that its first build takes seconds.
 */
export function keepEditedStates(root: string) {
  keepCities(root, (state, _i, name) => /^(ID|UT|MO)$/.test(state) || ['Montréal', 'Laval'].includes(name))
}

/**
 * A tiny site of the real data, for builds of a few seconds: Boise and Nampa (Idaho), Montréal and Laval (Québec, with
 * French pages), 223 pages.
 */
export function keepTinySite(root: string) {
  keepCities(root, (_state, _i, name) => ['Boise', 'Nampa', 'Montréal', 'Laval'].includes(name))
}

/** Keeps the cities of `states` only (with their published URLs). */
export function keepCitiesOfStates(root: string, states: readonly string[]) {
  keepCities(root, (state) => states.includes(state))
}

/**
 * The site's data/cities.csv with its `count` most populous cities and every city of `states` (US) only, for a site made
 * in a test from a copy of data/ (data/city-slugs.csv unchanged: the others' published URLs are then redirects).
 */
export function fewerCitiesCsv(count: number, states: readonly string[]): string {
  const [header, ...rows] = readFileSync(path.resolve('data/cities.csv'), 'utf8').trimEnd().split(/\r?\n/)
  const inStates = new RegExp(`,(${states.join('|')}),US,`)
  return [header, ...rows.filter((row, i) => i < count || inStates.test(row))].join('\n') + '\n'
}

/** Keeps the rows of data/cities.csv that `isKept` accepts (with their published URLs in data/city-slugs.csv). */
function keepCities(root: string, isKept: (state: string, i: number, name: string) => boolean) {
  const rewrite = (name: string, keep: (row: string, i: number) => boolean) => {
    const file = path.join(root, 'data', name)
    const [header, ...rows] = readFileSync(file, 'utf8').trimEnd().split(/\r?\n/)
    writeFileSync(file, [header, ...rows.filter(keep)].join('\n') + '\n')
  }
  const kept = new Set<string>()
  rewrite('cities.csv', (row, i) => {
    const [name, state, country] = row.split(',')
    const keep = isKept(state!, i, name!)
    if (keep) kept.add(`${name},${state},${country}`)
    return keep
  })
  rewrite('city-slugs.csv', (row) => kept.has(row.split(',').slice(1, 4).join(',')))
}
