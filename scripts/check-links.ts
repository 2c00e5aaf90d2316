// `npm run check:links`: linkinator over the built site, served as a static host serves it; fails on
// any broken link. It checks every link of every hub page: the static pages, all service pages
// (whose 'Available in' lists reach every canonical city page), the not-found screens, and city
// pages of both schemes. A recursive crawl of all ~14,600 pages makes linkinator 7 fail requests
// under load (status 0), so the links of every other file are checked by tests/build/links.test.ts.
import { LinkChecker, LinkState } from 'linkinator'
import { getCatalogue } from '../src/catalog/index'
import { startPlainStaticHost } from '../server/plainHost.ts'
import { sitePaths } from '../src/pages/entries'
import { ROOT_404_PATH } from '../src/urls/notFound'

const catalogue = getCatalogue()
const paths = sitePaths(catalogue)
const samples = ['/boise-strip-wax', '/boise-strip-wax-janitorial', '/montreal-routine-janitorial', '/springfield-il-day-porter-janitorial']
const hubs = [...paths.static, ...paths.services, ...paths.notFound, ROOT_404_PATH, ...samples]

const host = await startPlainStaticHost()
const started = performance.now()
try {
  const result = await new LinkChecker().check({
    path: hubs.map((p) => `${host.url}${p}`),
    recurse: false,
    redirects: 'error',
    checkFragments: true,
    concurrency: 10,
    timeout: 20_000,
    // Canonical and social URLs name the production origin; mailto:/tel: are not web links.
    linksToSkip: async (link) => !link.startsWith(host.url),
  })
  const links = result.links
  const broken = links.filter((l) => l.state === LinkState.BROKEN && !(l.url === `${host.url}/404` && l.status === 404))
  for (const link of broken) console.error(`BROKEN ${link.status ?? ''} ${link.url} (on ${link.parent})`)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const checked = links.filter((l) => l.state !== LinkState.SKIPPED).length
  console.log(`linkinator: ${hubs.length} pages, ${checked} links checked (${links.length - checked} external or non-web skipped), ${broken.length} broken, in ${seconds} s`)
  process.exitCode = broken.length === 0 ? 0 : 1
} finally {
  await host.close()
}
