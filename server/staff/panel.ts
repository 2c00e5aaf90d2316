// The panel `npm start` adds at the end of every city page it serves (never to a file of dist/client): where the page
// stands in the search index and which content file brings it in. Styled by /_staff/staff.css and kept live by
// /_staff/live.js, files only the local server answers (./assets.ts): the pages' CSP runs no inline style or script.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { escapeHtml } from '../../supabase/functions/send-contact-email/mail'
import { pageContentFiles } from '../../src/catalog/content'
import type { CityPageRef, Standings } from './standing'
import { STAFF_CSS, STAFF_LIVE_JS } from './assets'

const count = (n: number) => n.toLocaleString('en-US')

/** The panel of a city page, in English on French pages too (the staff's language). */
export function panelHtml(ref: CityPageRef, { byKey, threshold }: Standings, root: string, build: number): string {
  const page = byKey.get(ref.key)
  const [file, cityFile] = pageContentFiles(ref.citySlug, ref.serviceSlug ?? null, ref.lang)
  const exists = (name: string) => existsSync(path.join(root, name))
  const fileLine = (name: string) =>
    `<code>${escapeHtml(name)}</code>: <span data-staff-exists="${exists(name) ? 'yes' : 'no'}">${exists(name) ? 'exists' : 'does not exist yet'}</span>`
  const rows: [string, string][] = []
  if (!page) rows.push(['Search index', 'not measured (not a canonical page)'])
  else {
    rows.push([
      'Search index',
      page.indexed
        ? `<strong class="staff-in">In</strong>: indexed and in the sitemap`
        : `<strong class="staff-out">Out</strong>: noindex, not in the sitemap (a city page is out from ${threshold} alike)`,
    ])
    rows.push([
      'Closest twin',
      page.twin ? `<a href="${escapeHtml(page.twin)}">${escapeHtml(page.twin)}</a>, ${page.similarity.toFixed(2)} alike` : 'none (alone in its group)',
    ])
    rows.push([
      'Words that bring it in',
      page.indexed ? 'none needed: it is in' : `<span data-staff-words="${page.wanting}">about ${count(page.wanting)} words of its own, in sentences</span>`,
    ])
  }
  rows.push(['File to write', fileLine(file!)])
  // A city-service page also shows its city's text.
  if (ref.serviceSlug) rows.push(["The city's text, shown here too", fileLine(cityFile!)])
  return (
    `<aside class="staff-panel" lang="en" aria-label="Staff preview" data-staff-panel="" data-staff-key="${escapeHtml(ref.key)}" data-staff-build="${build}">` +
    `<link rel="stylesheet" href="${STAFF_CSS}">` +
    `<p class="staff-title">Staff preview <span>(npm start only; <a href="/_staff">every city</a>)</span></p>` +
    `<dl>${rows.map(([term, value]) => `<div><dt>${term}</dt><dd>${value}</dd></div>`).join('')}</dl>` +
    `<script src="${STAFF_LIVE_JS}" defer></script>` +
    `</aside>`
  )
}

/** The page with `extra` just before its `</body>` (at its end when it has none). */
export function withPanel(page: Buffer, extra: string): Buffer {
  const html = page.toString('utf8')
  const at = html.lastIndexOf('</body>')
  return Buffer.from(at < 0 ? html + extra : html.slice(0, at) + extra + html.slice(at))
}
