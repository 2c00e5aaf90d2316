import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse, type HTMLElement } from 'node-html-parser'
import { fileForPath } from '../../src/urls/paths'

export const DIST = path.resolve('dist/client')

if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('dist/client is missing: run `npm run build` before the build tests')

/** The built page of a URL, parsed. */
export function page(urlPath: string): HTMLElement & { html: string } {
  const html = readFileSync(path.join(DIST, fileForPath(urlPath)), 'utf8')
  return Object.assign(parse(html, { blockTextElements: { script: true, style: true } }), { html })
}

export const text = (el: HTMLElement | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim()
export const texts = (root: HTMLElement, selector: string) => root.querySelectorAll(selector).map(text)
export const hrefs = (root: HTMLElement, selector: string) => root.querySelectorAll(selector).map((a) => a.getAttribute('href'))

/** The element whose own text is exactly `wanted` (e.g. a heading or a link label). */
export function byText(root: HTMLElement, selector: string, wanted: string): HTMLElement | undefined {
  return root.querySelectorAll(selector).find((el) => text(el) === wanted)
}

export function meta(root: HTMLElement, key: string): string | undefined {
  return (root.querySelector(`meta[name="${key}"]`) ?? root.querySelector(`meta[property="${key}"]`))?.getAttribute('content')
}
