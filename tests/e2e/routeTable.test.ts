// Issues 29 and 55: the route table of docs/spec.md §2 (and the French pages, docs/architecture.md) on the host the site
// runs on, Cloudflare's own runtime with the site's configuration (wrangler.jsonc, Workers with static assets and the
// not-found Worker: scripts/lib/cloudflare.ts), and on `npm start`, row by row: the status, the page or screen shown with
// JavaScript off and on, in its language, the redirects (`/x.html` → `/x`, old city URLs from `_redirects`), the
// headers, and where the quote form posts. Both serve one build of a small copy of the site in which the staff gave
// Springfield, MO a new slug and removed Nampa, as a production build for a Supabase project (VITE_SUPABASE_URL).
// Anything that differs between the two fails.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'node-html-parser'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCloudflare, type Site } from '../../scripts/lib/cloudflare'
import { copyProject } from '../../scripts/lib/projectCopy'
import { FINDER_PARTS_DIR } from '../../src/finder/format'
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, securityHeaders } from '../../src/hosting/headers'
import { fileForPath } from '../../src/urls/paths'
import { emptyDatabase, startLocalServer, type LocalServer } from './localServer'
import { borrowBrowser, type LentBrowser } from './workerBrowser'
import { localFetch } from '../../scripts/lib/localFetch'

const SUPABASE_URL = 'https://abcdefghijklmnop.supabase.co'
const FUNCTION_URL = `${SUPABASE_URL}/functions/v1/send-contact-email`

/** The spec's not-found screens (docs/spec.md §2, §8; the French ones of docs/architecture.md): heading and text. */
const SCREENS = {
  'en:404': { heading: 'Oops! Page not found', text: 'Return to Home', lang: 'en' },
  'en:page': { heading: 'Page Not Found', text: "The page you're looking for doesn't exist.", lang: 'en' },
  'en:service': { heading: 'Service Not Found', text: "The service you're looking for doesn't exist.", lang: 'en' },
  'en:city-service': { heading: 'Service Not Found', text: "The service or location you're looking for doesn't exist.", lang: 'en' },
  'fr:404': { heading: 'Oups\u00a0! Page introuvable', text: 'Retour à l’accueil', lang: 'fr-CA' },
  'fr:service': { heading: 'Service introuvable', text: 'Le service que vous cherchez n’existe pas.', lang: 'fr-CA' },
  'fr:city-service': { heading: 'Service introuvable', text: 'Le service ou l’endroit que vous cherchez n’existe pas.', lang: 'fr-CA' },
} as const
type Screen = keyof typeof SCREENS

/** Every kind of page of the route table, in both languages: each answers 200 with the page built for its URL. */
const PAGES = [
  '/',
  '/about',
  '/contact',
  '/quote',
  '/privacy',
  '/thank-you',
  '/local-services',
  '/local-services/boise',
  '/services/strip-wax',
  '/services/move-in-out', // a header alias
  '/boise-strip-wax',
  '/boise-strip-wax-janitorial',
  '/boise-routine-janitorial',
  '/boise-routine-janitorial-janitorial',
  '/springfield-mo-day-porter-janitorial',
  '/springfield-il-day-porter',
  '/montreal-deep-cleaning-janitorial',
  '/fr',
  '/fr/a-propos',
  '/fr/contact',
  '/fr/soumission',
  '/fr/confidentialite',
  '/fr/merci',
  '/fr/services-locaux',
  '/fr/services-locaux/montreal',
  '/fr/services/decapage-et-cirage',
  '/fr/montreal-decapage-et-cirage',
  '/fr/quebec-grand-menage',
]

/** [path, status, where it leads]: a page's one URL (307, as Cloudflare's static assets answer), old city URLs (301, `_redirects`). */
const REDIRECTS: [string, number, string][] = [
  ['/about.html', 307, '/about'],
  ['/about/', 307, '/about'],
  ['/index.html', 307, '/'],
  ['/index', 307, '/'],
  ['/fr/', 307, '/fr'],
  ['/fr/a-propos.html', 307, '/fr/a-propos'],
  ['/services/strip-wax/', 307, '/services/strip-wax'],
  ['/boise-strip-wax.html?utm_source=mail', 307, '/boise-strip-wax?utm_source=mail'],
  // Springfield, MO was given the slug springfield-mo: its old URLs lead to the new ones.
  ['/springfield-strip-wax', 301, '/springfield-mo-strip-wax'],
  ['/springfield-routine-janitorial-janitorial', 301, '/springfield-mo-routine-janitorial-janitorial'],
  ['/springfield-strip-wax?utm_source=mail', 301, '/springfield-mo-strip-wax?utm_source=mail'],
  ['/local-services/springfield', 301, '/local-services/springfield-mo'],
  // Nampa was removed: its URLs lead to the service pages, its hub to the directory.
  ['/nampa-strip-wax', 301, '/services/strip-wax'],
  ['/nampa-office-cleaning-janitorial', 301, '/services/office-cleaning'],
  ['/nampa-routine-janitorial', 301, '/services/routine-janitorial'],
  ['/local-services/nampa', 301, '/local-services'],
]

/**
 * [path, the spec's screen]: every not-found variant, each with status 404 and the spec's screen, with JavaScript and
 * without it, on both servers: `npm start` routes every path, and so does the Worker for every path no file answers.
 */
const MISSES: [string, Screen][] = [
  ['/nope', 'en:404'],
  ['/no/such/page', 'en:404'],
  ['/local-services/atlantis', 'en:404'],
  ['/services/nope', 'en:service'],
  ['/services/Strip-Wax', 'en:service'],
  ['/services/strip-wax/extra', 'en:404'],
  ['/-janitorial', 'en:page'],
  ['/atlantis-strip-wax', 'en:city-service'],
  ['/atlantis-routine-janitorial', 'en:city-service'],
  ['/boise-nothing-janitorial', 'en:service'],
  ['/atlantis-strip-wax-janitorial', 'en:service'],
  ['/fr/nope', 'fr:404'],
  ['/fr/services-locaux/atlantis', 'fr:404'],
  ['/fr/services/nope', 'fr:service'],
  ['/fr/atlantis-grand-menage', 'fr:city-service'],
  ['/fr/boise-grand-menage', 'fr:city-service'], // Boise has no French pages
]

/** The headers every answer carries, on both servers (src/hosting/headers.ts), but Cross-Origin-Resource-Policy. */
const SECURITY = Object.fromEntries(Object.entries(securityHeaders({ supabaseUrl: SUPABASE_URL })).filter(([name]) => name !== 'Cross-Origin-Resource-Policy'))

let root: string
let removeCopy: () => void
let local: LocalServer
let cloudflare: Site
let browser: Browser
let lent: LentBrowser | undefined
const servers = () => ({ Cloudflare: cloudflare.url, 'npm start': local.url })

beforeAll(async () => {
  ;({ root, remove: removeCopy } = copyProject())
  keepSmallSite(root)
  // npm start builds the copy (as a production build for a Supabase project), then Cloudflare's runtime serves the same folder.
  ;[lent, local] = await Promise.all([
    borrowBrowser(),
    startLocalServer({ VITE_SUPABASE_URL: SUPABASE_URL, VITE_SUPABASE_ANON_KEY: 'public-anon-key' }, root, undefined, emptyDatabase()),
  ])
  browser = lent.browser
  cloudflare = await startCloudflare(path.join(root, 'dist/client'))
}, 300_000)

afterAll(async () => {
  await lent?.giveBack()
  await cloudflare?.close()
  await local?.remove()
  removeCopy?.()
}, 60_000)

/**
 * The copy's data: five cities in two countries and both languages, Springfield, MO given the slug `springfield-mo`
 * (a new URL the staff asked for) and Nampa removed, with their published slugs (data/city-slugs.csv).
 */
function keepSmallSite(copy: string) {
  const kept = new Map([
    ['Boise,ID,US', ''],
    ['Springfield,MO,US', 'springfield-mo'],
    ['Springfield,IL,US', ''],
    ['Montréal,QC,CA', ''],
    ['Québec,QC,CA', ''],
  ])
  const rewrite = (name: string, edit: (header: string, rows: string[]) => string[]) => {
    const file = path.join(copy, 'data', name)
    const [header, ...rows] = readFileSync(file, 'utf8').trimEnd().split(/\r?\n/)
    writeFileSync(file, edit(header!, rows).join('\n') + '\n')
  }
  rewrite('cities.csv', (header, rows) => [
    `${header},slug`,
    ...rows.filter((row) => kept.has(row.split(',').slice(0, 3).join(','))).map((row) => `${row},${kept.get(row.split(',').slice(0, 3).join(','))}`),
  ])
  rewrite('city-slugs.csv', (header, rows) => [header, ...rows.filter((row) => kept.has(row.split(',').slice(1, 4).join(',')) || row.startsWith('nampa,'))])
}

interface Answer {
  status: number
  headers: Headers
  body: string
}

async function get(base: string, urlPath: string): Promise<Answer> {
  const response = await localFetch(`${base}${urlPath}`, { redirect: 'manual' })
  return { status: response.status, headers: response.headers, body: await response.text() }
}

/** The headers of an answer, by name. */
function headersOf(answer: Answer, names: string[]): Record<string, string | null> {
  return Object.fromEntries(names.map((name) => [name, answer.headers.get(name)]))
}

/** The page's heading without JavaScript: the h1 outside the <template>s the not-found pages carry for their script. */
function visibleHeading(html: string): string {
  return parse(html.replace(/<template[\s\S]*?<\/template>/g, ''))
    .querySelectorAll('h1')
    .map((h) => h.textContent.trim())
    .join(' | ')
}

const expectedHeaders = (cache: string, resourcePolicy = 'same-origin') => ({
  ...SECURITY,
  'Cross-Origin-Resource-Policy': resourcePolicy,
  'Cache-Control': cache,
})

async function context(javaScriptEnabled: boolean): Promise<BrowserContext> {
  return browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } })
}

interface Shown {
  heading: string
  text: string
  lang: string | null | undefined
}

/** The not-found screen of a page without JavaScript: what its HTML shows (the <template>s other screens wait in are inert). */
function screenWithout(html: string): Shown {
  const view = parse(html).querySelector('[data-not-found-view]')
  const heading = view?.querySelector('h1')
  return { heading: heading?.textContent.trim() ?? '', text: view?.textContent ?? '', lang: heading?.closest('[lang]')?.getAttribute('lang') }
}

/** The not-found screen a browser shows for `url` with JavaScript, once the page's script has run. */
async function screenWith(page: Page, url: string): Promise<Shown & { status?: number }> {
  const response = await page.goto(url, { waitUntil: 'load' })
  const view = page.locator('[data-not-found-view]')
  const heading = view.locator('h1')
  return {
    status: response?.status(),
    heading: await heading.innerText(),
    text: await view.innerText(),
    lang: await heading.evaluate((h) => h.closest('[lang]')?.getAttribute('lang')),
  }
}

/** A page's row: 200 with the page built for its URL and the site's headers, on both servers. */
async function pageRow(urlPath: string) {
  const built = visibleHeading(readFileSync(path.join(root, 'dist/client', fileForPath(urlPath)), 'utf8'))
  expect(built).not.toBe('')
  for (const [server, base] of Object.entries(servers())) {
    const answer = await get(base, urlPath)
    expect({ server, status: answer.status, heading: visibleHeading(answer.body) }).toEqual({ server, status: 200, heading: built })
    const names = [...Object.keys(expectedHeaders(CACHE_REVALIDATE)), 'Content-Type']
    expect({ server, ...headersOf(answer, names) }).toEqual({ server, ...expectedHeaders(CACHE_REVALIDATE), 'Content-Type': 'text/html; charset=utf-8' })
  }
}

describe('pages', () => {
  it.each(PAGES)('%s: 200 with its own page, the same headers on both servers', pageRow)

  it.each(['/quote', '/fr/soumission', '/boise-strip-wax-janitorial', '/fr/montreal-decapage-et-cirage'])(
    "%s: the quote form posts to the Supabase project's function, which the page's CSP allows",
    async (urlPath) => {
      const lang = urlPath.startsWith('/fr') ? '?lang=fr' : ''
      for (const [server, base] of Object.entries(servers())) {
        const answer = await get(base, urlPath)
        const form = parse(answer.body).querySelector('[data-quote-island] form')
        expect({ server, method: form?.getAttribute('method'), action: form?.getAttribute('action') }).toEqual({
          server,
          method: 'post',
          action: `${FUNCTION_URL}${lang}`,
        })
        expect(answer.headers.get('Content-Security-Policy')).toContain(`form-action 'self' ${SUPABASE_URL}`)
      }
    },
  )
})

describe('redirects', () => {
  it.each(REDIRECTS)('%s: %i to %s on both servers', async (urlPath, status, location) => {
    for (const [server, base] of Object.entries(servers())) {
      const answer = await get(base, urlPath)
      const to = answer.headers.get('Location')
      expect({ server, status: answer.status, location: to === null ? null : new URL(to, base).href }).toEqual({
        server,
        status,
        location: `${base}${location}`,
      })
      expect({ server, ...headersOf(answer, Object.keys(SECURITY)) }).toEqual({ server, ...SECURITY })
    }
  })
})

describe('not-found variants', () => {
  let tab: Page
  beforeAll(async () => {
    tab = await (await context(true)).newPage()
  })

  it.each(MISSES)('%s: 404, %s with JavaScript and without it, on both servers', async (urlPath, spec) => {
    for (const [server, base] of Object.entries(servers())) {
      const answer = await get(base, urlPath)
      expect({ server, status: answer.status, ...headersOf(answer, Object.keys(SECURITY)) }).toEqual({ server, status: 404, ...SECURITY })
      expect({ server, cache: answer.headers.get('Cache-Control') }).toEqual({ server, cache: 'no-store' })
      const shown = { off: screenWithout(answer.body), on: await screenWith(tab, `${base}${urlPath}`) }
      expect({ server, status: shown.on.status }).toEqual({ server, status: 404 })
      for (const javaScript of ['off', 'on'] as const) {
        expect({ server, javaScript, heading: shown[javaScript].heading, lang: shown[javaScript].lang }).toEqual({
          server,
          javaScript,
          heading: SCREENS[spec].heading,
          lang: SCREENS[spec].lang,
        })
        expect(shown[javaScript].text, `${server}, JavaScript ${javaScript}`).toContain(SCREENS[spec].text)
      }
    }
  })

  it.each([
    ['/atlantis-deep-cleaning', ['/atlantis-deep-cleaning', 'atlantis', 'deep-cleaning']],
    ['/fr/atlantis-grand-menage', ['/fr/atlantis-grand-menage', 'atlantis', 'grand-menage']],
    ['/atlantis-routine-janitorial', ['/atlantis-routine-janitorial', 'atlantis', 'routine-janitorial']],
  ])('%s: fills the debug box with the URL asked for and what it parsed, with JavaScript and without it, on both servers', async (urlPath, cells) => {
    const on = await context(true)
    for (const [server, base] of Object.entries(servers())) {
      const page = await on.newPage()
      await page.goto(`${base}${urlPath}`)
      const cell = (key: string) => page.locator(`[data-not-found-view] [data-debug="${key}"]`).textContent()
      const view = parse((await get(base, urlPath)).body).querySelector('[data-not-found-view]')
      const without = (key: string) => view?.querySelector(`[data-debug="${key}"]`)?.textContent
      const shown = { on: await Promise.all(['url', 'city', 'service'].map(cell)), off: ['url', 'city', 'service'].map(without) }
      expect({ server, ...shown }).toEqual({ server, on: cells, off: cells })
      await page.close()
    }
    await on.close()
  })
})

describe('files', () => {
  it('serves the hashed assets for a year and lets other origins embed them and the uploads; the rest is revalidated and kept to the site', async () => {
    const home = readFileSync(path.join(root, 'dist/client/index.html'), 'utf8')
    const css = home.match(/href="(\/assets\/[^"]+\.css)"/)![1]!
    const script = home.match(/src="(\/assets\/[^"]+\.js)"/)![1]!
    const rows: [string, string, string, string][] = [
      [css, CACHE_IMMUTABLE, 'cross-origin', 'text/css; charset=utf-8'],
      [script, CACHE_IMMUTABLE, 'cross-origin', 'text/javascript; charset=utf-8'],
      ['/og-image.jpg', CACHE_REVALIDATE, 'same-origin', 'image/jpeg'],
      ['/sitemap.xml', CACHE_REVALIDATE, 'same-origin', 'application/xml'],
      ['/uploads/logo.svg', CACHE_REVALIDATE, 'cross-origin', 'image/svg+xml'],
      ['/coverage-map.svg', CACHE_REVALIDATE, 'same-origin', 'image/svg+xml'],
      ['/fr/coverage-map.svg', CACHE_REVALIDATE, 'same-origin', 'image/svg+xml'],
      ['/robots.txt', CACHE_REVALIDATE, 'same-origin', 'text/plain; charset=utf-8'],
      // The city finder's index: its first part follows every edit of the cities, the other parts have hashed names.
      ['/finder/index.json', CACHE_REVALIDATE, 'same-origin', 'application/json'],
      [`${FINDER_PARTS_DIR}/${readdirSync(path.join(root, 'dist/client', FINDER_PARTS_DIR))[0]}`, CACHE_IMMUTABLE, 'cross-origin', 'text/plain; charset=utf-8'],
    ]
    for (const [urlPath, cache, resourcePolicy, type] of rows) {
      for (const [server, base] of Object.entries(servers())) {
        const answer = await get(base, urlPath)
        const names = [...Object.keys(expectedHeaders(cache)), 'Content-Type']
        expect({ server, urlPath, status: answer.status, ...headersOf(answer, names) }).toEqual({
          server,
          urlPath,
          status: 200,
          ...expectedHeaders(cache, resourcePolicy),
          'Content-Type': type,
        })
      }
    }
  })

  it('never serves the host files', async () => {
    for (const urlPath of ['/_headers', '/_redirects']) {
      for (const [server, base] of Object.entries(servers())) {
        const answer = await get(base, urlPath)
        // Cloudflare's runtime answers 502 where the deployed host answers 404; npm start answers 404.
        expect({ server, urlPath, served: answer.status < 400, leaked: answer.body.includes('src/hosting/hostFiles.ts') }).toEqual({
          server,
          urlPath,
          served: false,
          leaked: false,
        })
      }
    }
  })
})

describe('the table itself', () => {
  it("fails when the servers differ: a header taken out of Cloudflare's _headers breaks a page's row, which passes again once it is back", async () => {
    const file = path.join(root, 'dist/client/_headers')
    const original = readFileSync(file, 'utf8')
    const frameOptions = async () => (await get(cloudflare.url, '/about')).headers.get('X-Frame-Options')
    await pageRow('/about')
    expect(original).toMatch(/^ +X-Frame-Options: SAMEORIGIN$/m)
    try {
      // The runtime reads _headers again when it changes.
      writeFileSync(file, original.replace(/^ +X-Frame-Options: SAMEORIGIN\n/m, ''))
      await expect.poll(frameOptions, { timeout: 30_000, interval: 250 }).toBeNull()
      await expect(pageRow('/about')).rejects.toThrow()
    } finally {
      // wrangler 4.86.0 misses a change that comes within about a second of the last one (measured: 20 ms after it, never
      // read), and on a loaded machine now and then one that comes later: the
      // file is written back again every 3 s until the runtime serves it.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      let written = 0
      const restored = async () => {
        if (Date.now() - written > 3_000) {
          writeFileSync(file, original)
          written = Date.now()
        }
        return frameOptions()
      }
      await expect.poll(restored, { timeout: 30_000, interval: 250 }).toBe('SAMEORIGIN')
    }
    await pageRow('/about')
  })
})
