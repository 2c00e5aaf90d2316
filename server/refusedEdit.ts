// The banner `npm start` puts at the top of every page it serves while the last edit of data/ is refused: the staff look
// at the page, not at the terminal, and the last good site would otherwise pass for their edit. Only the local server's
// answers carry it, never a file of dist/client. Its classes come from the site's stylesheet (renderer/style.css lists
// this file as a source): the pages' CSP runs no inline style.
import { escapeHtml } from '../supabase/functions/send-contact-email/mail'

/** What the last rebuild refused: its first line as the terminal shows it ("The data files have 2 problems:"), and each problem. */
export interface RefusedEdit {
  summary: string
  problems: readonly string[]
}

/** The banner, in English on every page (the staff's language is the README's), French pages included. */
export function refusedEditBanner({ summary, problems }: RefusedEdit): string {
  const items = problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join('')
  return (
    `<div role="alert" lang="en" data-refused-edit="" class="border-b-4 border-red-700 bg-red-50 px-4 py-4 text-red-950 [overflow-wrap:anywhere]">` +
    `<div class="mx-auto max-w-7xl">` +
    `<p class="text-lg font-bold">Your last edit was not applied</p>` +
    `<p class="mt-1">${escapeHtml(summary)}</p>` +
    `<ul class="mt-1 list-disc space-y-1 pl-5 whitespace-pre-line">${items}</ul>` +
    `<p class="mt-2 font-semibold">Fix them and save the file again: until then, the site still shows the last good data.</p>` +
    `</div></div>`
  )
}

/** The page with the banner right after its `<body>` tag (after its doctype when it has none). */
export function withBanner(page: Buffer, banner: string): Buffer {
  const html = page.toString('utf8')
  const start = /<body\b[^>]*>/i.exec(html) ?? /^\s*<!doctype[^>]*>/i.exec(html)
  const at = start ? start.index + start[0].length : 0
  return Buffer.from(html.slice(0, at) + banner + html.slice(at))
}
