import '../src/build/productionMode'
import { loadCatalogue } from '../src/catalog/index'
import { pageSummaries } from '../src/build/fingerprints'
import { forEachPage, entryAt, pageCount } from '../src/pages/entries'
import { propsHash } from '../src/pages/props'
import { sitemapPage } from '../src/seo/sitemap'
const c = loadCatalogue('data')
const gcs = () => (globalThis as any).gcCount
console.log('--- pass')
let t = performance.now()
pageSummaries(c, 'code')
console.log('--- pass done', (performance.now() - t).toFixed(0))
const c2 = loadCatalogue('data')
t = performance.now()
for (let i = 0, n = pageCount(c2); i < n; i++) entryAt(c2, i)
console.log('--- entries only', (performance.now() - t).toFixed(0))
const c3 = loadCatalogue('data')
t = performance.now()
for (let i = 0, n = pageCount(c3); i < n; i++) propsHash(entryAt(c3, i).props)
console.log('--- entries+hash', (performance.now() - t).toFixed(0))
const c4 = loadCatalogue('data')
t = performance.now()
for (let i = 0, n = pageCount(c4); i < n; i++) sitemapPage(entryAt(c4, i))
console.log('--- entries+sitemap', (performance.now() - t).toFixed(0))
