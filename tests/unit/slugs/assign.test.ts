import { describe, expect, it } from 'vitest'
import { assignCitySlugs, slugify } from '../../../src/slugs/assign'

describe('slugify', () => {
  it.each([
    ['Montréal', 'montreal'],
    ['Québec', 'quebec'],
    ['Lévis', 'levis'],
    ['Trois-Rivières', 'trois-rivieres'],
    ['St. Louis', 'st-louis'],
    ["Coeur d'Alene", 'coeur-dalene'],
    ['Winston-Salem', 'winston-salem'],
    ['  New   York  ', 'new-york'],
    ["St. John's", 'st-johns'],
    ['Kansas City', 'kansas-city'],
    ['Ann -- Arbor', 'ann-arbor'],
  ])('turns %j into %j', (name, slug) => {
    expect(slugify(name)).toBe(slug)
  })

  it('folds accents before removing non-word characters', () => {
    expect(slugify('Montréal')).not.toBe('montral')
  })
})

describe('assignCitySlugs', () => {
  const springfields = [
    { name: 'Springfield', state: 'IL', population: 114394 },
    { name: 'Springfield', state: 'MO', population: 169176 },
    { name: 'Springfield', state: 'MA', population: 155929 },
    { name: 'Boise', state: 'ID', population: 235684 },
  ]

  it('lets the most populous keep the bare slug and appends the state to the others', () => {
    const { slugs, collisions, conflicts } = assignCitySlugs(springfields)
    expect(slugs).toEqual(['springfield-il', 'springfield', 'springfield-ma', 'boise'])
    expect(collisions).toEqual([
      {
        slug: 'springfield',
        kept: 'Springfield, MO',
        renamed: [
          { city: 'Springfield, MA', slug: 'springfield-ma' },
          { city: 'Springfield, IL', slug: 'springfield-il' },
        ],
      },
    ])
    expect(conflicts).toEqual([])
  })

  it('gives the same slugs whatever the order of rows with equal names', () => {
    const reversed = [...springfields].reverse()
    const bySlug = (cities: typeof springfields) => {
      const { slugs } = assignCitySlugs(cities)
      return Object.fromEntries(cities.map((c, i) => [`${c.name}|${c.state}`, slugs[i]]))
    }
    expect(bySlug(reversed)).toEqual(bySlug(springfields))
  })

  it('breaks a population tie by state code, not by row order', () => {
    const a = { name: 'Aurora', state: 'IL', population: 1000 }
    const b = { name: 'Aurora', state: 'CO', population: 1000 }
    expect(assignCitySlugs([a, b]).slugs).toEqual(['aurora-il', 'aurora'])
    expect(assignCitySlugs([b, a]).slugs).toEqual(['aurora', 'aurora-il'])
  })

  it('reports a slug that is still taken twice after resolving', () => {
    const { conflicts } = assignCitySlugs([
      { name: 'Springfield', state: 'IL', population: 2 },
      { name: 'Springfield', state: 'MO', population: 3 },
      { name: 'Springfield IL', state: 'TX', population: 1 },
    ])
    expect(conflicts.map((c) => c.slug)).toEqual(['springfield-il'])
  })
})
