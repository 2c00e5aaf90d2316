// `npm start` for the staff: it watches data/, rebuilds the pages an edit affects, and keeps serving the last good
// site when an edit is wrong. Runs in a throwaway copy of the project, whose data/ the test edits.
import { spawnSync } from 'node:child_process'
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/lib/freePort'
import { copyProject } from '../../scripts/lib/projectCopy'
import { FUNCTION_PATH } from '../../supabase/functions/_shared/quoteContract'
import { keepEditedStates } from '../helpers/smallerSite'
import { startLocalServer, type LocalServer } from './localServer'
import { borrowBrowser } from './workerBrowser'
import { localFetch } from '../../scripts/lib/localFetch'

let copy: ReturnType<typeof copyProject>
let server: LocalServer
const citiesCsv = () => path.join(copy.root, 'data/cities.csv')
/** Rewrites cities.csv of the copy; an edit that changes nothing is a mistake of the test (the data moved on). */
const editCities = (change: (csv: string) => string) => {
  const [before, after] = [readFileSync(citiesCsv(), 'utf8'), change(readFileSync(citiesCsv(), 'utf8'))]
  if (after === before) throw new Error("the test's edit of cities.csv changed nothing")
  writeFileSync(citiesCsv(), after)
}
const get = async (urlPath: string) => {
  const response = await localFetch(`${server.url}${urlPath}`)
  return { status: response.status, html: await response.text() }
}
/** Waits until `check` holds, polling as a visitor reloading the page would. */
async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`timed out waiting for ${what}\n${server.output().slice(-2000)}`)
}

/** A quote request as the form sends it from the site's own pages. */
const sendQuote = (url: string) =>
  localFetch(`${url}${FUNCTION_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com', service: 'Strip & Wax', message: 'Our lobby floor.', page: '/quote', lang: 'en' }),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }))

let savedWhileStarting = false
/** What a visitor saw once the edit saved during the start showed, while the quote database was still being made. */
let whileCreating: { page: string; quote: Awaited<ReturnType<typeof sendQuote>> } | undefined

beforeAll(async () => {
  copy = copyProject()
  keepEditedStates(copy.root) // the cities it edits and their states': the start's build takes seconds
  const url = `http://127.0.0.1:${await freePort()}`
  // The database's creation waits for this file (server/main.ts), so that "while it is made" does not depend on the
  // machine's speed: it is released once the edit shows, or after 30 s.
  const release = path.join(copy.root, '.release-quote-database')
  let held: Promise<void> | undefined
  // A staff member saves while the server is still starting: after its build, while it creates its database.
  const starting = startLocalServer({ PORT: url.split(':')[2]!, QUOTE_DB_HOLD_FILE: release }, copy.root, (output) => {
    if (held || !output.includes('Creating the local quote database')) return
    editCities((csv) => csv.replace('Nampa,ID,US', 'Nampa City,ID,US'))
    savedWhileStarting = true
    held = (async () => {
      try {
        for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
          const page = await localFetch(`${url}/nampa-strip-wax-janitorial`).then(
            (response) => response.text(),
            () => '',
          )
          if (page.includes('in Nampa City</h1>')) return void (whileCreating = { page, quote: await sendQuote(url) })
        }
      } finally {
        writeFileSync(release, '')
      }
    })()
  })
  server = { ...(await starting), url } // on the port given, not the one startLocalServer picked
  await held
}, 180_000)
// Stopping the server and deleting a copy with a whole build in it take more than vitest's 10 s on a busy machine.
afterAll(async () => {
  await server?.remove()
  copy?.remove()
}, 120_000)

describe('npm start while the staff edit the data', () => {
  it('builds an edit saved while it was starting, before its quote database is made, without another save', async () => {
    expect(savedWhileStarting).toBe(true)
    // The page showed the new name while the quote form's function still said the server was starting: the rebuild
    // did not wait for the database (held until then).
    expect(whileCreating?.page).toContain('in Nampa City</h1>')
    expect(whileCreating?.quote).toEqual({ status: 503, body: { success: false, error: 'The server is starting. Please try again in a few seconds.' } })
    expect(server.output().split('The site is at')[0]).toMatch(/Creating the local quote database[^]*data\/ changed: rebuilding/)
    // Once made, the database takes the request that was refused while it was being made.
    expect(await sendQuote(server.url)).toEqual({ status: 200, body: { success: true } })
    expect((await get('/nampa-strip-wax-janitorial')).html).toContain('in Nampa City</h1>')
  })

  it('refuses a second `npm start` on the same data folder at once, in one line, before building', async () => {
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: copy.root,
      env: { ...process.env, PORT: '0', DATA_DIR: server.dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(second.status).toBe(1)
    expect(`${second.stdout}${second.stderr}`.trim()).toMatch(
      new RegExp(`^\\S+ is in use by process \\d+ \\(\`npm start\`\\?\\)\\. Stop it first; the local server sends pending e-mail itself when it starts\\.$`),
    )
  })

  it('shows a corrected city name after the save', async () => {
    expect((await get('/st-louis-strip-wax-janitorial')).html).toContain('St. Louis')
    editCities((csv) => csv.replace('St. Louis,MO,US', 'St Louis,MO,US'))
    await until(async () => (await get('/st-louis-strip-wax-janitorial')).html.includes('in St Louis</h1>'), 'the new name on the page')
    expect(server.output()).toMatch(/data\/ changed: rebuilding/)
  })

  it('serves the pages of a city added, and redirects the URLs of a city removed to the service pages', async () => {
    appendFileSync(citiesCsv(), 'Pocatello,ID,US,56320\n')
    await until(async () => (await get('/pocatello-window-cleaning-janitorial')).status === 200, 'the new city page')
    expect((await get('/pocatello-window-cleaning-janitorial')).html).toContain('Window Cleaning in Pocatello</h1>')
    editCities((csv) => csv.replace(/^Ogden,UT,US,\d+,*\n/m, ''))
    const removed = () => localFetch(`${server.url}/ogden-window-cleaning-janitorial`, { redirect: 'manual' })
    await until(async () => (await removed()).status === 301, 'the removed city page to redirect')
    expect((await removed()).headers.get('location')).toBe('/services/window-cleaning')
  })

  it('reports a bad edit with the file, line and field, and keeps serving the last good site', async () => {
    editCities((csv) => csv.replace('Boise,ID,US,235684', 'Boise,ID,US,235 684'))
    await until(
      () => /data\/cities\.csv line \d+, column "population": expected a whole number without separators, got "235 684"/.test(server.output()),
      'the error message',
    )
    expect(server.output()).toContain('The site still shows the last good data')
    const page = await get('/boise-strip-wax-janitorial')
    expect(page.status).toBe(200)
    expect(page.html).toContain('in Boise</h1>')
    // Fixed: the next save rebuilds.
    editCities((csv) => csv.replace('Boise,ID,US,235 684', 'Boise,ID,US,235684').replace('Meridian,ID,US', 'Meridian City,ID,US'))
    // A corrected name keeps the city's published URLs (data/city-slugs.csv).
    await until(async () => (await get('/meridian-strip-wax-janitorial')).html.includes('in Meridian City</h1>'), 'the corrected name on the page')
  })

  it("shows a text saved in content/ on the city's pages, and names the file and line of raw HTML", async () => {
    const file = path.join(copy.root, 'content/cities/nampa.md')
    const text = 'Our Nampa crew cleans the Karcher Road offices every weeknight after six.'
    try {
      mkdirSync(path.dirname(file), { recursive: true })
      writeFileSync(file, `${text}\n`)
      await until(async () => (await get('/local-services/nampa')).html.includes(text), 'the text on the hub')
      expect((await get('/nampa-strip-wax-janitorial')).html).toContain(text)
      writeFileSync(file, `${text}\n\n<p>boxed</p>\n`)
      await until(() => /content\/cities\/nampa\.md line 3: raw HTML is not allowed/.test(server.output()), 'the error message')
      expect((await get('/local-services/nampa')).html).toContain(text)
    } finally {
      rmSync(file, { force: true })
    }
    await until(async () => !(await get('/local-services/nampa')).html.includes(text), 'the text gone with its file')
  })

  it('shows a refused edit at the top of every page in the browser, readable at 320 px, until a reload after the fix', async () => {
    const { browser, giveBack } = await borrowBrowser()
    const tab = await browser.newPage({ viewport: { width: 320, height: 640 } })
    const banner = tab.locator('[role="alert"][data-refused-edit]')
    /** What a staff member sees at the top of the page, after loading it. */
    const seen = async (urlPath?: string) => {
      await (urlPath ? tab.goto(`${server.url}${urlPath}`) : tab.reload())
      if ((await banner.count()) === 0) return undefined
      return {
        text: await banner.innerText(),
        top: (await banner.boundingBox())!.y,
        lang: await banner.getAttribute('lang'),
        widths: await tab.evaluate(() => [document.documentElement.scrollWidth, document.querySelector('[data-refused-edit]')!.scrollWidth]),
      }
    }
    const bad = 'Laval,Quebec,CA'
    try {
      expect(await seen('/boise-strip-wax-janitorial')).toBeUndefined()
      editCities((csv) => csv.replace('Laval,QC,CA', bad))
      await until(async () => (await seen()) !== undefined, 'the banner after a reload')
      for (const [urlPath, h1] of [
        ['/boise-strip-wax-janitorial', /Strip & Wax in Boise/],
        ['/fr/services-locaux/montreal', /à Montréal/],
        ['/no-such-page', /not found/i],
      ] as const) {
        const shown = (await seen(urlPath))!
        expect(shown.text, urlPath).toMatch(/^Your last edit was not applied\n/)
        expect(shown.text, urlPath).toMatch(/data\/cities\.csv line \d+, column "state": "Quebec" is not a Canadian province code: did you mean QC\?/)
        expect(shown.text, urlPath).toContain('the site still shows the last good data')
        // At the top of the page, in English on French pages too, and nothing wider than a 320 px phone.
        expect(shown.top, urlPath).toBe(0)
        expect(shown.lang, urlPath).toBe('en')
        expect(shown.widths, urlPath).toEqual([320, 320])
        // The last good page is still served below it.
        expect(await tab.locator('h1:visible').first().innerText(), urlPath).toMatch(h1)
      }
      // The fix: a reload of the same page, and the banner is gone.
      editCities((csv) => csv.replace(bad, 'Laval,QC,CA'))
      await until(async () => (await seen()) === undefined, 'the banner to go after the fix')
      expect(await tab.locator('h1:visible').first().innerText()).toMatch(/not found/i)
      expect(await seen('/boise-strip-wax-janitorial')).toBeUndefined()
    } finally {
      if (readFileSync(citiesCsv(), 'utf8').includes(bad)) editCities((csv) => csv.replace(bad, 'Laval,QC,CA')) // for vitest's retry
      await giveBack()
    }
  })
})
