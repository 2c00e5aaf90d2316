// `/_staff`, answered by `npm start` only: every city with where its pages stand in the search index, its content files
// and their last edit, sortable by links (no script needed), and the cities on the coverage map coloured by standing.
import { statSync } from 'node:fs'
import path from 'node:path'
import type { City } from '../../src/catalog/index'
import { coverageMapSvg } from '../../src/geo/coverageMap'
import { cityHubPath } from '../../src/urls/paths'
import { filesIn } from '../../src/files/filesIn'
import { escapeHtml } from '../../supabase/functions/send-contact-email/mail'
import { STAFF_CSS, STAFF_LIVE_JS } from './assets'
import { cityStandings, type CityStanding, type Standings } from './standing'

const count = (n: number) => n.toLocaleString('en-US')

/** A content file of a city, with its last edit. */
interface ContentFile {
  file: string
  modified: Date
}

/** Every file under content/cities/, by city slug: `<slug>.md`, `<slug>.fr.md` and the files of `<slug>/`. */
function contentFilesByCity(root: string): Map<string, ContentFile[]> {
  const dir = path.join(root, 'content', 'cities')
  const byCity = new Map<string, ContentFile[]>()
  for (const file of filesIn(dir)) {
    if (!file.endsWith('.md')) continue
    const full = path.join(dir, file)
    const relative = file.split(path.sep)
    const slug = relative.length > 1 ? relative[0]! : file.replace(/(\.fr)?\.md$/, '')
    const files = byCity.get(slug) ?? []
    files.push({ file: path.relative(root, full).split(path.sep).join('/'), modified: statSync(full).mtime })
    byCity.set(slug, files)
  }
  return byCity
}

/** Where a city stands, as the map colours it: its hub in, some of its city-service pages in, or none. */
function standingOf(row: CityStanding): 'hub' | 'some' | 'none' {
  if (row.hub?.indexed) return 'hub'
  return row.pagesIn > 0 ? 'some' : 'none'
}
const COLOURS = { hub: '#15803d', some: '#d97706', none: '#b91c1c' } as const

type Row = CityStanding & { files: ContentFile[]; edited: number }

/** Fewest words first, the pages already in (0) last. */
const fewest = (a: number, b: number) => (a || Infinity) - (b || Infinity) || 0

/** The table's orders, each in its natural direction: the column's link sorts by it. */
const SORTS: Record<string, { label: string; compare: (a: Row, b: Row) => number; numeric?: boolean }> = {
  city: { label: 'City', compare: (a, b) => a.city.name.localeCompare(b.city.name) || a.city.state.localeCompare(b.city.state) },
  hub: { label: 'Hub', compare: (a, b) => Number(b.hub?.indexed ?? false) - Number(a.hub?.indexed ?? false) },
  pages: { label: 'City-service pages in', compare: (a, b) => b.pagesIn - a.pagesIn, numeric: true },
  words: { label: 'Words that bring the hub in', compare: (a, b) => fewest(a.hub?.wanting ?? 0, b.hub?.wanting ?? 0), numeric: true },
  pageWords: { label: 'Words that bring each city-service page in (at most)', compare: (a, b) => fewest(a.pageWords, b.pageWords), numeric: true },
  population: { label: 'Population', compare: (a, b) => b.city.population - a.city.population, numeric: true },
  edited: { label: 'Content files (last edit)', compare: (a, b) => b.edited - a.edited },
}

const cityLabel = (city: City) => `${city.name}, ${city.state}`

/** The staff page; `sort` is a key of SORTS (population by default). */
export function staffPageHtml(standings: Standings, root: string, build: number, sort = 'population'): string {
  const order = SORTS[sort] ?? SORTS.population!
  const files = contentFilesByCity(root)
  const rows: Row[] = cityStandings(standings).map((row) => {
    const own = (files.get(row.city.slug) ?? []).sort((a, b) => a.file.localeCompare(b.file))
    return { ...row, files: own, edited: Math.max(0, ...own.map((f) => f.modified.getTime())) }
  })
  rows.sort((a, b) => order.compare(a, b) || b.city.population - a.city.population)
  const byCity = new Map(rows.map((row) => [row.city, row]))
  const map = coverageMapSvg(standings.catalogue, 'en', { fill: (city) => COLOURS[standingOf(byCity.get(city)!)] })
  const tally = { hub: 0, some: 0, none: 0 }
  for (const row of rows) tally[standingOf(row)]++
  const head = Object.entries(SORTS)
    .map(([key, { label, numeric }]) => {
      const cls = numeric ? ' class="num"' : ''
      return key === sort || (!SORTS[sort] && key === 'population')
        ? `<th scope="col"${cls} aria-sort="${key === 'city' ? 'ascending' : 'descending'}">${label}</th>`
        : `<th scope="col"${cls}><a href="/_staff?sort=${key}">${label}</a></th>`
    })
    .join('')
  const body = rows
    .map((row) => {
      const hub = row.hub
      const filesCell =
        row.files.length === 0
          ? 'none yet'
          : `<ul>${row.files.map((f) => `<li><code>${escapeHtml(f.file)}</code> ${f.modified.toISOString().slice(0, 16).replace('T', ' ')}</li>`).join('')}</ul>`
      return (
        `<tr data-city="${escapeHtml(row.city.slug)}">` +
        `<td><a href="${cityHubPath(row.city.slug)}">${escapeHtml(cityLabel(row.city))}</a></td>` +
        `<td class="nowrap">${hub ? (hub.indexed ? '<strong class="staff-in">in</strong>' : `<strong class="staff-out">out</strong> (${hub.similarity.toFixed(2)})`) : '–'}</td>` +
        `<td class="num">${row.pagesIn} of ${row.pages}</td>` +
        `<td class="num">${hub && !hub.indexed ? `about ${count(hub.wanting)}` : '0'}</td>` +
        `<td class="num">${row.pageWords > 0 ? `about ${count(row.pageWords)}` : '0'}</td>` +
        `<td class="num">${count(row.city.population)}</td>` +
        `<td>${filesCell}</td>` +
        `</tr>`
      )
    })
    .join('')
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>Staff preview: where each city stands</title><link rel="stylesheet" href="${STAFF_CSS}"></head>` +
    `<body class="staff" data-staff-key="*" data-staff-build="${build}"><main>` +
    `<h1>Where each city stands in the search index</h1>` +
    `<p>${rows.length} cities (English pages; <code>npm start</code> only, never deployed). Hubs in: ${tally.hub}; ` +
    `cities with some city-service pages in: ${tally.some}; cities with none: ${tally.none}. A page is out while it is ${standings.threshold} ` +
    `or more like another city's; a city's text goes in <code>content/cities/&lt;city&gt;.md</code>, a city-service page's in ` +
    `<code>content/cities/&lt;city&gt;/&lt;service&gt;.md</code>.</p>` +
    `<p class="legend" aria-hidden="true"><span class="hub"></span>hub in<span class="some"></span>some city-service pages in<span class="none"></span>none in</p>` +
    `<figure class="map" aria-label="The cities coloured by where they stand: green hub in, orange some city-service pages in, red none">${map}</figure>` +
    `<table><caption>Every city, by ${order.label.toLowerCase()}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>` +
    `</main><script src="${STAFF_LIVE_JS}" defer></script></body></html>`
  )
}
