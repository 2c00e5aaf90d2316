import { describe, expect, it } from 'vitest'
import { SERVICE_SLUGS } from '../../../src/catalog/services'
import type { SlugRecordRow } from '../../../src/slugs/record'
import { redirectedHub, redirectedUrls, slugRedirects } from '../../../src/slugs/redirects'

const moved = (from: string, to: string) => ({ from, to })
const removed = (from: string) => ({ from, to: null })
const row = (slug: string, name: string, state: string, status: SlugRecordRow['status']): SlugRecordRow => ({ slug, name, state, country: 'US', status })

describe('slugRedirects', () => {
  it('redirects every slug of the record that is not live: a moved one to its city’s live slug, a removed one to the service pages', () => {
    const record = [
      row('aurora', 'Aurora', 'CO', 'removed'),
      row('boise', 'Boise', 'ID', 'live'),
      row('springfield', 'Springfield', 'MO', 'moved'),
      row('springfield-mo', 'Springfield', 'MO', 'live'),
    ]
    expect(slugRedirects(record)).toEqual([
      { from: 'aurora', to: null, city: { name: 'Aurora', state: 'CO', country: 'US' } },
      { from: 'springfield', to: 'springfield-mo', city: { name: 'Springfield', state: 'MO', country: 'US' } },
    ])
  })
})

describe('redirectedUrls', () => {
  it('sends each of the 32 old URLs to the same service and scheme under the new slug', () => {
    const urls = redirectedUrls(moved('boise', 'boise-city'), SERVICE_SLUGS)
    expect(urls).toHaveLength(32)
    expect(urls).toContainEqual({ from: '/boise-strip-wax', to: '/boise-city-strip-wax' })
    expect(urls).toContainEqual({ from: '/boise-strip-wax-janitorial', to: '/boise-city-strip-wax-janitorial' })
    expect(urls).toContainEqual({ from: '/boise-routine-janitorial', to: '/boise-city-routine-janitorial' })
    expect(urls).toContainEqual({ from: '/boise-routine-janitorial-janitorial', to: '/boise-city-routine-janitorial-janitorial' })
  })
  it('sends the old URLs of a removed city to the service pages', () => {
    const urls = redirectedUrls(removed('aurora'), SERVICE_SLUGS)
    expect(urls).toContainEqual({ from: '/aurora-deep-cleaning', to: '/services/deep-cleaning' })
    expect(urls).toContainEqual({ from: '/aurora-deep-cleaning-janitorial', to: '/services/deep-cleaning' })
    expect(urls).toContainEqual({ from: '/aurora-routine-janitorial-janitorial', to: '/services/routine-janitorial' })
  })
})

describe('redirectedHub', () => {
  it('sends the old hub of a moved city to its new hub, and of a removed city to the directory', () => {
    expect(redirectedHub(moved('boise', 'boise-city'))).toEqual({ from: '/local-services/boise', to: '/local-services/boise-city' })
    expect(redirectedHub(removed('aurora'))).toEqual({ from: '/local-services/aurora', to: '/local-services' })
  })
})
