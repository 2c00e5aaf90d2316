// https://vike.dev/onRenderHtml
import type { ComponentType } from 'react'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { getCatalogue } from '../src/catalog/index'
import { pageModelFor } from '../src/pages/model'
import { pageProps, type PageProps } from '../src/pages/props'
import { renderHtml } from '../src/pages/renderHtml'
import './style.css'

export function onRenderHtml(pageContext: PageContextServer) {
  const catalogue = getCatalogue()
  const html = renderHtml(pageProps(pageModelFor(pageContext, catalogue), catalogue), pageContext.Page as ComponentType<PageProps>)
  return escapeInject`${dangerouslySkipEscape(html)}`
}
