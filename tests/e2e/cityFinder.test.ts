// The directory's city finder (issue 15) in Chromium: from the home hero with the keyboard alone, screen-reader output,
// axe, and the A–Z list that replaces it without JavaScript.
import { createRequire } from 'node:module'
import type { AxeResults } from 'axe-core'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserAndSite } from './localServer'

const live = browserAndSite()

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '')
const results = (page: Page) => page.locator('[data-city-finder-results] a').allTextContents()
const status = (page: Page) => page.locator('[data-city-finder] [role="status"]')

describe('the city finder', () => {
  it('is one tap from the home hero, loads its code on first focus, and leads to a hub with the keyboard alone', async () => {
    const page = await live.browser.newPage({ viewport: { width: 375, height: 812 }, hasTouch: true })
    const scripts: string[] = []
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname))
    await page.goto(`${live.site.url}/`)
    await page.getByRole('link', { name: 'Find Local Services' }).tap()
    await page.waitForURL('**/local-services#find')
    // The input has the focus, so the finder's code is on its way: typing at once works.
    await page.waitForFunction(() => document.activeElement?.id === 'city-finder-input')
    await page.keyboard.type('trois rivieres')
    await expect.poll(() => results(page)).toEqual(['Trois-Rivières, Quebec'])
    await expect.poll(() => status(page).textContent()).toBe('1 city matches.')
    expect(scripts.filter((s) => s.includes('/chunks/')).length).toBeGreaterThan(0)
    await page.keyboard.press('ArrowDown')
    expect(await focusedText(page)).toBe('Trois-Rivières, Quebec')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/local-services/trois-rivieres')
    expect(await page.locator('h1').textContent()).toBe('Cleaning Services in Trois-Rivières')
    await page.close()
  })

  it('loads no finder code before the input is focused', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 800 } })
    // The finder's own code is the script that reads its status line; the loader only knows the form.
    const finderCode: string[] = []
    const scripts: string[] = []
    page.on('response', async (r) => {
      if (r.request().resourceType() !== 'script') return
      scripts.push(r.url())
      if ((await r.text()).includes('data-city-finder-status')) finderCode.push(r.url())
    })
    await page.goto(`${live.site.url}/local-services`, { waitUntil: 'networkidle' })
    expect(scripts.length).toBeGreaterThan(0)
    expect(finderCode).toEqual([])
    await page.locator('#city-finder-input').focus()
    await expect.poll(() => finderCode.length).toBe(1)
    await page.close()
  })

  it('narrows by state, moves with the arrows, and takes Enter in the input as the first city', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(`${live.site.url}/local-services`)
    const input = page.locator('#city-finder-input')
    await input.focus()
    await input.fill('springfield')
    await expect.poll(() => results(page)).toEqual(['Springfield, Missouri', 'Springfield, Massachusetts', 'Springfield, Illinois'])
    await expect.poll(() => status(page).textContent()).toBe('3 cities match.')
    await input.fill('Springfield, IL')
    await expect.poll(() => results(page)).toEqual(['Springfield, Illinois'])
    await input.fill('ST LOUIS')
    await expect.poll(() => results(page)).toEqual(['St. Louis, Missouri'])
    await input.fill('sprinfield')
    await expect.poll(() => status(page).textContent()).toBe('No city matches “sprinfield”. Check the spelling, or browse every city A–Z below.')
    await input.fill('s')
    await expect.poll(() => results(page)).toEqual([])
    await expect.poll(() => status(page).textContent()).toBe('')

    await input.fill('springfield')
    await expect.poll(() => results(page)).toHaveLength(3)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    expect(await focusedText(page)).toBe('Springfield, Massachusetts')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('city-finder-input')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/local-services/springfield')
    expect(await page.locator('h1').textContent()).toBe('Cleaning Services in Springfield, MO')
    await page.close()
  })

  it('has no axe violations with its results shown, on a phone and on a desktop', async () => {
    const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
    for (const viewport of [
      { width: 412, height: 823 },
      { width: 1350, height: 940 },
    ]) {
      // The site's Content-Security-Policy allows no inline script: axe is injected past it.
      const context = await live.browser.newContext({ viewport, bypassCSP: true })
      const page = await context.newPage()
      await page.goto(`${live.site.url}/local-services#find`)
      await page.keyboard.type('san')
      await expect.poll(() => results(page)).toHaveLength(10)
      await page.addScriptTag({ path: axePath })
      const found = await page.evaluate(() =>
        (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
          resultTypes: ['violations'],
        }),
      )
      expect(found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([])
      await context.close()
    }
  })

  it('without JavaScript, leaves the A–Z list, whose groups open and whose links lead to the hubs', async () => {
    const context = await live.browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } })
    const page = await context.newPage()
    await page.goto(`${live.site.url}/local-services#find`)
    await page.getByRole('link', { name: 'Or browse every city A–Z' }).click()
    await page.waitForURL('**/local-services#cities-a-z')
    const list = page.locator('#cities-a-z')
    await list.locator('summary', { hasText: 'Missouri' }).click()
    await list.getByRole('link', { name: 'St. Louis', exact: true }).click()
    await page.waitForURL('**/local-services/st-louis')
    expect(await page.locator('h1').textContent()).toBe('Cleaning Services in St. Louis')
    // Enter in the finder's input, with nothing to run it, leads to the list as well.
    await page.goto(`${live.site.url}/local-services`)
    await page.locator('#city-finder-input').fill('boise')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/local-services?#cities-a-z')
    await context.close()
  })
})
