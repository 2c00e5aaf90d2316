import { describe, expect, it } from 'vitest'
import { checkJsonLd } from '../helpers/schemaOrg'

const business = {
  '@context': 'https://schema.org',
  '@type': 'LocalBusiness',
  name: 'Evergreen',
  telephone: '(888) 555-0142',
  address: { '@type': 'PostalAddress', addressLocality: 'Denver', addressRegion: 'CO' },
  areaServed: [{ '@type': 'Country', name: 'Canada' }],
}

describe('the schema.org check of the tests', () => {
  it('accepts types and properties of the vocabulary, with values in their range', () => {
    expect(checkJsonLd(business)).toEqual([])
    expect(
      checkJsonLd({
        '@type': 'Service',
        provider: { '@id': '/#org' },
        areaServed: { '@type': 'City', name: 'Boise', containedInPlace: { '@type': 'State', name: 'Idaho' } },
      }),
    ).toEqual([])
  })

  it('refuses a deprecated type, an unknown type or property, a property of another type, a value out of range', () => {
    expect(checkJsonLd({ ...business, '@type': 'ProfessionalService' })).toEqual(['ProfessionalService: deprecated'])
    expect(checkJsonLd({ '@type': 'CleaningService', name: 'x' })).toEqual([
      'CleaningService: not a schema.org type',
      'CleaningService.name: not a property of CleaningService',
    ])
    expect(checkJsonLd({ ...business, cityServed: 'Boise' })).toEqual(['LocalBusiness.cityServed: not a schema.org property'])
    expect(checkJsonLd({ '@type': 'City', telephone: 'x', serviceType: 'y' })).toEqual(['City.serviceType: not a property of City'])
    expect(checkJsonLd({ '@type': 'Service', provider: { '@type': 'City', name: 'Boise' } })).toEqual([
      expect.stringMatching(/^Service.provider: a City is not in its range/),
    ])
    expect(checkJsonLd({ '@type': 'Service', provider: 'Evergreen' })).toEqual([expect.stringMatching(/^Service.provider: takes .*, not a plain value/)])
  })
})
