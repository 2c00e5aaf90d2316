import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
// On Cloudflare's runtime: the header needs the site only.
import { browserAndCloudflare } from './cloudflareSite'

const live = browserAndCloudflare()

describe('desktop header', () => {
  it('opens the Services dropdown with all 16 services on hover, scrolling at a max height', async () => {
    const page = await live.tab({ width: 1280, height: 800 })
    await page.goto(`${live.site.url}/about`)
    const menu = page.locator('[data-menu="desktop-services"]')
    await expect(menu.isVisible()).resolves.toBe(false)
    await page.getByRole('button', { name: 'Services' }).hover()
    await menu.waitFor({ state: 'visible' })
    expect(await menu.locator('a:visible').count()).toBe(16)
    const overflow = await menu.evaluate((el) => ({ style: getComputedStyle(el).overflowY, scrolls: el.scrollHeight > el.clientHeight }))
    expect(overflow).toEqual({ style: 'auto', scrolls: true })
    await page.close()
  })

  it('opens the dropdown on keyboard focus, without JavaScript', async () => {
    const page = await live.tab({ width: 1280, height: 800 }, { javaScriptEnabled: false })
    await page.goto(`${live.site.url}/local-services`)
    await page.getByRole('button', { name: 'Services' }).focus()
    await page.locator('[data-menu="desktop-services"]').waitFor({ state: 'visible' })
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Strip & Wax')
    await page.close()
  })

  it('follows a header alias to the service page', async () => {
    const page = await live.tab({ width: 1280, height: 800 })
    await page.goto(`${live.site.url}/`)
    await page.getByRole('button', { name: 'Services' }).hover()
    await page.getByRole('link', { name: 'Move-In/Move-Out' }).first().click()
    await page.waitForURL('**/services/move-in-out')
    expect(await page.locator('h1').textContent()).toBe('Move-In/Move-Out')
    await page.close()
  })
})

describe('header on a touch tablet (1024×768, no hover)', () => {
  /** A tablet: no hover, a coarse pointer, and (as on an iPad's Safari) taps that do not focus the button. */
  async function tabletPage(javaScriptEnabled = true) {
    const context = await live.browser.newContext({ javaScriptEnabled, viewport: { width: 1024, height: 768 }, hasTouch: true })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setEmulatedMedia', {
      features: [
        { name: 'hover', value: 'none' },
        { name: 'any-hover', value: 'none' },
        { name: 'pointer', value: 'coarse' },
      ],
    })
    return { page, context }
  }
  /** A click event on the button that does not move focus to it (what a tap on Safari does). */
  const tapWithoutFocus = (page: Page) =>
    page.locator('[data-dropdown="services"] button').evaluate((button) => button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })))

  it('opens the Services menu on a tap that does not focus the button, and closes it on a second tap', async () => {
    const { page, context } = await tabletPage(false) // no JavaScript needed
    await page.goto(`${live.site.url}/about`)
    const menu = page.locator('[data-menu="desktop-services"]')
    expect(await page.evaluate(() => matchMedia('(hover: hover)').matches)).toBe(false)
    expect(await menu.isVisible()).toBe(false)
    await tapWithoutFocus(page)
    await menu.waitFor({ state: 'visible' })
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BUTTON')
    expect(await menu.locator('a:visible').count()).toBe(16)
    await tapWithoutFocus(page)
    await menu.waitFor({ state: 'hidden' })
    await context.close()
  })

  it('closes on a second tap also where the tapped button takes focus (Chrome on Android), and opens under the button', async () => {
    const { page, context } = await tabletPage(false)
    await page.goto(`${live.site.url}/about`)
    const button = page.locator('[data-dropdown="services"] button')
    const menu = page.locator('[data-menu="desktop-services"]')
    await button.tap()
    await menu.waitFor({ state: 'visible' })
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON')
    const [buttonBox, menuBox] = [await button.boundingBox(), await menu.boundingBox()]
    expect(menuBox!.y).toBeGreaterThanOrEqual(buttonBox!.y + buttonBox!.height - 1) // below the header's button, not over the page's middle
    expect(menuBox!.x + menuBox!.width).toBeGreaterThan(buttonBox!.x) // and within reach of it
    expect(menuBox!.x).toBeLessThan(buttonBox!.x + buttonBox!.width)
    await button.tap()
    await menu.waitFor({ state: 'hidden' })
    await context.close()
  })

  it('closes the open menu on Escape and on a tap elsewhere, and follows a link from it', async () => {
    const { page, context } = await tabletPage()
    await page.goto(`${live.site.url}/about`)
    const menu = page.locator('[data-menu="desktop-services"]')
    await tapWithoutFocus(page)
    await menu.waitFor({ state: 'visible' })
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })
    await tapWithoutFocus(page)
    await menu.waitFor({ state: 'visible' })
    await page.mouse.click(500, 600)
    await menu.waitFor({ state: 'hidden' })
    await tapWithoutFocus(page)
    await menu.getByRole('link', { name: 'Window Cleaning' }).click()
    await page.waitForURL('**/services/window-cleaning')
    await context.close()
  })
})

describe('mobile header (360 px)', () => {
  it('opens a menu with the first 8 services that closes when a link is chosen', async () => {
    const page = await live.tab({ width: 360, height: 740 })
    await page.goto(`${live.site.url}/`)
    const mobileNav = page.locator('nav[aria-label="Mobile"]')
    expect(await mobileNav.isVisible()).toBe(false)
    await page.getByLabel('Menu').click()
    await mobileNav.waitFor({ state: 'visible' })
    expect(await mobileNav.locator('[data-mobile-service] a').count()).toBe(8)
    expect(await page.locator('nav[aria-label="Main"]').isVisible()).toBe(false)
    await mobileNav.getByRole('link', { name: 'Deep Cleaning' }).click()
    await page.waitForURL('**/services/deep-cleaning')
    expect(await page.locator('nav[aria-label="Mobile"]').isVisible()).toBe(false)
    await page.close()
  })

  it('lays out without horizontal scrolling at 360 px', async () => {
    const page = await live.tab({ width: 360, height: 740 })
    for (const path of ['/', '/local-services', '/services/strip-wax', '/montreal-deep-cleaning-janitorial', '/quote']) {
      await page.goto(`${live.site.url}${path}`)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, path).toBe(0)
    }
    await page.close()
  })
})
