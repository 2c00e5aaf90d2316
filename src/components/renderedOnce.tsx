import { createElement, type ReactElement, type ReactNode } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'

/**
 * Parts of a page rendered by React once per build instead of once per page: the build renders ~15,000 pages, most of
 * them a city's page for a service, whose markup differs from city to city only in a few strings. Two kinds:
 *
 * - `sameOnEveryPage`: a part with nothing of the page in it (the menus of the header and footer);
 * - `<FilledPart>`: a part with holes (the quote form, the FAQ, the links to other services...): rendered once per
 *   `owner` and `shape` with placeholders, then, for each page, its markup with the page's strings filled in,
 *   escaped as React escapes them.
 *
 * The pages come out byte for byte as if React had rendered every part in place: tests/unit/renderedOnce.test.tsx
 * renders pages of every kind both ways (`renderPartsInPlace`) and compares them.
 */

const rendered = new WeakMap<object, Map<string, Map<string, unknown>>>()

/** The part of `owner` named `name` and `detail` (two keys rather than one joined: this runs for every part of every page). */
function cached<T>(owner: object, name: string, detail: string, make: () => T): T {
  let parts = rendered.get(owner)
  if (!parts) rendered.set(owner, (parts = new Map<string, Map<string, unknown>>()))
  let details = parts.get(name)
  if (!details) parts.set(name, (details = new Map<string, unknown>()))
  let part = details.get(detail) as T | undefined
  if (part === undefined) details.set(detail, (part = make()))
  return part
}

/** Markup React would hoist out of a part into <head> (a preload <link> for an <img>, a <title>...) cannot be reused. */
function checkNothingHoisted(html: string, key: string) {
  if (html.startsWith('<link') || html.startsWith('<meta') || html.startsWith('<title'))
    throw new Error(`part "${key}" holds a resource React hoists (${html.slice(0, 80)}…); render it in the page instead`)
}

/**
 * The inner HTML of a part that is the same on every page (the menus of the header and footer), rendered once per
 * `owner` (the catalogue's service list). For server-only parts without adjacent text nodes (static markup), never
 * hydrated. Use it as `dangerouslySetInnerHTML`.
 */
export function sameOnEveryPage(owner: object, key: string, render: () => ReactElement): { __html: string } {
  return cached(owner, 'same', key, () => {
    const html = renderToStaticMarkup(render())
    checkNothingHoisted(html, key)
    return { __html: html }
  })
}

/** A part's values: texts and lists of texts; `undefined` for what the page does not have (a shape of its own). */
type Value = string | readonly string[] | undefined
type Values = Readonly<Record<string, Value>>
type Hole<T> = T extends string ? string : T extends readonly string[] ? readonly string[] : undefined

/** Private-use characters: React escapes neither, and a page whose text holds them renders the part in place (`fillable`). */
const OPEN = '\uE000'
const CLOSE = '\uE001'
const HOLE = /\uE000(\d+)\uE001/g

/** A part's markup cut at its holes: `texts[0]`, the value of slot `holes[0]`, `texts[1]`, ... */
interface Template {
  texts: string[]
  holes: number[]
}

/** What React writes for a string in text or in an attribute's value (react-dom's escapeTextForBrowser). */
export function escapeLikeReact(text: string): string {
  return /["&'<>]/.test(text)
    ? text.replace(/["&'<>]/g, (c) => (c === '"' ? '&quot;' : c === '&' ? '&amp;' : c === "'" ? '&#x27;' : c === '<' ? '&lt;' : '&gt;'))
    : text
}

let inPlace = false

/** Renders every `<FilledPart>` in place, by React, page after page (the test's reference), or, by default, once. */
export function renderPartsInPlace(yes: boolean) {
  inPlace = yes
}

/** The values one after the other (a list's items in order; nothing for `undefined`), and what makes their shape. */
function slotsOf(values: Values): { slots: string[]; signature: string } {
  const slots: string[] = []
  let signature = ''
  for (const name in values) {
    const value = values[name]
    if (value === undefined) signature += ` ${name}-`
    else if (typeof value === 'string') {
      slots.push(value)
      signature += ` ${name}`
    } else {
      slots.push(...value)
      signature += ` ${name}[${value.length}]`
    }
  }
  return { slots, signature }
}

/** The values with each slot replaced by `slot(index)`. */
function mapSlots(values: Values, slot: (index: number) => string): Record<string, Value> {
  let index = 0
  const holes: Record<string, Value> = {}
  for (const name in values) {
    const value = values[name]
    holes[name] = value === undefined ? undefined : typeof value === 'string' ? slot(index++) : value.map(() => slot(index++))
  }
  return holes
}

type Render = (holes: Record<string, Value>) => ReactNode

function makeTemplate(values: Values, render: Render, key: string): Template {
  const html = renderToString(<>{render(mapSlots(values, (index) => `${OPEN}${index}${CLOSE}`))}</>)
  checkNothingHoisted(html, key)
  const texts: string[] = []
  const holes: number[] = []
  let at = 0
  for (const match of html.matchAll(HOLE)) {
    texts.push(html.slice(at, match.index))
    holes.push(Number(match[1]))
    at = match.index + match[0].length
  }
  texts.push(html.slice(at))
  if (texts.some((t) => t.includes(OPEN) || t.includes(CLOSE))) throw new Error(`part "${key}": a hole was changed by its render function`)
  return { texts, holes }
}

function fill(template: Template, slots: string[]): string {
  let html = template.texts[0]!
  for (let i = 0; i < template.holes.length; i++) html += escapeLikeReact(slots[template.holes[i]!]!) + template.texts[i + 1]!
  return html
}

/** Whether the page's strings can fill a template: React writes nothing for an empty string (no `<!-- -->` around it). */
const fillable = (slots: string[]) => slots.every((v) => v !== '' && !v.includes(OPEN) && !v.includes(CLOSE))

/**
 * What a `<FilledPart>` shows, without filling its markup: its template's markup with a hole (`\uE000n\uE001`) for
 * each value and the values in slot order, for the readers of a page's text (src/seo/pageText.ts). The template is the
 * same object for every page of its shape (a key for what is made of it). Undefined where the part renders in place.
 */
export function filledPartSource(props: Parameters<typeof FilledPart>[0]): { template: object; markup: string; slots: string[] } | undefined {
  const { slots, signature } = slotsOf(props.values)
  if (inPlace || !fillable(slots)) return undefined
  const template = cached(props.owner, props.shape, signature, () =>
    makeTemplate(props.values, props.children as unknown as Render, `${props.shape}:${signature}`),
  )
  let markup = markups.get(template)
  if (markup === undefined) {
    markup = template.texts[0]!
    for (let i = 0; i < template.holes.length; i++) markup += `${OPEN}${template.holes[i]}${CLOSE}${template.texts[i + 1]}`
    markups.set(template, markup)
  }
  return { template, markup, slots }
}

const markups = new WeakMap<Template, string>()

/**
 * An element whose content is rendered once per `owner` and `shape` with a placeholder for each of `values`, then,
 * for each page, filled in with the page's values, escaped as React escapes them. Which values the page has
 * (`undefined`: none) and the lengths of its lists are part of the shape.
 *
 * `children` gets the placeholders and must only put them in the
 * markup (as text, in attributes, inside strings it joins), never look at them: whatever it decides from the page
 * must come as a value or be part of `shape`, which names everything else that changes the part's markup (`owner`:
 * an object of the build's catalogue, so that parts never outlive it). A page with an empty text renders the part
 * in place.
 */
export function FilledPart<V extends Values>({
  as,
  props,
  owner,
  shape,
  values,
  children,
}: {
  as: string
  props?: Record<string, unknown>
  owner: object
  shape: string
  values: V
  children: (holes: { readonly [K in keyof V]: Hole<V[K]> }) => ReactNode
}): ReactElement {
  const render = children as unknown as Render
  const { slots, signature } = slotsOf(values)
  if (inPlace || !fillable(slots)) return createElement(as, props, render(values))
  const template = cached(owner, shape, signature, () => makeTemplate(values, render, `${shape}:${signature}`))
  return createElement(as, { ...props, dangerouslySetInnerHTML: { __html: fill(template, slots) } })
}
