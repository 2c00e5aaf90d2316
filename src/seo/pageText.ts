import { Fragment, isValidElement, type ReactNode } from 'react'
import { FilledPart, filledPartSource } from '../components/renderedOnce'
import { PageView } from '../pages/PageView'
import type { PageProps } from '../pages/props'

/**
 * What a page says in sentences, as a search engine's quality rater reads it, from its props and without rendering it:
 * the page's view (`PageView`, the content of <main>) walked as an element tree, its components called as functions and
 * the markup the page fills in once per service (renderedOnce.tsx) read as text. Left out, as a crawler leaves out a
 * page's boilerplate: navigation (breadcrumbs), forms, scripts, styles and drawings; and, as substance, every list,
 * table and folded block (towns, ZIP and postal codes, nearest cities, the 16 services, benefits and steps): a list
 * of names or codes helps a visitor, but it is no substance of a page (search engines' keyword-stuffing policy names
 * "blocks of text that list cities and regions"). Header and footer are outside <main>. As pieces, a word break between
 * each two: most recur from page to page (a service's copy, a region's climate), so that the measure cuts each into
 * words once. `tests/build/searchIndex.test.ts` measures the built files' text independently and compares.
 */
export function pageTextPieces(props: PageProps): string[] {
  const out: string[] = []
  walk(PageView(props), out)
  return out
}

/**
 * Elements whose content is not what the page says in sentences: what a crawler's boilerplate removal takes out, then
 * lists (ul, ol, dl, menu), tables and folded blocks (details).
 */
const LEFT_OUT = new Set(['nav', 'form', 'script', 'style', 'noscript', 'template', 'svg', 'header', 'footer', 'ul', 'ol', 'dl', 'menu', 'table', 'details'])

type Component = (props: Record<string, unknown>) => ReactNode

function walk(node: ReactNode, out: string[]): void {
  if (node === null || node === undefined || typeof node === 'boolean') return
  if (typeof node === 'string' || typeof node === 'number') {
    out.push(String(node))
    return
  }
  if (Array.isArray(node)) {
    for (const child of node as ReactNode[]) walk(child, out)
    return
  }
  if (!isValidElement(node)) return
  const props = node.props as Record<string, unknown> & { children?: ReactNode; dangerouslySetInnerHTML?: { __html: string } }
  if (typeof node.type === 'string') {
    if (LEFT_OUT.has(node.type) || props['hidden'] !== undefined) return
    if (props.dangerouslySetInnerHTML) out.push(htmlText(props.dangerouslySetInnerHTML.__html))
    else walk(props.children, out)
    out.push(' ')
    return
  }
  if (node.type === Fragment) return walk(props.children, out)
  if (node.type === FilledPart) {
    const partProps = props as unknown as Parameters<typeof FilledPart>[0]
    const source = filledPartSource(partProps)
    if (!source) return walk(FilledPart(partProps), out)
    if (LEFT_OUT.has(partProps.as)) return
    // The part's text with holes, made once per template: its pieces, then each page's values between them.
    let pieces = textTemplates.get(source.template)
    if (!pieces) textTemplates.set(source.template, (pieces = htmlText(source.markup).split(HOLE)))
    for (let i = 0; i < pieces.length; i++) out.push(i % 2 === 0 ? pieces[i]! : source.slots[Number(pieces[i])]!)
    out.push(' ')
    return
  }
  if (typeof node.type === 'function') return walk((node.type as Component)(props), out)
  walk(props.children, out)
}

/** A FilledPart's hole in its text template, its slot's number captured (split() keeps it between the pieces). */
const HOLE = /\uE000(\d+)\uE001/
const textTemplates = new WeakMap<object, string[]>()

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>|<!--[\s\S]*?-->/g
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'])
const ENTITY = /&(?:amp|lt|gt|quot|#x27|#39|nbsp);/g
const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&nbsp;': ' ' }

/** The text of markup React rendered (elements of LEFT_OUT and hidden ones left out, each tag a word break). */
function htmlText(html: string): string {
  let text = ''
  let at = 0
  // While leaving an element out: its name and how deep in elements of that name.
  let skipping: string | undefined
  let depth = 0
  for (const match of html.matchAll(TAG)) {
    if (!skipping) text += html.slice(at, match.index)
    at = match.index + match[0].length
    const [, closing, rawName, attributes] = match
    if (rawName === undefined) continue // a comment
    const name = rawName.toLowerCase()
    if (skipping) {
      if (name === skipping && !VOID.has(name)) depth += closing ? -1 : attributes!.endsWith('/') ? 0 : 1
      if (depth === 0) skipping = undefined
      continue
    }
    text += ' '
    if (!closing && !VOID.has(name) && !attributes!.endsWith('/') && (LEFT_OUT.has(name) || /\shidden(?=[\s=/]|$)/.test(attributes!))) {
      skipping = name
      depth = 1
    }
  }
  if (!skipping) text += html.slice(at)
  return text.includes('&') ? text.replace(ENTITY, (e) => ENTITIES[e]!) : text
}
