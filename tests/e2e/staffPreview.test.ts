// Issue 59: what `npm start` tells the staff. A city page shows where it stands in the search index and which content
// file brings it in; the open page reloads itself after a save that changes it, and only then; /_staff lists every
// city. None of it is a file of the build. Runs in a throwaway copy of the project, whose data/ and content/ it edits.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { AxeResults } from 'axe-core'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localFetch } from '../../scripts/lib/localFetch'
import { copyProject } from '../../scripts/lib/projectCopy'
import { keepEditedStates } from '../helpers/smallerSite'
import { emptyDatabase, startLocalServer, type LocalServer } from './localServer'
import { borrowBrowser, type LentBrowser } from './workerBrowser'

let copy: ReturnType<typeof copyProject>
let server: LocalServer
let lent: LentBrowser

beforeAll(async () => {
  copy = copyProject()
  keepEditedStates(copy.root) // 20 cities: the first build takes seconds
  ;[lent, server] = await Promise.all([borrowBrowser(), startLocalServer({}, copy.root, undefined, emptyDatabase())])
}, 180_000)
afterAll(async () => {
  await lent?.giveBack()
  await server?.remove()
  copy?.remove()
}, 120_000)

/** A tab on `urlPath`, marked: the mark is gone once the page has reloaded itself. */
async function openMarked(urlPath: string, width = 1280): Promise<Page> {
  const tab = await lent.browser.newPage({ viewport: { width, height: 900 } })
  await tab.goto(`${server.url}${urlPath}`)
  await tab.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))
  // The page listens once loaded (/_staff/live.js waits a second after `load`, for tools that wait for a quiet network).
  await tab.waitForTimeout(1_500)
  return tab
}
const reloaded = (tab: Page) => tab.evaluate(() => !(window as unknown as { notReloaded?: boolean }).notReloaded)

describe('npm start for the staff', () => {
  it('shows, at the end of a hub, the panel: out of the index, its closest twin, the words that bring it in, the file to write', async () => {
    const tab = await openMarked('/local-services/boise')
    const panel = tab.getByRole('complementary', { name: 'Staff preview' })
    const text = await panel.innerText()
    expect(text).toMatch(/Search index\s+Out: noindex, not in the sitemap/)
    expect(text).toMatch(/Words that bring it in\s+about \d+ words of its own, in sentences/)
    expect(text).toMatch(/File to write\s+content\/cities\/boise\.md: does not exist yet/)
    const twin = panel.locator('dt:text-is("Closest twin") + dd a')
    expect(await twin.getAttribute('href')).toMatch(/^\/local-services\/[a-z-]+$/)
    expect(text).toMatch(/, (0\.[7-9]\d|1\.00) alike/)
    // After the footer, not over the page; nothing wider than the window.
    expect(await tab.evaluate(() => document.querySelector('footer')!.compareDocumentPosition(document.querySelector('[data-staff-panel]')!))).toBe(4)
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBe(1280)

    // A city-service page in the other URL scheme and a French page name their own files, and the city's.
    const french = await (await localFetch(`${server.url}/fr/montreal-decapage-et-cirage`)).text()
    expect(french).toContain('<code>content/cities/montreal/strip-wax.fr.md</code>')
    expect(french).toContain('<code>content/cities/montreal.fr.md</code>')
    expect(await (await localFetch(`${server.url}/boise-strip-wax`)).text()).toContain('<code>content/cities/boise/strip-wax.md</code>')
    // No panel on other pages.
    expect(await (await localFetch(`${server.url}/about`)).text()).not.toContain('data-staff-panel')

    // Saving the file the panel names changes the open page, without a reload by hand.
    const saved = Date.now()
    mkdirSync(path.join(copy.root, 'content/cities'), { recursive: true })
    writeFileSync(path.join(copy.root, 'content/cities/boise.md'), 'Our crews in Boise.\n')
    await expect.poll(() => panel.innerText(), { timeout: 15_000 }).toMatch(/content\/cities\/boise\.md: exists/)
    expect(await reloaded(tab)).toBe(true)
    console.log(`content file saved → open page updated: ${Date.now() - saved} ms`)
    await tab.close()
  })

  it('leaves the page accessible: axe finds nothing on a hub with its panel, on a phone and on a desktop', async () => {
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1366, height: 900 },
    ]) {
      // The site's Content-Security-Policy allows no inline script: axe is injected past it.
      const context = await lent.browser.newContext({ viewport, bypassCSP: true })
      const tab = await context.newPage()
      await tab.goto(`${server.url}/local-services/boise`)
      await tab.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') })
      const violations = await tab.evaluate(async () => {
        const found = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
          resultTypes: ['violations'],
        })
        return found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)
      })
      expect(violations, `${viewport.width} px`).toEqual([])
      expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width)
      await context.close()
    }
  })

  it('reloads an open page after a data edit that changes it, and leaves the pages it does not change', async () => {
    const [changed, other] = [await openMarked('/local-services/boise'), await openMarked('/local-services/st-louis')]
    const csv = path.join(copy.root, 'data/cities.csv')
    const before = readFileSync(csv, 'utf8')
    const after = before.replace('Boise,ID,US', 'Boise City,ID,US')
    expect(after).not.toBe(before)
    const saved = Date.now()
    writeFileSync(csv, after)
    await expect.poll(() => changed.locator('h1').innerText(), { timeout: 30_000 }).toContain('Boise City')
    expect(await reloaded(changed)).toBe(true)
    console.log(`cities.csv saved → open page updated: ${Date.now() - saved} ms`)
    expect(await reloaded(other)).toBe(false)
    await Promise.all([changed.close(), other.close()])
  })

  it("shows a refused edit's banner on the open page, and takes it off once the edit is fixed, without a reload by hand", async () => {
    const tab = await openMarked('/local-services/st-louis')
    const csv = path.join(copy.root, 'data/cities.csv')
    const good = readFileSync(csv, 'utf8')
    writeFileSync(csv, good.replace('Laval,QC,CA', 'Laval,Quebec,CA'))
    const banner = tab.locator('[data-refused-edit]')
    try {
      await expect.poll(() => banner.count(), { timeout: 30_000 }).toBe(1)
      expect(await reloaded(tab)).toBe(true)
      expect(await banner.innerText()).toMatch(/"Quebec" is not a Canadian province code/)
    } finally {
      writeFileSync(csv, good)
    }
    await expect.poll(() => banner.count(), { timeout: 30_000 }).toBe(0)
    await tab.close()
  })

  it('lists every city on /_staff with its standing, sortable, and draws them on the map', async () => {
    const tab = await lent.browser.newPage({ viewport: { width: 1280, height: 900 } })
    const answer = await tab.goto(`${server.url}/_staff?sort=city`)
    expect(answer?.status()).toBe(200)
    const cities = readFileSync(path.join(copy.root, 'data/cities.csv'), 'utf8').trim().split('\n').length - 1
    const rows = tab.locator('tbody tr')
    expect(await rows.count()).toBe(cities)
    expect(await tab.locator('th[aria-sort]').innerText()).toBe('City')
    const names = await rows.locator('td:first-child').allInnerTexts()
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    const boise = await tab.locator('tr[data-city="boise"]').innerText()
    expect(boise).toMatch(
      /^Boise City, ID\s+out \(\d\.\d\d\)\s+\d+ of 16\s+about \d+\s+about \d{3}\s+[\d,]+\s+content\/cities\/boise\.md \d{4}-\d\d-\d\d \d\d:\d\d$/,
    )
    expect(await tab.locator('figure svg circle').count()).toBe(cities)
    // Sorted by population by a link.
    await tab.getByRole('link', { name: 'Population' }).click()
    const populations = (await rows.locator('td:nth-child(6)').allInnerTexts()).map((n) => Number(n.replace(/,/g, '')))
    expect(populations).toEqual([...populations].sort((a, b) => b - a))
    await tab.close()
  })

  it('is no file of the build: dist/client holds no panel, no staff page and none of their files', () => {
    const grep = (text: string) => {
      try {
        return execFileSync('grep', ['-rlF', text, path.join(copy.root, 'dist/client')], { encoding: 'utf8' })
      } catch (error) {
        if ((error as { status?: number }).status === 1) return '' // grep: no match
        throw error
      }
    }
    expect(grep('data-staff')).toBe('')
    expect(grep('/_staff')).toBe('')
    expect(readFileSync(path.join(copy.root, 'dist/client/local-services/boise.html'), 'utf8')).toContain('</footer>')
  })
})
