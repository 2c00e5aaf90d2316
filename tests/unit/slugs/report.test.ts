import { describe, expect, it } from 'vitest'
import type { SlugCollision } from '../../../src/slugs/assign'
import { collisionLines } from '../../../src/slugs/report'

const springfield: SlugCollision = {
  slug: 'springfield',
  kept: 'Springfield, MO',
  renamed: [
    { city: 'Springfield, MA', slug: 'springfield-ma' },
    { city: 'Springfield, IL', slug: 'springfield-il' },
  ],
}
const aurora: SlugCollision = { slug: 'aurora', kept: 'Aurora, CO', renamed: [{ city: 'Aurora, IL', slug: 'aurora-il' }] }

describe('collisionLines', () => {
  it('says the slug collisions in one line, with their count', () => {
    expect(collisionLines([springfield, aurora])).toEqual(['2 slug collisions resolved: see --verbose'])
    expect(collisionLines([aurora])).toEqual(['1 slug collision resolved: see --verbose'])
  })

  it('lists each collision with --verbose: who keeps the slug, and the slug of each other city', () => {
    expect(collisionLines([springfield, aurora], true)).toEqual([
      'slug collision "springfield": Springfield, MO keeps /springfield-…; Springfield, MA → /springfield-ma-…; Springfield, IL → /springfield-il-…',
      'slug collision "aurora": Aurora, CO keeps /aurora-…; Aurora, IL → /aurora-il-…',
    ])
  })

  it('says nothing when no two cities share a slug', () => {
    expect(collisionLines([])).toEqual([])
    expect(collisionLines([], true)).toEqual([])
  })
})
