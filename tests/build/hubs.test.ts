// The city hubs, the directory's A–Z list and finder, and the folded 'Available in' of the service pages (issue 15).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { DIST, byText, hrefs, page, text, texts } from './dist'

const catalogue = loadCatalogue()
const { cities, services } = catalogue
const SITE = catalogue.site.siteUrl
const french = cities.filter((c) => c.french)
const sitemap = readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8')
/** The hreflang links of a page: hreflang → absolute URL. */
const alternates = (url: string) =>
  Object.fromEntries<string | undefined>(
    page(url)
      .querySelectorAll('link[rel="alternate"][hreflang]')
      .map((l) => [l.getAttribute('hreflang') ?? '', l.getAttribute('href')]),
  )
const breadcrumbs = (url: string) => {
  const items = JSON.parse(page(url).querySelector('script[type="application/ld+json"]')!.textContent) as {
    '@type': string
    itemListElement?: { position: number; name: string; item: { '@id': string } }[]
  }[]
  return items.find((i) => i['@type'] === 'BreadcrumbList')?.itemListElement?.map((e) => [e.position, e.name, e.item['@id']])
}

describe('city hubs', () => {
  it('exist for every city in English, and in French for every city with French pages', () => {
    for (const city of cities) expect(page(`/local-services/${city.slug}`).querySelector('[data-city-hub]')?.getAttribute('data-city-hub')).toBe(city.slug)
    for (const city of french) expect(page(`/fr/services-locaux/${city.slug}`).querySelector('[data-city-hub]')?.getAttribute('data-city-hub')).toBe(city.slug)
  })

  it('show the city and its state, its 16 services (linking its canonical pages), its local conditions, the phone and the quote form', () => {
    const p = page('/local-services/springfield-il')
    expect(texts(p, 'h1')).toEqual(['Cleaning Services in Springfield, IL'])
    expect(text(p.querySelector('main'))).toContain('Springfield, Illinois · United States')
    expect(hrefs(p, '[data-hub-services] a')).toEqual(services.map((s) => `/springfield-il-${s.slug}-janitorial`))
    expect(texts(p, '[data-hub-services] a')).toEqual(services.map((s) => `${s.icon}${s.title}`))
    const local = text(p.querySelector('[data-hub-local]'))
    expect(local).toContain(`Climate region: ${catalogue.climateRegions.get('great-lakes-northeast')!.name}`)
    expect(local).toContain('Central Time: visits, calls and quotes for Springfield, IL are scheduled in local time.')
    expect(text(p.querySelector('main'))).toContain(catalogue.site.phone)
    expect(p.querySelector('[data-quote-island] form')).not.toBeNull()
    // The request says which city it came from, as on the city's service pages.
    expect(p.querySelector('[data-quote-island] input[name="city"]')?.getAttribute('value')).toBe('springfield-il')
    expect(p.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/local-services/springfield-il`)

    const fr = page('/fr/services-locaux/trois-rivieres')
    expect(texts(fr, 'h1')).toEqual(['Services d’entretien à Trois-Rivières'])
    expect(text(fr.querySelector('main'))).toContain('Trois-Rivières, Québec · Canada')
    expect(hrefs(fr, '[data-hub-services] a')).toEqual(services.map((s) => `/fr/trois-rivieres-${s.fr.slug}`))
    expect(text(fr.querySelector('[data-hub-local] h2'))).toBe('Conditions locales à Trois-Rivières')
    expect(fr.querySelector('[data-quote-island]')?.getAttribute('data-lang')).toBe('fr')
  })

  it('list the nearest served cities with their distances, said once to be in a straight line (issue 39)', () => {
    const en = page('/local-services/boise')
    expect(text(en.querySelector('#nearest-heading'))).toBe('Nearest served cities')
    expect(en.querySelector('[data-hub-nearest] p')?.textContent).toBe('Distances in a straight line, nearest first:')
    expect(texts(en, '[data-hub-nearest] li')[0]).toMatch(/^[^()]+, [A-Z]{2} \(\d{1,3}(,\d{3})? mi\)$/)
    const distances = en.querySelectorAll('[data-hub-nearest] [data-distance]').map((d) => Number(d.getAttribute('data-distance')))
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    const fr = page('/fr/services-locaux/montreal')
    expect(fr.querySelector('[data-hub-nearest] p')?.textContent).toBe('Distances à vol d’oiseau, de la plus proche à la plus éloignée\u00a0:')
    expect(texts(fr, '[data-hub-nearest] li')[0]).toMatch(/ \(\d+ km\)$/)
  })

  it('are in the sitemap unless kept out of the index, each its own canonical URL, with reciprocal hreflang where a French twin exists and both are indexed', () => {
    const noindexed = (url: string) => page(url).querySelector('meta[name="robots"]')?.getAttribute('content') === 'noindex, follow'
    const listed = (url: string) => sitemap.includes(`<loc>${SITE}${url}</loc>`)
    for (const city of cities) expect(listed(`/local-services/${city.slug}`)).toBe(!noindexed(`/local-services/${city.slug}`))
    // A hub whose sentences are another's is out (issue 54: its lists of towns and codes are no substance); the
    // directory, which lists every city and holds the finder, is the page for "where we clean".
    expect(noindexed('/local-services/boise')).toBe(true)
    expect(listed('/local-services')).toBe(true)
    for (const city of french) {
      const [en, fr] = [`/local-services/${city.slug}`, `/fr/services-locaux/${city.slug}`]
      const expected = noindexed(en) || noindexed(fr) ? {} : { en: `${SITE}${en}`, 'fr-CA': `${SITE}${fr}`, 'x-default': `${SITE}${en}` }
      expect(listed(fr)).toBe(!noindexed(fr))
      expect(alternates(en)).toEqual(expected)
      expect(alternates(fr)).toEqual(expected)
      expect(page(`/local-services/${city.slug}`).querySelector('header [data-language-switch]')?.getAttribute('href')).toBe(`/fr/services-locaux/${city.slug}`)
    }
    expect(alternates('/local-services/boise')).toEqual({})
    expect(page('/local-services/boise').querySelector('header [data-language-switch]')).toBeNull()
  })

  it('carry the breadcrumbs Home › Local services › {City}, and city pages Home › Local services › {City} › {Service}', () => {
    expect(breadcrumbs('/local-services/boise')).toEqual([
      [1, 'Home', `${SITE}/`],
      [2, 'Local services', `${SITE}/local-services`],
      [3, 'Boise', `${SITE}/local-services/boise`],
    ])
    const city = [
      [1, 'Home', `${SITE}/`],
      [2, 'Local services', `${SITE}/local-services`],
      [3, 'Boise', `${SITE}/local-services/boise`],
      [4, 'Strip & Wax', `${SITE}/boise-strip-wax-janitorial`],
    ]
    expect(breadcrumbs('/boise-strip-wax-janitorial')).toEqual(city)
    expect(breadcrumbs('/boise-strip-wax')).toEqual(city)
    const stripWax = catalogue.serviceBySlug.get('strip-wax')!.fr
    expect(breadcrumbs(`/fr/montreal-${stripWax.slug}`)).toEqual([
      [1, 'Accueil', `${SITE}/fr`],
      [2, 'Services locaux', `${SITE}/fr/services-locaux`],
      [3, 'Montréal', `${SITE}/fr/services-locaux/montreal`],
      [4, stripWax.title, `${SITE}/fr/montreal-${stripWax.slug}`],
    ])
    // The visible trail links the hub from every city page.
    expect(hrefs(page('/springfield-ma-day-porter').querySelector('[data-breadcrumbs]')!, 'a')).toEqual([
      '/',
      '/local-services',
      '/local-services/springfield-ma',
      '/springfield-ma-day-porter',
    ])
    expect(hrefs(page(`/fr/montreal-${stripWax.slug}`).querySelector('[data-breadcrumbs]')!, 'a')[2]).toBe('/fr/services-locaux/montreal')
  })
})

describe('the directory', () => {
  const p = page('/local-services')
  it('says what is true: every town is served, and how many cities have their own pages', () => {
    expect(text(p.querySelector('h1')!.parentNode)).toContain(
      `Janitorial and cleaning crews for every town and city of the USA and Canada: ${cities.length} cities have their own pages here, and the crews of the nearest one come to yours.`,
    )
    expect(text(byText(p, 'h2', 'Local Service Areas')!.parentNode)).toContain(`Each service in the ${cities.length} cities with their own pages.`)
    expect(p.html).not.toContain('100+')
  })

  it('lists every city A–Z, grouped by state and province, each linking its hub', () => {
    const list = p.querySelector('#cities-a-z')!
    expect(text(list.querySelector('h2'))).toBe('Every city with its own pages, A–Z')
    const groups = list.querySelectorAll('details[data-state]')
    expect(groups).toHaveLength(new Set(cities.map((c) => `${c.country}-${c.state}`)).size)
    const listed = groups.flatMap((g) => g.querySelectorAll('a').map((a) => `${a.getAttribute('href')} ${g.getAttribute('data-state')}`))
    expect(listed.sort()).toEqual(cities.map((c) => `/local-services/${c.slug} ${c.state}`).sort())
    const illinois = groups.find((g) => g.getAttribute('data-state') === 'IL')!
    expect(text(illinois.querySelector('summary'))).toBe(`Illinois (${cities.filter((c) => c.state === 'IL').length})`)
    const names = texts(illinois, 'a')
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
  })

  it('has the finder, which the home hero leads to, and which says in words that every town is served', () => {
    expect(byText(page('/'), 'a', 'Find Local Services')?.getAttribute('href')).toBe('/local-services#find')
    const finder = p.querySelector('#find')!
    expect(text(finder.querySelector('h2'))).toBe('Find cleaning near you')
    const claim = finder.querySelector('[data-city-finder-claim]')!
    expect(text(claim)).toContain(`We serve every town and city of the USA and Canada. ${cities.length} cities have their own pages here`)
    expect(byText(claim, 'a', 'Get a free quote for your town')?.getAttribute('href')).toBe('/quote')
    const input = finder.querySelector('input')!
    expect(text(finder.querySelector(`label[for="${input.getAttribute('id')}"]`))).toBe('Town, ZIP or postal code')
    // Without JavaScript, the form leads to the A–Z list; 'Use my location' shows only where the script runs.
    expect(finder.querySelector('form')?.getAttribute('action')).toBe('#cities-a-z')
    expect(finder.querySelector('[data-city-finder-locate]')?.classList.contains('hidden')).toBe(true)
    expect(finder.querySelector('[role="status"]')).not.toBeNull()
  })

  it('in French, lists the cities with French pages and the finder', () => {
    const fr = page('/fr/services-locaux')
    expect(hrefs(fr, '#cities-a-z details a').sort()).toEqual(french.map((c) => `/fr/services-locaux/${c.slug}`).sort())
    expect(text(fr.querySelector('#find h2'))).toBe('Trouver nos services près de chez vous')
    expect(text(fr.querySelector('[data-city-finder-claim]'))).toContain('Nous desservons toutes les villes et municipalités du Canada et des États-Unis.')
    expect(byText(page('/fr'), 'a', 'Trouver un service près de chez vous')?.getAttribute('href')).toBe('/fr/services-locaux#find')
  })
})

describe("a service page's 'Available in'", () => {
  it('folds the cities by state and province, each group a <details>, every city once', () => {
    const p = page('/services/strip-wax')
    const section = p.querySelector('[data-available-in]')!
    expect(text(section.querySelector('h2'))).toBe('Available in')
    const groups = section.querySelectorAll('details[data-state]')
    expect(groups.length).toBe(new Set(cities.map((c) => `${c.country}-${c.state}`)).size)
    expect(groups.every((g) => g.getAttribute('open') === undefined)).toBe(true)
    expect(hrefs(section, 'details a').sort()).toEqual(cities.map((c) => `/${c.slug}-strip-wax-janitorial`).sort())
    expect(texts(section, 'h3')).toEqual(['United States', 'Canada'])
  })
})

describe('the coverage map', () => {
  const mapLinks = (file: string) => [...readFileSync(path.join(DIST, file), 'utf8').matchAll(/<a href="([^"]+)"/g)].map((m) => m[1])

  it('is one shared file per language whose dots link every served city, shown on the directory with its credits', () => {
    expect(mapLinks('coverage-map.svg').sort()).toEqual(cities.map((c) => `/local-services/${c.slug}`).sort())
    expect(mapLinks('fr/coverage-map.svg').sort()).toEqual(french.map((c) => `/fr/services-locaux/${c.slug}`).sort())
    for (const [url, file] of [
      ['/local-services', '/coverage-map.svg'],
      ['/fr/services-locaux', '/fr/coverage-map.svg'],
    ] as const) {
      const map = page(url).querySelector('[data-coverage-map] iframe')!
      expect(map.getAttribute('src'), url).toBe(file)
      expect(map.getAttribute('loading')).toBe('lazy')
      expect(map.getAttribute('title')).toBeTruthy()
      expect(hrefs(page(url).querySelector('[data-map-credit]')!, 'a')).toContain('https://www.geonames.org/')
    }
  })

  // Issue 56: a map of the hub's own region, not the continent's.
  it('shows each hub a map of its region: the city, the towns it reaches, the reach, named in its text alternative', () => {
    const hub = page('/local-services/billings')
    const map = hub.querySelector('[data-hub-map] svg')!
    expect(hub.querySelector('[data-hub-map] img, [data-hub-map] iframe')).toBeNull()
    expect(map.innerHTML).not.toContain('coverage-map')
    const title = text(map.querySelector('title'))
    expect(map.getAttribute('aria-labelledby')).toBe(map.querySelector('title')!.getAttribute('id'))
    expect(title).toMatch(/^Map of Billings and the towns of 1,000 people or more it reaches within 60 mi in a straight line: /)
    expect(title).toContain('Laurel')
    const labels = map.querySelectorAll('text').map(text)
    expect(labels).toContain('Laurel')
    expect(labels).toContain('Billings')
    expect(labels).toContain('60 mi')
    // A dot per town of the list, the city's marker at the centre of the reach.
    expect(map.querySelectorAll('g circle').length).toBeGreaterThanOrEqual(hub.querySelectorAll('[data-hub-towns] li').length)
    const marker = map.querySelector('[data-marker]')!
    const reach = map.querySelectorAll('circle').find((c) => c.getAttribute('stroke-dasharray'))!
    expect([marker.getAttribute('cx'), marker.getAttribute('cy')]).toEqual([reach.getAttribute('cx'), reach.getAttribute('cy')])
    // In French, in km.
    const fr = page('/fr/services-locaux/laval').querySelector('[data-hub-map] svg')!
    expect(text(fr.querySelector('title'))).toMatch(/^Carte de Laval et des localités de 1 000 habitants ou plus desservies à moins de 100 km à vol d’oiseau/)
    // Every hub of a placed city has one, and the directory keeps the continent's.
    for (const city of cities) if (city.coordinates) expect(page(`/local-services/${city.slug}`).querySelector('[data-hub-map] svg'), city.slug).not.toBeNull()
    expect(page('/local-services').querySelector('[data-coverage-map] iframe')).not.toBeNull()
  })

  it('names each place once, with its state or province once, and lists as nearest only the cities within the distance of site.yaml', () => {
    const twice = /\b([A-Z]{2}), \1\b/
    const { nearby } = catalogue.site
    for (const [url, unitKm] of [
      ...cities.map((c) => [`/local-services/${c.slug}`, c.country === 'US' ? nearby.mi * 1.609344 : nearby.km] as const),
      ...french.map((c) => [`/fr/services-locaux/${c.slug}`, nearby.km] as const),
    ]) {
      const hub = page(url)
      const names = [...texts(hub, '[data-hub-nearest] li'), ...texts(hub, '[data-hub-towns] li')]
      expect(
        names.filter((n) => twice.test(n)),
        url,
      ).toEqual([])
      const section = hub.querySelector('[data-hub-nearest]')
      if (!section) continue
      const far = section.getAttribute('data-far') !== undefined
      const distances = section
        .querySelectorAll('[data-distance]')
        .map((d) => Number(d.getAttribute('data-distance')) * (d.getAttribute('data-unit') === 'mi' ? 1.609344 : 1))
      if (far) {
        // Said in words, with the three nearest.
        expect(text(section.querySelector('p')), url).toMatch(
          /^(The nearest other city we serve is .+, [\d,]+ (mi|km) away in a straight line\.|La ville desservie la plus proche est .+, à [\d ]+ km à vol d’oiseau\.)$/,
        )
        expect(distances.length, url).toBeLessThanOrEqual(3)
      } else
        expect(
          distances.every((km) => km <= unitKm + 1.6),
          url,
        ).toBe(true)
    }
    const billings = page('/local-services/billings').querySelector('[data-hub-nearest]')!
    expect(text(billings.querySelector('p'))).toMatch(/^The nearest other city we serve is [A-Z][a-z]+, [A-Z]{2}, \d{3} mi away in a straight line\.$/)
  })
})
