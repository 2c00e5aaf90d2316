import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

const rendered = new WeakMap<object, Map<string, { __html: string }>>()

/**
 * The inner HTML of a part that is the same on every page (the menus of the header and footer), rendered once
 * per `owner` (the catalogue's service list) instead of once per page: it is a third of each page's markup, and
 * rendering it 14,600 times was a third of React's share of the prerender. For server-only parts without <img>
 * (React would put a preload <link> in front of the markup), never hydrated. Use it as `dangerouslySetInnerHTML`.
 */
export function sameOnEveryPage(owner: object, key: string, render: () => ReactElement): { __html: string } {
  let parts = rendered.get(owner)
  if (!parts) rendered.set(owner, (parts = new Map<string, { __html: string }>()))
  let part = parts.get(key)
  if (!part) {
    const html = renderToStaticMarkup(render())
    if (html.startsWith('<link'))
      throw new Error(`sameOnEveryPage("${key}"): the part holds a resource React hoists (${html.slice(0, 80)}…); render it in the page instead`)
    parts.set(key, (part = { __html: html }))
  }
  return part
}
