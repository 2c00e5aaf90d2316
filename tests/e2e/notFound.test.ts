import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../../scripts/lib/browser'
import { startPlainStaticHost } from '../../server/plainHost'
import { emptyDatabase, startLocalServer, type LocalServer } from './localServer'

let browser: Browser
let host: Awaited<ReturnType<typeof startPlainStaticHost>>
beforeAll(async () => {
  ;[browser, host] = await Promise.all([launchBrowser(), startPlainStaticHost()])
})
afterAll(async () => {
  await browser?.close()
  await host?.close()
})

/** On a host that serves the root 404.html for every miss, the page shows the screen that fits the path. */
describe('the root 404.html on a plain static host', () => {
  it.each([
    ['/nope', 'Oops! Page not found', 'Return to Home'],
    ['/services/nope', 'Service Not Found', "The service you're looking for doesn't exist."],
    ['/-janitorial', 'Page Not Found', "The page you're looking for doesn't exist."],
    ['/atlantis-strip-wax-janitorial', 'Service Not Found', "The service you're looking for doesn't exist."],
    ['/atlantis-strip-wax', 'Service Not Found', "The service or location you're looking for doesn't exist."],
  ])('%s shows %j', async (path, heading, words) => {
    const page = await browser.newPage()
    const messages: string[] = []
    page.on('console', (m) => messages.push(m.text()))
    const response = await page.goto(`${host.url}${path}`)
    expect(response?.status()).toBe(404)
    expect(await page.locator('h1').allTextContents()).toEqual([heading])
    expect(await page.locator('main').textContent()).toContain(words)
    expect(messages.join('\n')).toContain(path)
    await page.close()
  })

  it.each([
    ['/fr/nope', 'Oups\u00a0! Page introuvable', 'Retour à l’accueil'],
    ['/fr/services/nope', 'Service introuvable', 'Le service que vous cherchez n’existe pas.'],
    ['/fr/atlantis-grand-menage', 'Service introuvable', 'Le service ou l’endroit que vous cherchez n’existe pas.'],
  ])('%s shows %j in French', async (path, heading, words) => {
    const page = await browser.newPage()
    const response = await page.goto(`${host.url}${path}`)
    expect(response?.status()).toBe(404)
    expect(await page.locator('h1').allTextContents()).toEqual([heading])
    expect(await page.locator('main').textContent()).toContain(words)
    expect(await page.locator('main [lang="fr-CA"], html[lang="fr-CA"]').count()).toBeGreaterThan(0)
    expect(await page.title()).toMatch(/introuvable/)
    await page.close()
  })

  it('fills the debug box with the URL actually requested and what it parsed', async () => {
    const page = await browser.newPage()
    await page.goto(`${host.url}/atlantis-deep-cleaning`)
    const cell = (key: string) => page.locator(`[data-debug="${key}"]`).textContent()
    expect(await cell('url')).toBe('/atlantis-deep-cleaning')
    expect(await cell('city')).toBe('atlantis')
    expect(await cell('service')).toBe('deep-cleaning')
    expect(await cell('services')).toContain('strip-wax, routine-janitorial')
    await page.close()
  })

  it('writes the bad path to the console on the 404 screen', async () => {
    const page = await browser.newPage()
    const messages: string[] = []
    page.on('console', (m) => messages.push(m.text()))
    await page.goto(`${host.url}/no/such/page`)
    await expect.poll(() => messages.some((e) => e.includes('404 Error') && e.includes('/no/such/page'))).toBe(true)
    await page.close()
  })
})

/** `npm start` answers each miss with the screen's own page, which the route table picks, in the path's language. */
describe('not-found screens under npm start', () => {
  let site: LocalServer
  beforeAll(async () => {
    site = await startLocalServer({}, process.cwd(), undefined, emptyDatabase())
  }, 180_000)
  afterAll(() => site?.stop(), 30_000)

  it.each([
    ['/fr/nope', 'Oups\u00a0! Page introuvable', 'Retour à l’accueil'],
    ['/fr/services/nope', 'Service introuvable', 'Le service que vous cherchez n’existe pas.'],
    ['/fr/nowhere-grand-menage', 'Service introuvable', 'Le service ou l’endroit que vous cherchez n’existe pas.'],
    ['/fr/404', 'Oups\u00a0! Page introuvable', 'Retour à l’accueil'],
    ['/fr/introuvable/service', 'Oups\u00a0! Page introuvable', 'Retour à l’accueil'],
    ['/fr/introuvable/ville-service', 'Oups\u00a0! Page introuvable', 'Retour à l’accueil'],
  ])('%s answers 404 with %j in French', async (path, heading, words) => {
    const page = await browser.newPage()
    const response = await page.goto(`${site.url}${path}`)
    expect(response?.status()).toBe(404)
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-CA')
    expect(await page.locator('h1').allTextContents()).toEqual([heading])
    expect(await page.locator('main').textContent()).toContain(words)
    await page.close()
  })

  it.each([
    ['/nope', 'Oops! Page not found'],
    ['/services/nope', 'Service Not Found'],
    ['/404', 'Oops! Page not found'],
    ['/not-found/service', 'Oops! Page not found'],
  ])('%s answers 404 with %j in English', async (path, heading) => {
    const page = await browser.newPage()
    const response = await page.goto(`${site.url}${path}`)
    expect(response?.status()).toBe(404)
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    expect(await page.locator('h1').allTextContents()).toEqual([heading])
    await page.close()
  })
})

describe('city-service pages', () => {
  it('write debug information to the console', async () => {
    const page = await browser.newPage()
    const logs: string[] = []
    page.on('console', (m) => logs.push(m.text()))
    await page.goto(`${host.url}/boise-routine-janitorial`)
    await expect.poll(() => logs.join('\n')).toContain('City service page')
    await page.close()
  })
})
