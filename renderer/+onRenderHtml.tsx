// https://vike.dev/onRenderHtml
import { renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { getCatalogue } from '../src/catalog/index'
import { pageModelFor } from '../src/pages/model'
import { Document } from './Document'
import './style.css'

export function onRenderHtml(pageContext: PageContextServer) {
  const catalogue = getCatalogue()
  const model = pageModelFor(pageContext, catalogue)
  const Page = pageContext.Page as React.ComponentType<{ model: typeof model; catalogue: typeof catalogue }>
  const html = renderToString(<Document model={model} catalogue={catalogue} body={<Page model={model} catalogue={catalogue} />} />)
  return escapeInject`<!DOCTYPE html>${dangerouslySkipEscape(html)}`
}
