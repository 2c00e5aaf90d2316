import { transcode } from 'node:buffer'
import type { VikePage } from '../pages/model'

/**
 * What Vike adds to the HTML of one of its pages: the tags it puts right after `<head>` (the stylesheet) and
 * right before `</body>` (the page's script). They depend on the bundles, never on the page's data.
 */
export interface AssetTags {
  head: string
  body: string
}
export type PageAssetTags = Partial<Record<VikePage, AssetTags>>

/** One entry of Vite's manifest (https://vite.dev/guide/backend-integration): what the bundler wrote for one module. */
interface ManifestChunk {
  file: string
  src?: string
  name?: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
  assets?: string[]
}
export type Manifest = Record<string, ManifestChunk>

const HEAD = '<head>'
const BODY_END = '</body>'
/** The client entry Vike makes for each of its pages (its key in the manifest). */
const PAGE_ENTRY = /^virtual:vike:page-entry:client:\/pages\/(.+)$/
/** A page's `+client` file: its whole browser code (https://vike.dev/client). */
const CLIENT_FILE = /(^|\/)\+client\.[cm]?[jt]sx?$/
/** Vike's styleFileRE and its font types (inferMediaType.js). */
const STYLE = /\.(css|less|sass|scss|styl|stylus|pcss|postcss)($|\?)/
const FONT = /\.(ttf|woff|woff2)$/

/**
 * The tags of every Vike page, from the manifest of the client build (bundleProcess.mjs), as Vike's `renderPage()`
 * writes them for HTML-only pages in production (vike/dist/server/runtime/renderPageServer/getPageAssets.js and
 * html/injectAssets/getHtmlTags.js, vike 0.4.266):
 * - after `<head>`, a `<link rel="stylesheet">` for each stylesheet of the page, first the page's own (the stylesheet
 *   entry: `renderer/style.css`, which Vike's own build takes from its server build), then those its script imports;
 * - before `</body>`, the `<script type="module" async>` of its `+client` file, if it has one. The chunks that script
 *   imports get no tag (Vike preloads no script on HTML-only pages), nor do images, videos or sounds.
 * A font, which Vike preloads with rules of its own, stops the build: a new kind of asset needs its rule here first
 * (`tests/build/reference.test.ts` compares every kind of page with Vike's own HTML).
 */
export function assetTagsFromManifest(manifest: Manifest, stylesheetEntry: string): PageAssetTags {
  const chunk = (key: string) => {
    const entry = manifest[key]
    if (!entry) throw new Error(`the client build's manifest has no entry "${key}"`)
    return entry
  }
  const pages = Object.keys(manifest).flatMap((key) => {
    const page = PAGE_ENTRY.exec(key)?.[1]
    return page ? [{ page, key }] : []
  })
  if (pages.length === 0) throw new Error("the client build's manifest has no Vike page")
  const clientFiles = new Map<string, string>()
  for (const [key, entry] of Object.entries(manifest)) {
    if (!entry.isEntry || !CLIENT_FILE.test(key)) continue
    const page = /^pages\/(.+)\/\+client\.[^/]+$/.exec(key)?.[1]
    if (!page || !pages.some((p) => p.page === page))
      throw new Error(`${key}: a +client file outside the folder of a page under pages/; the build does not know which pages it applies to`)
    clientFiles.set(page, key)
  }

  const tags: PageAssetTags = {}
  for (const { page, key } of pages) {
    const client = clientFiles.get(page)
    // Vike's getAssetsUrl(): the page entry and the stylesheet for their CSS only, the client entry with its chunks.
    const urls = new Set<string>()
    const visited = new Set<string>()
    const collect = (key: string, onlyAssets: boolean) => {
      if (visited.has(key)) return
      visited.add(key)
      const entry = chunk(key)
      if (!onlyAssets) urls.add(`/${entry.file}`)
      for (const imported of entry.imports ?? []) collect(imported, onlyAssets)
      for (const file of [...(entry.css ?? []), ...(entry.assets ?? [])]) urls.add(`/${file}`)
    }
    collect(stylesheetEntry, true)
    collect(key, true)
    if (client) collect(client, false)
    const script = client ? `/${chunk(client).file}` : null

    const head: string[] = []
    for (const url of urls) {
      if (STYLE.test(url)) head.push(`<link rel="stylesheet" type="text/css" href="${url}">`)
      else if (FONT.test(url)) throw new Error(`${url}: a font among the assets of the Vike page "${page}", which Vike preloads; the build has no rule for it`)
    }
    tags[page as VikePage] = { head: head.join(''), body: script ? `<script src="${script}" type="module" async></script>` : '' }
  }
  return tags
}

/** A page's final HTML: our renderer's document with its Vike page's tags. */
export function withAssetTags(tags: AssetTags, html: string): string {
  const headAt = html.indexOf(HEAD) + HEAD.length
  const bodyEndAt = html.lastIndexOf(BODY_END)
  return `${html.slice(0, headAt)}${tags.head}${html.slice(headAt, bodyEndAt)}${tags.body}${html.slice(bodyEndAt)}`
}

/**
 * A page's final bytes, the same as `Buffer.from(withAssetTags(tags, html))`, made without joining strings or a new
 * buffer per page: the HTML is encoded into one buffer kept from page to page, just far enough in to leave room for
 * the head's tags, and only the few bytes before `<head>` and from `</body>` on are moved to let the tags in. For the
 * build's render threads: making a new buffer per page took a tenth of their time (a kept buffer is about 5 times
 * quicker to write into). The bytes returned are good until the next call.
 */
export class PageEncoder {
  #buffer = Buffer.alloc(0)
  #utf16 = Buffer.alloc(0)
  readonly #tags = new Map<AssetTags, { head: Buffer; body: Buffer }>()

  encode(tags: AssetTags, html: string): Buffer {
    let encoded = this.#tags.get(tags)
    if (!encoded) this.#tags.set(tags, (encoded = { head: Buffer.from(tags.head), body: Buffer.from(tags.body) }))
    const { head, body } = encoded
    // UTF-8 takes at most 3 bytes for each UTF-16 unit of the text: the page always fits.
    const room = head.length + html.length * 3 + body.length
    if (this.#buffer.length < room) this.#buffer = Buffer.allocUnsafe(Math.ceil(room * 1.25))
    const buffer = this.#buffer
    const end = head.length + this.#write(html, head.length)
    const page = buffer.subarray(0, end)
    const headEnd = page.indexOf(HEAD, head.length) + HEAD.length
    const bodyEndAt = page.lastIndexOf(BODY_END)
    if (headEnd < HEAD.length || bodyEndAt < headEnd) throw new Error(`a page without ${HEAD} or ${BODY_END}`)
    buffer.copyWithin(0, head.length, headEnd)
    head.copy(buffer, headEnd - head.length)
    buffer.copyWithin(bodyEndAt + body.length, bodyEndAt, end)
    body.copy(buffer, bodyEndAt)
    return buffer.subarray(0, end + body.length)
  }

  /**
   * Writes `html` as UTF-8 into the kept buffer from `at`; returns how many bytes. Every page holds characters past
   * Latin-1 (›, –, ✓), so V8 keeps it as UTF-16, and its own UTF-8 writer goes character by character: copied as UTF-16
   * (a plain copy) and converted by ICU, it is 2–3 times quicker (a page of 38 KB: 20 µs against 46 µs). A text ICU
   * refuses (a lone surrogate) is written by V8, which puts U+FFFD in its place.
   */
  #write(html: string, at: number): number {
    if (this.#utf16.length < html.length * 2) this.#utf16 = Buffer.allocUnsafe(Math.ceil(html.length * 2 * 1.25))
    const units = this.#utf16.subarray(0, this.#utf16.write(html, 'utf16le'))
    let utf8: Buffer
    try {
      utf8 = transcode(units, 'utf16le', 'utf8')
    } catch {
      return this.#buffer.write(html, at)
    }
    return utf8.copy(this.#buffer, at)
  }
}
