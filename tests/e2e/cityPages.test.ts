// Issue 56: on a phone, a city's pages keep the call and the quote in reach, with and without JavaScript.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { QUOTE_BLOCK_ID } from '../../src/components/QuoteBlock'
import { browserAndCloudflare } from './cloudflareSite'

const live = browserAndCloudflare()

/** What of a kind a visitor can see and tap where the page is scrolled: an element in the viewport, on top at its centre. */
function visible(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const seen: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const box = el.getBoundingClientRect()
      if (box.width === 0 || box.height === 0 || box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) continue
      const x = Math.min(Math.max(box.left + box.width / 2, 1), innerWidth - 1)
      const y = Math.min(Math.max(box.top + box.height / 2, 1), innerHeight - 1)
      const top = document.elementFromPoint(x, y)
      if (top && (top === el || el.contains(top))) seen.push(el.getAttribute('href') ?? el.textContent ?? '')
    }
    return seen
  }, selector)
}

const CALL = 'a[href^="tel:"]'
const QUOTE = `a[href="#${QUOTE_BLOCK_ID}"], a[href^="/quote"], a[href^="/fr/soumission"], [data-quote-island] button[type="submit"]`

describe('a city page on a phone (375×812)', () => {
  it.each(['/local-services/billings', '/local-services/halifax', '/fr/services-locaux/laval', '/plano-office-cleaning-janitorial'])(
    '%s keeps a call and a quote action in view at 0, 25 and 50 % of its height, with and without JavaScript',
    async (url) => {
      for (const javaScriptEnabled of [true, false]) {
        const page = await live.tab({ width: 375, height: 812 }, { javaScriptEnabled })
        await page.goto(`${live.site.url}${url}`)
        const height = await page.evaluate(() => document.documentElement.scrollHeight)
        for (const share of [0, 0.25, 0.5]) {
          await page.evaluate((y) => window.scrollTo(0, y), Math.round(share * height))
          await page.waitForFunction(
            (y) => Math.abs(window.scrollY - y) < 2 || window.scrollY + innerHeight >= document.documentElement.scrollHeight - 1,
            Math.round(share * height),
          )
          const where = `${url} at ${share * 100} %${javaScriptEnabled ? '' : ', no JavaScript'}`
          expect((await visible(page, CALL)).length, where).toBeGreaterThan(0)
          expect((await visible(page, QUOTE)).length, where).toBeGreaterThan(0)
        }
        await page.close()
      }
    },
  )

  it('never lays the bar over the quote form or the footer', async () => {
    const page = await live.tab({ width: 375, height: 812 })
    await page.goto(`${live.site.url}/local-services/billings`)
    for (const target of [`#${QUOTE_BLOCK_ID}`, 'footer']) {
      await page.locator(target).first().scrollIntoViewIfNeeded()
      const overlap = await page.evaluate((target) => {
        const bar = document.querySelector('[data-quick-bar]')!.getBoundingClientRect()
        const block = document.querySelector(target)!.getBoundingClientRect()
        return bar.bottom > block.top && bar.top < block.bottom && bar.top < innerHeight && bar.bottom > 0
      }, target)
      expect(overlap, target).toBe(false)
    }
    await page.close()
  })
})

/** The service select's shown text, as the select draws it (its font), against its room: its width less its padding and arrow. */
function selectShows(page: Page) {
  return page.evaluate(() => {
    const select = document.querySelector<HTMLSelectElement>('#quote-service')!
    const style = getComputedStyle(select)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = style.font
    const text = select.options[select.selectedIndex]!.text
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16
    return { text, fits: context.measureText(text).width <= room }
  })
}

describe("a hub's quote form at 1366 and 1920 px (issue 59)", () => {
  it.each(['/local-services/billings', '/fr/services-locaux/laval'])('%s shows the whole text of every choice of the service select', async (url) => {
    for (const width of [1366, 1920]) {
      const page = await live.tab({ width, height: 900 })
      await page.goto(`${live.site.url}${url}`)
      const choices = await page.evaluate(() => [...document.querySelectorAll<HTMLOptionElement>('#quote-service option')].map((o) => o.value))
      expect(choices.length).toBe(18) // "Select a service" and the 17 choices of site.yaml
      for (const choice of choices) {
        await page.selectOption('#quote-service', choice)
        const shown = await selectShows(page)
        expect(shown, `${shown.text} in ${url} at ${width} px`).toEqual({ text: shown.text, fits: true })
      }
      await page.close()
    }
  })

  it.each(['/local-services/billings', '/fr/services-locaux/laval', '/plano-office-cleaning-janitorial'])(
    '%s shows the whole text of the page’s choice, or "Select a service", at 1366 px',
    async (url) => {
      const page = await live.tab({ width: 1366, height: 900 })
      await page.goto(`${live.site.url}${url}`)
      const shown = await selectShows(page)
      expect(shown.text).toMatch(/^(Select a service|Choisir un service|Office Cleaning)$/)
      expect(shown, `${shown.text} in ${url}`).toEqual({ text: shown.text, fits: true })
      await page.close()
    },
  )

  it.each([320, 375, 768, 1024])('keeps the hub within the screen at %i px', async (width) => {
    const page = await live.tab({ width, height: 800 })
    for (const url of ['/local-services/billings', '/fr/services-locaux/laval']) {
      await page.goto(`${live.site.url}${url}`)
      const layout = await page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - innerWidth,
        select: document.querySelector('#quote-service')!.getBoundingClientRect().right <= innerWidth,
      }))
      expect(layout, `${url} at ${width} px`).toEqual({ overflow: 0, select: true })
    }
    await page.close()
  })
})
