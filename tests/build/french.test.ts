// The French pages (docs/architecture.md, "French pages"): which exist, their language, their reciprocal hreflang links, the
// language switch, the French form and the French not-found screens.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { NodeType, parse, type HTMLElement, type Node } from 'node-html-parser'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { pageModels } from '../../src/pages/entries'
import { searchStatus } from '../../src/pages/searchStatus'
import { siteDecision } from '../../src/build/keptMeasure'
import { isNoindex } from '../../src/pages/head'
import { fileForPath } from '../../src/urls/paths'
import { STATIC_PATHS } from '../../src/urls/routes'
import { frenchTypographyProblems } from '../helpers/frenchTypography'
import { byText, DIST, meta, page, text, texts } from './dist'

const catalogue = loadCatalogue()
const SITE = catalogue.site.siteUrl
const french = catalogue.cities.filter((c) => c.french)
const english = catalogue.cities.filter((c) => !c.french)

/** Whether a page asks search engines not to index it. */
const noindexed = (built: ReturnType<typeof page>) => /^noindex/.test(built.querySelector('meta[name="robots"]')?.getAttribute('content') ?? '')
/** The hreflang links of a page (its URL, or the page parsed): hreflang → absolute URL. */
const alternates = (of: string | ReturnType<typeof page>) =>
  Object.fromEntries<string | undefined>(
    (typeof of === 'string' ? page(of) : of)
      .querySelectorAll('link[rel="alternate"][hreflang]')
      .map((l) => [l.getAttribute('hreflang') ?? '', l.getAttribute('href')]),
  )

/**
 * The text a reader gets of `node`, as written (no-break spaces kept): its text nodes, not those of <script> or <style>,
 * nor those of a part in another language (`lang="en"`: the language switch, the English pages' links). Block elements
 * end with a line break, so that the text of one does not run into the next.
 */
function frenchText(node: Node): string {
  if (node.nodeType === NodeType.TEXT_NODE) return node.text
  if (node.nodeType !== NodeType.ELEMENT_NODE) return ''
  const element = node as HTMLElement
  const tag = element.tagName?.toLowerCase()
  if (tag === 'script' || tag === 'style') return '\n'
  const lang = element.getAttribute('lang')
  if (lang && !lang.startsWith('fr')) return '\n'
  const inner = element.childNodes.map(frenchText).join('')
  return tag && !INLINE.has(tag) ? `${inner}\n` : inner
}
const INLINE = new Set(['a', 'abbr', 'b', 'br', 'cite', 'code', 'em', 'i', 'img', 'kbd', 'q', 's', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'svg'])

describe('French pages', () => {
  it('exist for every city of the provinces site.yaml names (Québec), for every service, and for no other city', () => {
    expect(catalogue.site.french.provinces).toEqual(['QC'])
    expect(french.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Montréal', 'Québec', 'Laval', 'Gatineau', 'Longueuil', 'Sherbrooke', 'Lévis', 'Saguenay', 'Trois-Rivières', 'Terrebonne']),
    )
    expect(french.every((c) => c.state === 'QC')).toBe(true)
    for (const city of french) {
      for (const service of catalogue.services) expect(existsSync(path.join(DIST, fileForPath(`/fr/${city.slug}-${service.fr.slug}`)))).toBe(true)
    }
    for (const city of english.slice(0, 50)) expect(existsSync(path.join(DIST, fileForPath(`/fr/${city.slug}-${catalogue.services[0]!.fr.slug}`)))).toBe(false)
  })

  it('are in French for Québec readers: <html lang="fr-CA">, French headings, the form in French', () => {
    const city = catalogue.cityBySlug.get('montreal')!
    const service = catalogue.serviceBySlug.get('strip-wax')!
    const p = page(`/fr/montreal-${service.fr.slug}`)
    expect(p.html.startsWith('<!DOCTYPE html><html lang="fr-CA">')).toBe(true)
    expect(texts(p, 'h1')).toEqual([`${service.fr.title} à ${city.displayName}`])
    expect(text(p.querySelector('main'))).toContain(service.fr.localDescription.replaceAll('{city}', city.displayName))
    expect(p.querySelector('label[for="quote-name"]')?.textContent).toMatch(/^Nom/)
    expect(p.querySelector('label[for="quote-email"]')?.textContent).toMatch(/^Courriel/)
    expect(p.querySelector('#quote-service option')?.textContent).toBe('Choisir un service')
    expect(
      p
        .querySelectorAll('#quote-service option')
        .slice(1)
        .map((o) => o.textContent),
    ).toEqual(catalogue.site.french.quoteServiceChoices)
    expect(p.querySelector('#quote-service option[selected]')?.getAttribute('value')).toBe(catalogue.quoteChoiceOf.fr['strip-wax'])
    expect(byText(p, 'button', 'Envoyer la demande')).toBeDefined()
    expect(p.querySelector('[data-quote-island]')?.getAttribute('data-lang')).toBe('fr')
    expect(texts(p, 'header nav a')).toContain('Soumission')
    // The nearest cities' distances, said once to be straight lines (issue 39).
    expect(p.querySelector('[data-nearby-cities] p')?.textContent).toBe('Distances à vol d’oiseau\u00a0:')
    expect(texts(p, '[data-nearby-cities] li')[0]).toMatch(/ \(\d+ km\)$/)
  })

  it('carry reciprocal hreflang links with their English counterparts, each its own canonical, English the default', () => {
    const pairs: [string, string][] = [
      // The thank-you page after a form post is noindex: no hreflang (see the next test).
      ...(Object.keys(STATIC_PATHS.en) as (keyof typeof STATIC_PATHS.en)[])
        .filter((p) => p !== 'thank-you')
        .map((p): [string, string] => [STATIC_PATHS.en[p], STATIC_PATHS.fr[p]]),
      ...catalogue.services.map((s): [string, string] => [`/services/${s.slug}`, `/fr/services/${s.fr.slug}`]),
      ...french.flatMap((c) => catalogue.services.map((s): [string, string] => [`/${c.slug}-${s.slug}-janitorial`, `/fr/${c.slug}-${s.fr.slug}`])),
      ...french.map((c): [string, string] => [`/local-services/${c.slug}`, `/fr/services-locaux/${c.slug}`]),
    ]
    const bad: string[] = []
    let both = 0
    for (const [en, fr] of pairs) {
      // hreflang links only pages indexed in both languages (a city page may be kept out: src/seo/searchIndex.ts).
      const indexed = !noindexed(page(en)) && !noindexed(page(fr))
      if (indexed) both++
      const expected = indexed ? { en: `${SITE}${en}`, 'fr-CA': `${SITE}${fr}`, 'x-default': `${SITE}${en}` } : {}
      for (const [url, canonical] of [
        [en, en],
        [fr, fr],
      ]) {
        const built = page(url!)
        const links = JSON.stringify(alternates(built))
        if (links !== JSON.stringify(expected)) bad.push(`${url}: ${links}`)
        if (built.querySelector('link[rel="canonical"]')?.getAttribute('href') !== `${SITE}${canonical}`) bad.push(`${url}: canonical`)
      }
    }
    expect(bad).toEqual([])
    // The indexable static pages: home, about, contact, quote, directory, privacy notice; the services, the city pages, the hubs.
    expect(pairs.length).toBe(6 + 16 + french.length * 16 + french.length)
    expect(both).toBeGreaterThanOrEqual(6 + 16)
  })

  it('have no hreflang where there is no counterpart or no indexing: other cities, scheme-1 twins, aliases, not-found and thank-you pages', () => {
    for (const url of [
      '/boise-strip-wax-janitorial',
      '/montreal-strip-wax',
      '/services/move-in-out',
      '/404',
      '/fr/404',
      '/services/404',
      '/fr/services/404',
      '/thank-you',
      '/fr/merci',
    ])
      expect(alternates(url)).toEqual({})
  })

  it('are in the sitemap, beside the English ones, unless kept out of the index as the English ones are', () => {
    const sitemap = readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8')
    const frenchPages = pageModels(catalogue).filter((m) => m.lang === 'fr' && !isNoindex(m))
    expect(frenchPages).toHaveLength(6 + 16 + french.length * 16 + french.length)
    // What the build decided, from the measure it kept (src/build/keptMeasure.ts).
    const decision = siteDecision(catalogue)
    for (const model of frenchPages) {
      const search =
        model.kind === 'city' || model.kind === 'city-service'
          ? searchStatus(decision, model.city, 'fr', model.kind === 'city-service' ? model.service : undefined)
          : undefined
      const out = isNoindex(model, search)
      expect(sitemap.includes(`<loc>${SITE}${model.path}</loc>`)).toBe(!out)
      // Kept out in French words' measure: the page says so itself, and still lets crawlers follow its links.
      expect(noindexed(page(model.path))).toBe(out)
    }
  })

  it('have a visible language switch in the header where a counterpart exists, and none elsewhere', () => {
    const sw = (url: string) => page(url).querySelector('header [data-language-switch]')
    /** The switch's name (phones show the language's code, FR or EN, hidden from screen readers). */
    const name = (url: string) =>
      text(
        sw(url)
          ?.querySelectorAll('span')
          .find((s) => s.getAttribute('aria-hidden') !== 'true'),
      )
    const code = (url: string) => text(sw(url)?.querySelector('span[aria-hidden="true"]'))
    expect(sw('/montreal-deep-cleaning-janitorial')?.getAttribute('href')).toBe(`/fr/montreal-${catalogue.serviceBySlug.get('deep-cleaning')!.fr.slug}`)
    expect(name('/montreal-deep-cleaning-janitorial')).toBe('Français')
    expect(code('/montreal-deep-cleaning-janitorial')).toBe('FR')
    expect(sw('/montreal-deep-cleaning')?.getAttribute('href')).toBe(`/fr/montreal-${catalogue.serviceBySlug.get('deep-cleaning')!.fr.slug}`)
    expect(sw('/fr/a-propos')?.getAttribute('href')).toBe('/about')
    expect(name('/fr/a-propos')).toBe('English')
    expect(code('/fr/a-propos')).toBe('EN')
    expect(sw('/about')?.getAttribute('lang')).toBe('fr-CA')
    expect(sw('/boise-deep-cleaning-janitorial')).toBeNull()
    expect(sw('/404')).toBeNull()
  })

  it('list the French city pages in the French directory', () => {
    const p = page('/fr/services-locaux')
    const links = p.querySelectorAll('[data-major-cities] a').map((a) => a.getAttribute('href')!)
    expect(links.length).toBe(french.length * 3)
    expect(links.every((href) => href.startsWith('/fr/'))).toBe(true)
    for (const city of french) expect(links).toContain(`/fr/${city.slug}-${catalogue.services[0]!.fr.slug}`)
  })

  // Issue 39: « À propos d’Evergreen », not « À propos de Evergreen »; « Lieux\u00a0: », not « Lieux: ».
  it('elide « de », « que », « le »… before a vowel and put a no-break space before « ; : ! ? », in all their text', () => {
    const read = (file: string) => parse(readFileSync(path.join(DIST, file), 'utf8'), { blockTextElements: { script: true, style: true } })
    const files = readdirSync(path.join(DIST, 'fr'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'))
    expect(files.length).toBeGreaterThan(french.length * 16)
    const problems = files.flatMap((file) => frenchTypographyProblems(frenchText(read(`fr/${file}`).querySelector('html')!)).map((p) => `fr/${file}: ${p}`))
    // The French screens that the English folders' not-found pages carry for a French path (src/client/notFound.ts).
    for (const file of ['404.html', 'services/404.html']) {
      const screens = read(file).querySelectorAll('template[data-screen^="fr:"]')
      expect(screens.length).toBeGreaterThan(0)
      for (const screen of screens) problems.push(...frenchTypographyProblems(frenchText(screen)).map((p) => `${file}: ${p}`))
    }
    expect(problems).toEqual([])
  })

  it('have not-found screens in French under /fr', () => {
    const service = page('/fr/services/404')
    expect(service.html.startsWith('<!DOCTYPE html><html lang="fr-CA">')).toBe(true)
    expect(texts(service.querySelector('[data-not-found-view]')!, 'h1')).toEqual(['Service introuvable'])
    expect(text(service.querySelector('[data-not-found-view] p'))).toBe('Le service que vous cherchez n’existe pas.')
    expect(meta(service, 'robots')).toBe('noindex')
    const cityService = page('/fr/introuvable/ville-service')
    expect(text(cityService.querySelector('[data-debug-box] p'))).toBe('Renseignements de débogage')
    const root = page('/fr/404')
    expect(texts(root.querySelector('[data-not-found-view]')!, 'h1')).toEqual(['Oups ! Page introuvable']) // (text() folds the non-breaking space)
    expect(byText(root, 'main a', 'Retour à l’accueil')?.getAttribute('href')).toBe('/fr')
  })
})
