// https://vike.dev/onRenderHtml
import type { ComponentType } from 'react'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { getCatalogue } from '../src/catalog/index'
import { pageModelFor } from '../src/pages/model'
import { pageProps, type PageProps } from '../src/pages/props'
import { siteDecision } from '../src/build/keptMeasure'
import { renderHtml } from '../src/pages/renderHtml'
import './style.css'

export function onRenderHtml(pageContext: PageContextServer) {
  const catalogue = getCatalogue()
  // The search index's decision, measured once per catalogue (again, for what changed, after an edit of data/).
  const props = pageProps(pageModelFor(pageContext, catalogue), catalogue, siteDecision(catalogue))
  const html = renderHtml(props, pageContext.Page as ComponentType<PageProps>)
  return escapeInject`${dangerouslySkipEscape(html)}`
}
