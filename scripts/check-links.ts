// Crawls the built site with linkinator and fails on any broken link: `npm run check:links`.
// A crawl only reaches linked pages: the not-found screens are checked as extra starting points,
// and tests/build/links.test.ts checks every internal href of every built file.
import { LinkChecker, LinkState, type CheckOptions } from 'linkinator'

const root = 'dist/client'
const options: Omit<CheckOptions, 'path'> = {
  recurse: true,
  cleanUrls: true,
  redirects: 'error',
  checkFragments: true,
  concurrency: 25,
  timeout: 10_000,
  // Canonical and social URLs name the production origin; mailto:/tel: are not web links.
  linksToSkip: async (link) => !/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(link),
}

const started = performance.now()
const runs = [
  await new LinkChecker().check({ ...options, path: root }),
  await new LinkChecker().check({ ...options, path: ['404.html', 'not-found/service.html', 'not-found/city-service.html', 'not-found/page.html'], serverRoot: root }),
]
const links = runs.flatMap((r) => r.links)
const broken = links.filter((l) => l.state === LinkState.BROKEN)
for (const link of broken) console.error(`BROKEN ${link.status ?? ''} ${link.url} (on ${link.parent})`)
const seconds = ((performance.now() - started) / 1000).toFixed(1)
console.log(`linkinator: ${links.length} links checked (${links.filter((l) => l.state === LinkState.SKIPPED).length} external skipped), ${broken.length} broken, in ${seconds} s`)
process.exit(broken.length === 0 ? 0 : 1)
