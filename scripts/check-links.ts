// `npm run check:links`: linkinator over the built site served by Cloudflare's runtime (scripts/lib/cloudflare.ts;
// the one npm test started, through CLOUDFLARE_URL); fails on any broken link. It checks every link of every hub page:
// the static pages (the directory's A–Z list reaches every city hub), all service pages (whose 'Available in' lists
// reach every canonical city page), the not-found screens, city pages of both schemes and a city hub in each language;
// the links of every other file are checked by tests/build/links.test.ts.
//
// The service pages' links to city pages (~7,300 of the ~8,000 links) are all the same kind of URL, a page file served
// under its clean URL: the runtime answers each of them in the same way, at ~11 ms of CPU a request (most of the link
// check's time on 2 cores). So by default the runtime gets those of every CITY_SAMPLE-th city (and of the cities of the
// hub pages above); the others, like every link of every file, are resolved against the files by
// tests/build/links.test.ts, and no `_redirects` rule can take a page's URL (src/hosting/redirects.ts). `--all` checks
// every one of them on the runtime too (before a deploy, or after a change of the host files).
// `check-links.ts <folder> <path>...` checks those pages of a folder. A whole check that passes is noted with the
// build's fingerprint (scripts/lib/buildFolder.ts), so that `npm run deploy` does not crawl the same build again.
import path from 'node:path'
import { getCatalogue } from '../src/catalog/index'
import { sitePaths } from '../src/pages/entries'
import { matchRoute } from '../src/urls/routes'
import { ROOT_404_PATH } from '../src/urls/notFound'
import { cityHubPath } from '../src/urls/paths'
import { scanFolder, recordLinkCheck } from './lib/buildFolder'
import { checkSite } from './lib/checkLinks'
import { cloudflareSite } from './lib/cloudflare'

const CITY_SAMPLE = 8
const SAMPLE_CITIES = ['boise', 'montreal', 'springfield-il']

function hubPages() {
  const paths = sitePaths(getCatalogue())
  const samples = [
    '/boise-strip-wax',
    '/boise-strip-wax-janitorial',
    '/montreal-routine-janitorial',
    '/springfield-il-day-porter-janitorial',
    cityHubPath('boise'),
    cityHubPath('montreal', 'fr'),
  ]
  return [...paths.static, ...paths.services, ...paths.notFound, ROOT_404_PATH, ...samples]
}

/** The city pages whose links the runtime leaves to the files' check: those of cities outside the sample. */
function leftToFiles(): (pathAndQuery: string) => boolean {
  const catalogue = getCatalogue()
  const sampled = new Set([...catalogue.cities.filter((_, i) => i % CITY_SAMPLE === 0).map((c) => c.slug), ...SAMPLE_CITIES])
  return (pathAndQuery) => {
    if (/[?#]/.test(pathAndQuery)) return false
    const route = matchRoute(pathAndQuery, catalogue.routeContext)
    return route.kind === 'city-service' && !sampled.has(route.citySlug)
  }
}

const args = process.argv.slice(2)
const all = args.includes('--all')
const [folder, ...pages] = args.filter((a) => a !== '--all')
const root = path.resolve(folder ?? 'dist/client')
const before = folder ? undefined : scanFolder(root)
const site = await cloudflareSite(root)
const report = await (
  folder
    ? checkSite(site.url, pages.length > 0 ? pages : ['/'])
    : checkSite(site.url, hubPages(), { notFoundPaths: [ROOT_404_PATH], leave: all ? undefined : leftToFiles() })
).finally(() => site.close())
for (const link of report.broken) console.error(`BROKEN ${link.status} ${link.url}${link.parent ? ` (on ${link.parent})` : ''}: ${link.reason}`)
const retries = report.retries > 0 ? `, ${report.retries} retries` : ''
const left = report.left > 0 ? `, ${report.left} city pages of cities outside the sample left to the files' check (--all: every one)` : ''
console.log(
  `linkinator: ${report.pages} pages, ${report.checked} links checked (${report.skipped} external or non-web skipped${left}), ${report.broken.length} broken${retries}, in ${report.seconds.toFixed(1)} s`,
)
process.exitCode = report.broken.length === 0 ? 0 : 1
// The build as it was checked: the same files before and after.
if (before && report.broken.length === 0 && scanFolder(root).fingerprint === before.fingerprint) recordLinkCheck(before, all)
