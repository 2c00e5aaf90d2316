import { describe, expect, it } from 'vitest'
import { SERVICE_SLUGS } from '../../../src/catalog/services'
import type { SlugRedirect } from '../../../src/slugs/redirects'
import { cityServicePath } from '../../../src/urls/cityService'
import {
  CLOUDFLARE_LIMITS,
  createRedirectMatcher,
  NOT_FOUND_RULES,
  RedirectLimitError,
  siteRedirectRules,
  type RedirectRules,
} from '../../../src/hosting/redirects'
import { redirectedHub, redirectedUrls } from '../../../src/slugs/redirects'

const CITY = { name: 'X', state: 'ID', country: 'US' }
const moved = (from: string, to: string): SlugRedirect => ({ from, to, city: CITY })
const removed = (from: string): SlugRedirect => ({ from, to: null, city: CITY })
/** The pages of cities with these live slugs, and a few others. */
const pagesOf = (...slugs: string[]) => [
  '/',
  '/about',
  '/local-services',
  ...slugs.flatMap((slug) => SERVICE_SLUGS.flatMap((s) => [cityServicePath(slug, s, 1), cityServicePath(slug, s, 2)])),
]
const site = (...liveSlugs: string[]) => ({ serviceSlugs: SERVICE_SLUGS, pagePaths: pagesOf(...liveSlugs) })
const follow = (rules: RedirectRules, path: string) => createRedirectMatcher(rules)(path)

describe('siteRedirectRules', () => {
  it('holds only the not-found rules when no URL ever changed', () => {
    expect(siteRedirectRules([], site('boise'))).toEqual(NOT_FOUND_RULES)
  })

  it('writes one static 301 rule per old URL, statics before dynamics', () => {
    const rules = siteRedirectRules([moved('boise', 'boise-city'), removed('aurora')], site('boise-city'))
    expect(rules.static).toHaveLength(1 + 66)
    expect(rules.static[0]).toEqual(NOT_FOUND_RULES.static[0])
    expect(rules.static).toContainEqual({ from: '/local-services/boise', to: '/local-services/boise-city', status: 301 })
    expect(rules.static).toContainEqual({ from: '/local-services/aurora', to: '/local-services', status: 301 })
    expect(rules.static).toContainEqual({ from: '/boise-office-cleaning', to: '/boise-city-office-cleaning', status: 301 })
    expect(rules.static).toContainEqual({ from: '/aurora-office-cleaning-janitorial', to: '/services/office-cleaning', status: 301 })
    expect(rules.dynamic).toEqual(NOT_FOUND_RULES.dynamic)
  })

  it('never writes a rule for a URL that is a page of the site', () => {
    // An old slug "springfield" and a live city "springfield-strip" share no URL, but if they did the page would win.
    const rules = siteRedirectRules([moved('springfield', 'springfield-mo')], {
      serviceSlugs: SERVICE_SLUGS,
      pagePaths: [...pagesOf('springfield-mo'), '/springfield-day-porter'],
    })
    expect(rules.static.map((r) => r.from)).not.toContain('/springfield-day-porter')
    expect(rules.static).toHaveLength(1 + 31 + 1)
  })

  it('covers cities with one dynamic rule each (and their hub) once 33 static rules per city would pass 2,000', () => {
    const redirects = Array.from({ length: 70 }, (_, i) => moved(`old-${String(i).padStart(2, '0')}`, `new-${i}`))
    const rules = siteRedirectRules(redirects, site(...redirects.map((r) => r.to!)))
    expect(rules.static.length).toBeLessThanOrEqual(CLOUDFLARE_LIMITS.static)
    // 60 cities keep their 33 static rules; 10 get one dynamic rule and keep the static rule of their hub.
    expect(rules.static).toHaveLength(1 + 60 * 33 + 10)
    expect(rules.dynamic).toHaveLength(10 + NOT_FOUND_RULES.dynamic.length)
    expect(rules.dynamic).toContainEqual({ from: '/old-00-*', to: '/new-0-:splat', status: 301 })
    // Every old URL still reaches its new one.
    for (const r of redirects)
      for (const url of [...redirectedUrls(r, SERVICE_SLUGS), redirectedHub(r)]) expect(follow(rules, url.from)).toEqual({ location: url.to, status: 301 })
  })

  it('keeps static rules for a slug that starts the slug of a live city (a dynamic rule would catch its pages)', () => {
    const many = Array.from({ length: 62 }, (_, i) => moved(`old-${String(i).padStart(2, '0')}`, `new-${i}`))
    const rules = siteRedirectRules([...many, moved('springfield', 'springfield-mo')], site(...many.map((r) => r.to!), 'springfield-mo'))
    expect(rules.dynamic.map((r) => r.from)).not.toContain('/springfield-*')
    expect(follow(rules, '/springfield-mo-strip-wax')).toBeUndefined()
    expect(follow(rules, '/springfield-strip-wax')).toEqual({ location: '/springfield-mo-strip-wax', status: 301 })
  })

  it('covers a removed city with three rules when it must, routine-janitorial included', () => {
    const many = Array.from({ length: 61 }, (_, i) => removed(`gone-${String(i).padStart(2, '0')}`))
    const rules = siteRedirectRules(many, site())
    expect(rules.static).toHaveLength(1 + 60 * 33 + 2)
    expect(rules.static).toContainEqual({ from: '/gone-00-routine-janitorial', to: '/services/routine-janitorial', status: 301 })
    expect(rules.static).toContainEqual({ from: '/local-services/gone-00', to: '/local-services', status: 301 })
    expect(rules.dynamic).toEqual([
      { from: '/gone-00-:service-janitorial', to: '/services/:service', status: 301 },
      { from: '/gone-00-*', to: '/services/:splat', status: 301 },
      ...NOT_FOUND_RULES.dynamic,
    ])
    for (const url of redirectedUrls(many[0]!, SERVICE_SLUGS)) expect(follow(rules, url.from)).toEqual({ location: url.to, status: 301 })
  })

  it('fails with what to do when Cloudflare could not hold the rules', () => {
    const redirects = Array.from({ length: 200 }, (_, i) => moved(`old-${i}`, `new-${i}`))
    expect(() => siteRedirectRules(redirects, site(...redirects.map((r) => r.to!)))).toThrow(RedirectLimitError)
    expect(() => siteRedirectRules(redirects, site(...redirects.map((r) => r.to!)))).toThrow(
      /The old URLs of 200 cities need more redirect rules than Cloudflare allows \(1993 static and 147 dynamic rules; the limits are 2,000 and 100\)\. Retire the oldest redirects: delete their rows \(status "moved" or "removed"\) from data\/city-slugs\.csv/,
    )
  })
})

describe('createRedirectMatcher', () => {
  const rules: RedirectRules = {
    static: [{ from: '/a-x', to: '/b-x', status: 301 }],
    dynamic: [
      { from: '/c-:service-janitorial', to: '/services/:service', status: 301 },
      { from: '/c-*', to: '/d-:splat', status: 301 },
    ],
  }
  it('matches static rules exactly, then dynamic ones in order, as Cloudflare does', () => {
    expect(follow(rules, '/a-x')).toEqual({ location: '/b-x', status: 301 })
    expect(follow(rules, '/a-xy')).toBeUndefined()
    expect(follow(rules, '/c-strip-wax-janitorial')).toEqual({ location: '/services/strip-wax', status: 301 })
    expect(follow(rules, '/c-strip-wax')).toEqual({ location: '/d-strip-wax', status: 301 })
    expect(follow(rules, '/c-a/b')).toEqual({ location: '/d-a/b', status: 301 })
    expect(follow(rules, '/x-c-strip-wax')).toBeUndefined()
  })
  it('lets a placeholder match no slash', () => {
    expect(follow({ static: [], dynamic: [rules.dynamic[0]!] }, '/c-a/b-janitorial')).toBeUndefined()
  })
})
