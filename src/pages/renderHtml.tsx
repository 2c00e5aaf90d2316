import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { Document } from './Document'
import { PageView } from './PageView'
import type { PageProps } from './props'

/**
 * A page's HTML document, before Vike adds its asset tags. `+onRenderHtml` (vike dev, Vike's renderPage) and the
 * build (src/build/) both call this, the first with the Vike page's `Page`, the second with `PageView`, which
 * every +Page is; a test renders samples of every kind of page both ways and compares the bytes.
 */
export function renderHtml(props: PageProps, Page: ComponentType<PageProps> = PageView): string {
  const html = renderToString(<Document props={props} body={<Page {...props} />} />)
  // Vike injects the page's script before `</body>` and, to indent it, runs a regex over the line that precedes it:
  // on a one-line 27 KB document that costs ~0.2 ms per page. A line break there keeps that line empty.
  const end = html.lastIndexOf('</body>')
  return `<!DOCTYPE html>${end < 0 ? html : `${html.slice(0, end)}\n${html.slice(end)}`}`
}
