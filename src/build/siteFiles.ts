import path from 'node:path'
import type { Catalogue } from '../catalog/index'
import { sitePolicy } from '../hosting/headers'
import { writeHostFiles } from '../hosting/hostFiles'
import { writePage } from './writePage'
import { catalogueRedirectRules } from '../hosting/redirects'
import { datedSitemap, robotsTxt, sitemapFiles, type dataDates, type SitemapPage } from '../seo/sitemap'
import { coverageMapSvg, MAP_FILES } from '../geo/coverageMap'
import { LANGS } from '../i18n/lang'
import { maxFiles } from '../config'
import { writeFinderFiles } from '../finder/indexFiles'
import { filesIn } from '../files/filesIn'

/**
 * Writes sitemap.xml, robots.txt, the coverage maps (src/geo/coverageMap.ts; rewritten on every build, so they follow
 * every edit of the cities), the city finder's index (src/finder/indexFiles.ts) and the static hosts' _headers/_redirects;
 * throws when the output breaks a host's limit.
 */
export async function writeSiteFiles(
  outDir: string,
  catalogue: Catalogue,
  log: (line: string) => void,
  { dates, sitemap }: { dates: ReturnType<typeof dataDates>; sitemap: readonly SitemapPage[] },
) {
  const entries = datedSitemap(sitemap, await dates)
  // Each only when its bytes changed, as the pages (a server reading the folder meanwhile sees no needless change).
  for (const { file, xml } of sitemapFiles(entries, catalogue.site.siteUrl)) writePage(path.join(outDir, file), xml)
  writePage(path.join(outDir, 'robots.txt'), robotsTxt(catalogue.site.siteUrl))
  for (const lang of LANGS) writePage(path.join(outDir, MAP_FILES[lang]), coverageMapSvg(catalogue, lang))
  const finder = writeFinderFiles(outDir, catalogue)
  const redirects = catalogueRedirectRules(catalogue)
  writeHostFiles(outDir, { ...sitePolicy(catalogue.site), redirects })
  log(
    `sitemap.xml: ${entries.length} canonical URLs; robots.txt, ${Object.values(MAP_FILES).join(', ')}, the city finder's index (${finder.parts + 1} files, from ${finder.source}), _headers and _redirects (${redirects.static.length + redirects.dynamic.length} rules) written`,
  )
}

/**
 * How many files the build folder holds; throws when Cloudflare would refuse that many (src/hosting/limits.ts).
 * `MAX_FILES=0` lifts the limit, for a site that goes to another host (or a benchmark).
 */
export function countFiles(outDir: string, limit = maxFiles()): number {
  const files = filesIn(outDir).length
  if (limit > 0 && files >= limit) {
    throw new Error(
      `${outDir} holds ${files} files: Cloudflare (free plan) refuses ${limit.toLocaleString('en')} or more (MAX_FILES=0 lifts this check for other hosts)`,
    )
  }
  return files
}
