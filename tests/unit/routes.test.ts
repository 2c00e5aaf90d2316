import { describe, expect, it } from 'vitest'
import { parseCityService, parseJanitorialCityService } from '../../src/urls/cityService'
import { notFoundFile, type NotFoundVariant } from '../../src/urls/notFound'
import { matchRoute, type RouteContext } from '../../src/urls/routes'
import { SERVICE_SLUGS } from '../../src/catalog/services'
import { cityHubPath } from '../../src/urls/paths'

const cities = new Set(['boise', 'st-louis', 'montreal', 'springfield', 'springfield-il', 'kansas-city-ks'])
const ctx: RouteContext = {
  serviceSlugs: SERVICE_SLUGS,
  aliases: { 'move-in-out': 'move-in-move-out-cleaning', 'commercial-carpet': 'commercial-carpet-cleaning' },
  hasCity: (slug) => cities.has(slug),
  fr: {
    services: { 'decapage-et-cirage': 'strip-wax', 'grand-menage': 'deep-cleaning', 'entretien-menager-courant': 'routine-janitorial' },
    hasCity: (slug) => slug === 'montreal',
  },
}

describe('the city-service parsers', () => {
  it('finds the service slug at the end of the segment (scheme 1)', () => {
    expect(parseCityService('st-louis-deep-cleaning', SERVICE_SLUGS)).toEqual({ citySlug: 'st-louis', serviceSlug: 'deep-cleaning' })
  })
  it('requires janitorial as the last piece (scheme 2)', () => {
    expect(parseJanitorialCityService('boise-strip-wax-janitorial', SERVICE_SLUGS)).toEqual({ citySlug: 'boise', serviceSlug: 'strip-wax' })
    expect(parseJanitorialCityService('boise-strip-wax', SERVICE_SLUGS)).toBeNull()
  })
  it('no service slug is a hyphen-suffix of another, so the parse never depends on catalogue order', () => {
    for (const a of SERVICE_SLUGS) for (const b of SERVICE_SLUGS) if (a !== b) expect(a.endsWith(`-${b}`)).toBe(false)
  })
})

describe('matchRoute', () => {
  it.each([
    ['/', { kind: 'static', lang: 'en', page: 'home' }],
    ['/local-services', { kind: 'static', lang: 'en', page: 'local-services' }],
    ['/privacy', { kind: 'static', lang: 'en', page: 'privacy' }],
    ['/services/strip-wax', { kind: 'service', lang: 'en', serviceSlug: 'strip-wax', viaAlias: false }],
    ['/services/move-in-out', { kind: 'service', lang: 'en', serviceSlug: 'move-in-move-out-cleaning', viaAlias: true }],
    ['/boise-strip-wax', { kind: 'city-service', lang: 'en', scheme: 1, citySlug: 'boise', serviceSlug: 'strip-wax' }],
    ['/boise-strip-wax-janitorial', { kind: 'city-service', lang: 'en', scheme: 2, citySlug: 'boise', serviceSlug: 'strip-wax' }],
    ['/montreal-window-cleaning-janitorial', { kind: 'city-service', lang: 'en', scheme: 2, citySlug: 'montreal', serviceSlug: 'window-cleaning' }],
    ['/springfield-il-day-porter', { kind: 'city-service', lang: 'en', scheme: 1, citySlug: 'springfield-il', serviceSlug: 'day-porter' }],
  ])('routes %s', (path, expected) => {
    expect(matchRoute(path, ctx)).toEqual(expected)
  })

  it('keeps /{city}-routine-janitorial on the Routine Janitorial page of the city (scheme 1), not scheme 2', () => {
    expect(matchRoute('/boise-routine-janitorial', ctx)).toEqual({
      kind: 'city-service',
      lang: 'en',
      scheme: 1,
      citySlug: 'boise',
      serviceSlug: 'routine-janitorial',
    })
    expect(matchRoute('/boise-routine-janitorial-janitorial', ctx)).toEqual({
      kind: 'city-service',
      lang: 'en',
      scheme: 2,
      citySlug: 'boise',
      serviceSlug: 'routine-janitorial',
    })
  })

  it.each([
    ['/services/nope', 'unknown-service', 'services/404.html'],
    ['/services/Strip-Wax', 'unknown-service', 'services/404.html'],
    ['/atlantis-strip-wax', 'unknown-city-service', 'not-found/city-service.html'],
    ['/strip-wax', 'unknown-city-service', 'not-found/city-service.html'],
    ['/atlantis-routine-janitorial', 'unknown-city-service', 'not-found/city-service.html'],
    ['/-janitorial', 'no-segment', 'not-found/page.html'],
    ['/atlantis-strip-wax-janitorial', 'unparseable-janitorial', 'services/404.html'],
    ['/boise-janitorial', 'unparseable-janitorial', 'services/404.html'],
    ['/nope', '404', '404.html'],
    ['/about/', '404', '404.html'],
    ['/services', '404', '404.html'],
    ['/services/strip-wax/extra', '404', '404.html'],
    ['/a/boise-strip-wax', '404', '404.html'],
  ])('answers %s with the %s variant (%s)', (path, variant, file) => {
    const match = matchRoute(path, ctx)
    expect(match).toMatchObject({ kind: 'not-found', variant })
    expect(notFoundFile(variant as NotFoundVariant)).toBe(file)
  })

  it('shows what it parsed for the debug box', () => {
    expect(matchRoute('/atlantis-deep-cleaning', ctx)).toEqual({
      kind: 'not-found',
      lang: 'en',
      variant: 'unknown-city-service',
      parsed: { citySlug: 'atlantis', serviceSlug: 'deep-cleaning' },
    })
  })

  it('does not treat a header alias as a service in city paths', () => {
    expect(matchRoute('/boise-move-in-out', ctx)).toMatchObject({ kind: 'not-found', variant: '404' })
  })

  it('does not mistake inherited object keys for aliases', () => {
    expect(matchRoute('/services/constructor', ctx)).toMatchObject({ kind: 'not-found', variant: 'unknown-service' })
  })
})

describe('city hub paths', () => {
  it.each([
    ['/local-services/boise', { kind: 'city', lang: 'en', citySlug: 'boise' }],
    ['/local-services/springfield-il', { kind: 'city', lang: 'en', citySlug: 'springfield-il' }],
    ['/local-services/montreal', { kind: 'city', lang: 'en', citySlug: 'montreal' }],
    ['/fr/services-locaux/montreal', { kind: 'city', lang: 'fr', citySlug: 'montreal' }],
  ])('routes %s to the hub of its city', (path, expected) => {
    expect(matchRoute(path, ctx)).toEqual(expected)
  })

  it.each([
    ['/local-services/atlantis', 'en'],
    ['/local-services/boise/strip-wax', 'en'],
    ['/local-services/', 'en'],
    ['/fr/services-locaux/boise', 'fr'],
    ['/fr/local-services/montreal', 'fr'],
    ['/services-locaux/montreal', 'en'],
  ])('answers %s, which names no hub, with the 404 screen', (path, lang) => {
    expect(matchRoute(path, ctx)).toEqual({ kind: 'not-found', lang, variant: '404', parsed: null })
  })

  it('builds the hub paths the route table reads', () => {
    expect(cityHubPath('boise')).toBe('/local-services/boise')
    expect(cityHubPath('trois-rivieres', 'fr')).toBe('/fr/services-locaux/trois-rivieres')
    expect(matchRoute(cityHubPath('trois-rivieres', 'fr'), { ...ctx, fr: { ...ctx.fr, hasCity: () => true } })).toMatchObject({ kind: 'city', lang: 'fr' })
  })
})

describe('matchRoute under /fr', () => {
  it.each([
    ['/fr', { kind: 'static', lang: 'fr', page: 'home' }],
    ['/fr/a-propos', { kind: 'static', lang: 'fr', page: 'about' }],
    ['/fr/soumission', { kind: 'static', lang: 'fr', page: 'quote' }],
    ['/fr/services-locaux', { kind: 'static', lang: 'fr', page: 'local-services' }],
    ['/fr/confidentialite', { kind: 'static', lang: 'fr', page: 'privacy' }],
    ['/fr/services/grand-menage', { kind: 'service', lang: 'fr', serviceSlug: 'deep-cleaning', viaAlias: false }],
    ['/fr/montreal-decapage-et-cirage', { kind: 'city-service', lang: 'fr', scheme: 1, citySlug: 'montreal', serviceSlug: 'strip-wax' }],
    ['/fr/montreal-entretien-menager-courant', { kind: 'city-service', lang: 'fr', scheme: 1, citySlug: 'montreal', serviceSlug: 'routine-janitorial' }],
  ])('routes %s to the French page', (path, expected) => {
    expect(matchRoute(path, ctx)).toEqual(expected)
  })

  it.each([
    ['/fr/services/strip-wax', 'unknown-service', null],
    ['/fr/boise-decapage-et-cirage', 'unknown-city-service', { citySlug: 'boise', serviceSlug: 'decapage-et-cirage' }],
    ['/fr/montreal-strip-wax', '404', null],
    ['/fr/montreal-decapage-et-cirage-janitorial', '404', null],
    ['/fr/about', '404', null],
    ['/fr/', '404', null],
  ])('answers %s with the French %s screen', (path, variant, parsed) => {
    expect(matchRoute(path, ctx)).toEqual({ kind: 'not-found', lang: 'fr', variant, parsed })
  })

  it('keeps /french and /frites English', () => {
    expect(matchRoute('/french', ctx)).toMatchObject({ kind: 'not-found', lang: 'en', variant: '404' })
  })
})
