// `npm run check:links`: linkinator over the built site served by Cloudflare Pages' runtime (scripts/lib/cloudflare.ts;
// the one npm test started, through CLOUDFLARE_URL); fails on any broken link. It checks every link of every hub page:
// the static pages (the directory's A–Z list reaches every city hub), all service pages (whose 'Available in' lists
// reach every canonical city page), the not-found screens, city pages of both schemes and a city hub in each language;
// the links of every other file are checked by tests/build/links.test.ts. `check-links.ts <folder> <path>...` checks
// those pages of a folder.
import path from 'node:path'
import { getCatalogue } from '../src/catalog/index'
import { sitePaths } from '../src/pages/entries'
import { ROOT_404_PATH } from '../src/urls/notFound'
import { cityHubPath } from '../src/urls/paths'
import { checkSite } from './lib/checkLinks'
import { cloudflareSite } from './lib/cloudflare'

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

const [folder, ...pages] = process.argv.slice(2)
const site = await cloudflareSite(path.resolve(folder ?? 'dist/client'))
const report = await (
  folder ? checkSite(site.url, pages.length > 0 ? pages : ['/']) : checkSite(site.url, hubPages(), { notFoundPaths: [ROOT_404_PATH] })
).finally(() => site.close())
for (const link of report.broken) console.error(`BROKEN ${link.status} ${link.url}${link.parent ? ` (on ${link.parent})` : ''}: ${link.reason}`)
const retries = report.retries > 0 ? `, ${report.retries} retries` : ''
console.log(
  `linkinator: ${report.pages} pages, ${report.checked} links checked (${report.skipped} external or non-web skipped), ${report.broken.length} broken, ${report.requests} requests${retries}, in ${report.seconds.toFixed(1)} s`,
)
process.exitCode = report.broken.length === 0 ? 0 : 1
