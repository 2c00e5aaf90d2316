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
  // React returns the document as thousands of joined pieces: nothing here searches or slices it (that would copy
  // it whole once more); the line break before `</body>` is rendered by Document.
  return `<!DOCTYPE html>${renderToString(<Document props={props} body={<Page {...props} />} />)}`
}
