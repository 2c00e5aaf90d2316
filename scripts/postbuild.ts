// The last step of `npm run build`: writes sitemap.xml, robots.txt and the static hosts' _headers/_redirects
// into dist/client, then reports what was built. `npx tsx scripts/postbuild.ts` reruns it alone.
import { readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { getCatalogue } from '../src/catalog/index'
import { writeHostFiles } from '../server/hostFiles'
import { catalogueRedirectRules } from '../src/urls/redirects'
import { dataDates, robotsTxt, sitemapEntries, sitemapFiles } from '../src/seo/sitemap'

/** Writes the site-wide files; throws when the output breaks a host's limit. */
export function writeSiteFiles(dist = path.resolve('dist/client')) {
  const catalogue = getCatalogue()
  const entries = sitemapEntries(catalogue, dataDates())
  for (const { file, xml } of sitemapFiles(entries, catalogue.site.siteUrl)) writeFileSync(path.join(dist, file), xml)
  writeFileSync(path.join(dist, 'robots.txt'), robotsTxt(catalogue.site.siteUrl))
  console.log(`sitemap.xml: ${entries.length} canonical URLs; robots.txt points to it`)
  const redirects = catalogueRedirectRules(catalogue)
  writeHostFiles(dist, { supabaseUrl: process.env.VITE_SUPABASE_URL, redirects })
  console.log(`_headers and _redirects (${redirects.static.length + redirects.dynamic.length} rules) written for Netlify / Cloudflare Pages`)

  const files = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((d) => d.isFile())
  const pages = files.filter((f) => f.name.endsWith('.html')).length
  const bytes = files.reduce((sum, f) => sum + statSync(path.join(f.parentPath, f.name)).size, 0)
  console.log(`built ${pages} pages, ${files.length} files, ${(bytes / 1e6).toFixed(0)} MB in dist/client`)
  if (files.length >= 20_000) throw new Error('dist/client holds 20,000 files or more: Cloudflare Pages (free plan) will refuse the upload')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    writeSiteFiles()
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}
