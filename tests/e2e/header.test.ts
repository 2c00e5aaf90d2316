import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from './browser'
import { startLocalServer, type LocalServer } from './localServer'

let browser: Browser
let site: LocalServer
beforeAll(async () => {
  ;[browser, site] = await Promise.all([launchBrowser(), startLocalServer()])
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await site?.stop()
})

describe('desktop header', () => {
  it('opens the Services dropdown with all 16 services on hover, scrolling at a max height', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(`${site.url}/about`)
    const menu = page.locator('[data-menu="desktop-services"]')
    await expect(menu.isVisible()).resolves.toBe(false)
    await page.getByRole('button', { name: 'Services' }).hover()
    await menu.waitFor({ state: 'visible' })
    expect(await menu.locator('a:visible').count()).toBe(16)
    const overflow = await menu.evaluate((el) => ({ style: getComputedStyle(el).overflowY, scrolls: el.scrollHeight > el.clientHeight }))
    expect(overflow).toEqual({ style: 'auto', scrolls: true })
    await page.close()
  })

  it('opens the menu from the keyboard (Tab, Enter, Tab into its links) and closes it with Escape, without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.goto(`${site.url}/about`)
    const menu = page.locator('[data-menu="desktop-services"]')
    await page.getByRole('link', { name: 'About' }).first().focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    expect(await page.locator('#services-menu').evaluate((el) => el.matches(':popover-open'))).toBe(true)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Strip & Wax')
    await page.keyboard.press('Escape')
    expect(await page.locator('#services-menu').evaluate((el) => el.matches(':popover-open'))).toBe(false)
    await page.mouse.move(0, 700)
    await page.locator('h1').click()
    await menu.waitFor({ state: 'hidden' })
    await context.close()
  })

  it('follows a header alias to the service page', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(`${site.url}/`)
    await page.getByRole('button', { name: 'Services' }).hover()
    await page.getByRole('link', { name: 'Move-In/Move-Out' }).first().click()
    await page.waitForURL('**/services/move-in-out')
    expect(await page.locator('h1').textContent()).toBe('Move-In/Move-Out')
    await page.close()
  })
})

describe('tablet header (1024×768, touch, no hover)', () => {
  /** A touch screen as an iPad presents it: no hover, a coarse pointer, and (as Safari does) no focus for a tapped button. */
  async function tabletPage(path: string) {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'hover', value: 'none' }, { name: 'any-hover', value: 'none' }, { name: 'pointer', value: 'coarse' }] })
    await page.goto(`${site.url}${path}`)
    await page.evaluate(() => document.addEventListener('mousedown', (event) => event.preventDefault(), true))
    return { page, context }
  }
  const menuState = (page: import('playwright-core').Page) =>
    page.evaluate(() => {
      const menu = document.querySelector('[data-menu="desktop-services"]')!
      const links = [...menu.querySelectorAll('a')].filter((a) => a.checkVisibility({ visibilityProperty: true }) && a.getBoundingClientRect().height > 0)
      return { visible: links.length, focused: document.activeElement?.tagName ?? null }
    })

  it('shows the desktop menu, with no hover and no script on the page', async () => {
    const { page, context } = await tabletPage('/about')
    expect(await page.evaluate(() => [matchMedia('(hover: hover)').matches, matchMedia('(pointer: coarse)').matches])).toEqual([false, true])
    expect(await page.locator('nav[aria-label="Main"]').isVisible()).toBe(true)
    expect(await page.locator('script[src]').count()).toBe(0)
    await context.close()
  })

  it('opens the Services menu with a tap that does not focus the button, and closes it on a second tap', async () => {
    const { page, context } = await tabletPage('/about')
    const button = page.getByRole('button', { name: 'Services' })
    expect(await menuState(page)).toEqual({ visible: 0, focused: 'BODY' })
    await button.tap()
    await expect.poll(() => menuState(page)).toEqual({ visible: 16, focused: 'BODY' })
    const offset = await page.evaluate(() => {
      const button = document.querySelector('[data-dropdown="services"] button')!.getBoundingClientRect()
      const panel = document.querySelector('#services-menu')!.getBoundingClientRect()
      return { left: Math.round(panel.left - button.left), top: Math.round(panel.top - button.bottom) }
    })
    expect(offset).toEqual({ left: 0, top: 0 }) // right under the button
    await button.tap()
    await expect.poll(() => menuState(page)).toEqual({ visible: 0, focused: 'BODY' })
    await context.close()
  })

  it('opens it with a plain click event too (no pointer, no focus), and closes it with Escape or a tap elsewhere', async () => {
    const { page, context } = await tabletPage('/local-services')
    const click = () => page.evaluate(() => document.querySelector('[data-dropdown="services"] button')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })))
    await click()
    await expect.poll(() => menuState(page)).toEqual({ visible: 16, focused: 'BODY' })
    await page.keyboard.press('Escape')
    await expect.poll(() => menuState(page)).toEqual({ visible: 0, focused: 'BODY' })
    await click()
    await expect.poll(() => menuState(page)).toEqual({ visible: 16, focused: 'BODY' })
    await page.locator('h1').tap()
    await expect.poll(() => menuState(page)).toEqual({ visible: 0, focused: 'BODY' })
    await context.close()
  })

  it('follows a tapped service link', async () => {
    const { page, context } = await tabletPage('/about')
    await page.getByRole('button', { name: 'Services' }).tap()
    const link = page.locator('[data-menu="desktop-services"]').getByRole('link', { name: 'Window Cleaning' })
    await link.tap()
    await page.waitForURL('**/services/window-cleaning')
    await context.close()
  })
})

describe('mobile header (360 px)', () => {
  it('opens a menu with the first 8 services that closes when a link is chosen', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } })
    await page.goto(`${site.url}/`)
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
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } })
    for (const path of ['/', '/local-services', '/services/strip-wax', '/montreal-deep-cleaning-janitorial', '/quote']) {
      await page.goto(`${site.url}${path}`)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, path).toBe(0)
    }
    await page.close()
  })
})
