import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { statSync } from 'node:fs'
import path from 'node:path'
import { DATA_FILES, type Catalogue } from '../catalog/index'
import { canonicalPath, isNoindex } from '../pages/head'
import { pageEntries, type PageEntry } from '../pages/entries'
import { sourcesOf, type DataFile } from '../pages/dataFiles'
import type { IndexDecision } from '../pages/searchStatus'
import type { Remember } from '../build/keptValues'
import { fileStamp, gitLayout } from '../slugs/committed'

/** sitemaps.org: at most 50,000 URLs and 50 MB per file; beyond that, a sitemap index. */
const MAX_URLS_PER_SITEMAP = 50_000
const MAX_BYTES_PER_SITEMAP = 50 * 1024 * 1024

const run = promisify(execFile)

/**
 * When each data file last changed: its last commit, or its modification time when it was edited since (or outside a
 * git checkout). Two git commands for all the files (a pair per file cost 0.2 s of every build), run at once, beside
 * the build's own work (the build starts them first). Starting a process from the build's costs it ~20 ms each, so:
 * outside a git checkout (no `.git` in the folder or above it, no GIT_DIR) none is run, and with `remember` (the build's
 * kept values) what they answered is kept with the state of the repository and of the data files (gitState()).
 */
export async function dataDates(dataDir = path.resolve('data'), remember?: Remember): Promise<Record<DataFile, Date>> {
  const state = process.env.GIT_DIR ? [] : gitState(dataDir)
  const { committed, dirty } = !state
    ? { committed: new Map<string, Date>(), dirty: new Set<string>() }
    : remember && state.length > 0
      ? await remember.later('data-dates', state, () => askGit(dataDir))
      : await askGit(dataDir)
  const dateOf = (file: string) => (!dirty.has(file) && committed.get(file)) || statSync(path.join(dataDir, file)).mtime
  return Object.fromEntries(Object.entries(DATA_FILES).map(([key, file]) => [key, dateOf(file)])) as Record<DataFile, Date>
}

/** Each data file's last commit, and the files edited since (staged or not). */
async function askGit(dataDir: string): Promise<{ committed: Map<string, Date>; dirty: Set<string> }> {
  const files = Object.values(DATA_FILES)
  const git = async (args: string[]) => (await run('git', args, { cwd: dataDir, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 })).stdout
  const committed = new Map<string, Date>()
  const dirty = new Set<string>()
  try {
    const [log, diff] = await Promise.all([
      git(['log', '--format=%x00%cI', '--name-only', '--relative', '--', ...files]),
      git(['diff', 'HEAD', '--name-only', '--relative', '--', ...files]),
    ])
    // Newest commit first: a file's first appearance is its last commit.
    let date: Date | undefined
    for (const line of log.split('\n')) {
      if (line.startsWith('\0')) date = new Date(line.slice(1))
      else if (line && date && !committed.has(line)) committed.set(line, date)
    }
    // Edited since (staged or not); a file never committed has no commit date.
    for (const line of diff.split('\n')) if (line) dirty.add(line)
  } catch {
    // git failed (not installed, a broken repository): every file has its own time
  }
  return { committed, dirty }
}

/**
 * What git's answers about the data files depend on, read without git: the current commit (HEAD and the files of the
 * refs it names), the index and the configuration, and each data file's size and time. undefined outside a git
 * checkout; empty when the repository's layout is not one this knows (git is then asked every time).
 */
function gitState(dataDir: string): string[] | undefined {
  try {
    const layout = gitLayout(dataDir)
    if (!layout) return undefined
    const { gitDir, commonDir, head, ref } = layout
    const files = [
      path.join(gitDir, 'index'),
      path.join(commonDir, 'config'),
      path.join(commonDir, 'packed-refs'),
      ...(ref ? [path.join(commonDir, ref)] : []),
      ...Object.values(DATA_FILES).map((file) => path.join(dataDir, file)),
    ]
    return [head, ...files.map(fileStamp)]
  } catch {
    return []
  }
}

export interface SitemapEntry {
  path: string
  lastmod: Date
}

/** A page of the sitemap, before the data files are dated: its path and the files it was made from. */
export interface SitemapPage {
  path: string
  sources: readonly DataFile[]
}

/** The page as the sitemap lists it, if it declares itself canonical and is not kept out of the index; undefined for the others. */
export function sitemapPage({ path, model, props }: PageEntry): SitemapPage | undefined {
  if (isNoindex(model, props.search) || canonicalPath(model) !== path) return undefined
  return { path, sources: sourcesOf(props) }
}

/** The sitemap's entries of these pages: each with the date of the newest data it was made from. */
export function datedSitemap(pages: readonly SitemapPage[], dates: Record<DataFile, Date>): SitemapEntry[] {
  return pages.map(({ path, sources }) => ({ path, lastmod: new Date(Math.max(...sources.map((source) => dates[source].getTime()))) }))
}

/** Every URL that declares itself canonical, with the date of the newest data it was made from. */
export function sitemapEntries(catalogue: Catalogue, decision: IndexDecision, dates: Record<DataFile, Date>): SitemapEntry[] {
  return datedSitemap(
    pageEntries(catalogue, decision).flatMap((entry) => sitemapPage(entry) ?? []),
    dates,
  )
}

const xmlEscape = (s: string) => (/[&<>]/.test(s) ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : s)
/** A day as YYYY-MM-DD; the pages share a handful of dates (one per data file), each written once. */
const days = new Map<number, string>()
const day = (d: Date) => {
  let text = days.get(d.getTime())
  if (text === undefined) days.set(d.getTime(), (text = d.toISOString().slice(0, 10)))
  return text
}

/** sitemap.xml, or sitemap.xml as an index of sitemap-N.xml files when one file would be too large. */
export function sitemapFiles(entries: SitemapEntry[], siteUrl: string, maxUrls = MAX_URLS_PER_SITEMAP): { file: string; xml: string }[] {
  const urlset = (chunk: SitemapEntry[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${chunk
      .map((e) => `<url><loc>${xmlEscape(siteUrl + e.path)}</loc><lastmod>${day(e.lastmod)}</lastmod></url>`)
      .join('\n')}\n</urlset>\n`
  const single = urlset(entries)
  if (entries.length <= maxUrls && Buffer.byteLength(single) <= MAX_BYTES_PER_SITEMAP) return [{ file: 'sitemap.xml', xml: single }]

  const chunks: SitemapEntry[][] = []
  for (let i = 0; i < entries.length; i += maxUrls) chunks.push(entries.slice(i, i + maxUrls))
  const children = chunks.map((chunk, i) => ({
    file: `sitemap-${i + 1}.xml`,
    xml: urlset(chunk),
    lastmod: new Date(Math.max(...chunk.map((e) => e.lastmod.getTime()))),
  }))
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${children
    .map((c) => `<sitemap><loc>${xmlEscape(`${siteUrl}/${c.file}`)}</loc><lastmod>${day(c.lastmod)}</lastmod></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`
  return [{ file: 'sitemap.xml', xml: index }, ...children.map(({ file, xml }) => ({ file, xml }))]
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`
}
