// Issue 16, items 4 and 5 on the built pages: the privacy notice, its links from every page and every quote form, and
// the place (city, service) each form and each 'Get Free Estimate in {city}' link carries.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { sitePaths } from '../../src/pages/entries'
import { langOfPath } from '../../src/i18n/lang'
import { byText, DIST, page, text } from './dist'

const catalogue = loadCatalogue()
const { site } = catalogue
const PRIVACY = { en: '/privacy', fr: '/fr/confidentialite' } as const

describe('the privacy notice', () => {
  it.each([
    [
      '/privacy',
      'Privacy Notice',
      [
        'name',
        'email address',
        'phone number',
        'the service you choose',
        'the city or ZIP code you give',
        'the nearest city we serve and its distance',
        'your message',
        '730 days',
        'IP address',
        'your position is then used in your browser only',
      ],
    ],
    [
      '/fr/confidentialite',
      'Politique de confidentialité',
      [
        'votre nom',
        'adresse courriel',
        'numéro de téléphone',
        'le service choisi',
        'la ville ou le code postal indiqué',
        'la ville desservie la plus proche et sa distance',
        'votre message',
        '730 jours',
        'adresse IP',
        'votre position sert alors dans votre navigateur seulement',
      ],
    ],
  ] as const)('%s says what the form collects, how long it is kept, and where to ask for a copy or deletion', (url, title, words) => {
    const p = page(url)
    expect(text(p.querySelector('h1'))).toBe(title)
    const body = p.querySelector('[data-privacy]')!
    for (const word of words) expect(text(body)).toContain(word)
    expect(body.querySelector('[data-retention-days]')?.getAttribute('data-retention-days')).toBe('730')
    expect(body.querySelector(`a[href="mailto:${site.email}"]`)).not.toBeNull()
    expect(p.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${site.siteUrl}${url}`)
    expect(p.querySelectorAll('script[src]')).toHaveLength(0)
  })

  it('is in the sitemap in both languages, the two pages linked as each other’s translation', () => {
    const sitemap = readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8')
    for (const url of Object.values(PRIVACY)) expect(sitemap).toContain(`<loc>${site.siteUrl}${url}</loc>`)
    for (const url of Object.values(PRIVACY)) {
      const alternates = page(url)
        .querySelectorAll('link[rel="alternate"]')
        .map((l) => [l.getAttribute('hreflang') ?? l.getAttribute('hrefLang'), l.getAttribute('href')])
      expect(alternates).toEqual(
        expect.arrayContaining([
          ['en', `${site.siteUrl}${PRIVACY.en}`],
          ['fr-CA', `${site.siteUrl}${PRIVACY.fr}`],
        ]),
      )
    }
  })

  it('is linked from the footer of every kind of page, in the page’s language', () => {
    const paths = sitePaths(catalogue)
    const samples = [
      ...paths.static,
      ...paths.services.filter((_, i) => i % 8 === 0),
      ...paths.cityServices.filter((p) => ['/boise-strip-wax', '/boise-strip-wax-janitorial'].includes(p) || p.startsWith('/fr/montreal-')),
      ...paths.notFound,
      ...paths.root404,
    ]
    expect(samples.length).toBeGreaterThan(40)
    for (const url of samples) {
      const link = page(url).querySelector('footer a[data-privacy-link]')
      expect(link?.getAttribute('href'), url).toBe(PRIVACY[langOfPath(url)])
    }
  })

  it('is linked in one line under every quote form’s button', () => {
    for (const url of ['/', '/contact', '/quote', '/services/strip-wax', '/boise-strip-wax', '/fr', '/fr/soumission', '/fr/montreal-decapage-et-cirage']) {
      const p = page(url)
      const forms = p.querySelectorAll('form[data-quote-form]')
      expect(forms.length, url).toBeGreaterThan(0)
      const lines = p.querySelectorAll('[data-quote-privacy]')
      expect(lines).toHaveLength(forms.length)
      expect(lines[0]!.querySelector('a')?.getAttribute('href'), url).toBe(PRIVACY[langOfPath(url)])
    }
    expect(text(page('/quote').querySelector('[data-quote-privacy]'))).toBe('We use your details only to answer your request: see our privacy notice.')
  })
})

describe('the place a quote request comes from', () => {
  it('is in the hidden fields of the city and service pages’ forms (catalogue slugs), and empty elsewhere', () => {
    const fields = (url: string) => {
      const form = page(url).querySelector('form[data-quote-form]')!
      return [form.querySelector('input[name="city"]')?.getAttribute('value'), form.querySelector('input[name="serviceSlug"]')?.getAttribute('value')]
    }
    expect(fields('/boise-strip-wax')).toEqual(['boise', 'strip-wax'])
    expect(fields('/boise-strip-wax-janitorial')).toEqual(['boise', 'strip-wax'])
    expect(fields('/fr/montreal-decapage-et-cirage')).toEqual(['montreal', 'strip-wax'])
    expect(fields('/services/strip-wax')).toEqual(['', 'strip-wax'])
    expect(fields('/quote')).toEqual(['', ''])
    expect(fields('/')).toEqual(['', ''])
  })

  it("goes with 'Get Free Estimate in {city}' to the quote page, in both languages", () => {
    const href = (url: string, label: string) => new URL(byText(page(url), 'a', label)!.getAttribute('href')!, site.siteUrl)
    const english = href('/springfield-il-day-porter-janitorial', 'Get Free Estimate in Springfield, IL')
    expect(english.pathname).toBe('/quote')
    expect(Object.fromEntries(english.searchParams)).toEqual({ city: 'springfield-il', service: 'day-porter', in: 'Springfield, IL' })
    const french = href('/fr/montreal-decapage-et-cirage', 'Obtenir une soumission gratuite à Montréal')
    expect(french.pathname).toBe('/fr/soumission')
    expect(Object.fromEntries(french.searchParams)).toEqual({ city: 'montreal', service: 'strip-wax', in: 'Montréal' })
  })
})
