// Issue 55: the site on Cloudflare's runtime with its configuration (wrangler.jsonc: Workers with static assets, the
// not-found Worker of src/hosting/worker.ts), as npm test serves dist/client. Without JavaScript (the HTML as sent),
// every miss gets the spec's screen with status 404 from the Worker; every host but the canonical one (`siteUrl` of
// data/site.yaml), the Worker's workers.dev addresses and previews among them, answers `X-Robots-Tag: noindex`, files
// and misses alike. The route table against `npm start` is tests/e2e/routeTable.test.ts. Run `npm run build` first.
import { readFileSync } from 'node:fs'
import { parse } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { cloudflareSite, type Site } from '../../scripts/lib/cloudflare'
import { localRequest, type LocalAnswer } from '../../scripts/lib/localFetch'

let site: Site
beforeAll(async () => {
  site = await cloudflareSite()
}, 180_000)
afterAll(() => site?.close())

type Answer = LocalAnswer

/** A request with the Host header given (fetch() sends its own), as a browser on that host sends it. */
function request(urlPath: string, { host, method = 'GET' }: { host?: string; method?: string } = {}): Promise<Answer> {
  return localRequest(site.url, urlPath, { method, headers: host ? { Host: host } : {} })
}

/** The screen a page shows without JavaScript: its heading and text, and their language (the other screens wait in <template>s). */
function screen(html: string) {
  const view = parse(html).querySelector('[data-not-found-view]')
  const heading = view?.querySelector('h1')
  return { heading: heading?.textContent.trim(), lang: heading?.closest('[lang]')?.getAttribute('lang'), text: view?.textContent ?? '' }
}

describe('the not-found Worker', () => {
  it.each([
    ['/nowhere-city-strip-wax', 'Service Not Found', "The service or location you're looking for doesn't exist.", 'en'],
    ['/-janitorial', 'Page Not Found', "The page you're looking for doesn't exist.", 'en'],
    ['/boise-no-such-service-janitorial', 'Service Not Found', "The service you're looking for doesn't exist.", 'en'],
    ['/fr/nulle-part-decapage-et-cirage', 'Service introuvable', 'Le service ou l’endroit que vous cherchez n’existe pas.', 'fr-CA'],
    ['/fr/services/nope', 'Service introuvable', 'Le service que vous cherchez n’existe pas.', 'fr-CA'],
    ['/services/nope', 'Service Not Found', "The service you're looking for doesn't exist.", 'en'],
    ['/no/such/page', 'Oops! Page not found', 'Return to Home', 'en'],
    ['/fr/nope', 'Oups\u00a0! Page introuvable', 'Retour à l’accueil', 'fr-CA'],
  ])('%s: 404 with "%s" in the HTML, never cached', async (urlPath, heading, text, lang) => {
    const answer = await request(urlPath)
    expect({ status: answer.status, type: answer.headers['content-type'], cache: answer.headers['cache-control'] }).toEqual({
      status: 404,
      type: 'text/html; charset=utf-8',
      cache: 'no-store',
    })
    const shown = screen(answer.body)
    expect({ heading: shown.heading, lang: shown.lang }).toEqual({ heading, lang })
    expect(shown.text).toContain(text)
    // The page's own headers from _headers, as every file has them.
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'")
  })

  it('answers HEAD with the status and no body, and other methods with 405', async () => {
    const head = await request('/nowhere-city-strip-wax', { method: 'HEAD' })
    expect({ status: head.status, body: head.body }).toEqual({ status: 404, body: '' })
    const post = await request('/nowhere-city-strip-wax', { method: 'POST' })
    expect({ status: post.status, allow: post.headers.allow }).toEqual({ status: 405, allow: 'GET, HEAD' })
  })
})

describe('hosts', () => {
  const canonical = new URL((parseYaml(readFileSync('data/site.yaml', 'utf8')) as { siteUrl: string }).siteUrl).host
  /** A page, a file, a page's other URL (a redirect) and a miss (the Worker's answer). */
  const PATHS = ['/about', '/robots.txt', '/about.html', '/nowhere-city-strip-wax']
  const OTHER_HOSTS = [
    'evergreen-janitorial.evergreen.workers.dev', // the Worker's own workers.dev address
    '0a1b2c3d-evergreen-janitorial.evergreen.workers.dev', // a version's preview URL
    'pr-55-evergreen-janitorial.evergreen.workers.dev', // a preview's alias
    'anything.workers.dev',
    canonical.replace(/^www\./, ''), // the canonical host's other name
  ]

  it.each(OTHER_HOSTS)('%s: X-Robots-Tag: noindex on pages, files, redirects and misses', async (host) => {
    for (const urlPath of PATHS) {
      const answer = await request(urlPath, { host })
      expect({ urlPath, robots: answer.headers['x-robots-tag'] }).toEqual({ urlPath, robots: 'noindex' })
    }
  })

  it(`the canonical host, ${canonical}: no X-Robots-Tag anywhere`, async () => {
    expect(canonical).toMatch(/^www\./)
    for (const urlPath of PATHS) {
      const answer = await request(urlPath, { host: canonical })
      expect({ urlPath, status: answer.status < 500, robots: answer.headers['x-robots-tag'] }).toEqual({ urlPath, status: true, robots: undefined })
    }
  })
})
