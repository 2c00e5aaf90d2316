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

const HEAD = '<head>'
const BODY_END = '</body>'

/**
 * The tags of a Vike page, from the HTML Vike's `renderPage()` made of one of its URLs and the HTML our renderer
 * made of the same URL. Throws, naming the URL, when Vike's HTML differs from ours anywhere else.
 */
export function deriveAssetTags(vikeHtml: string, ours: string, url: string): AssetTags {
  const headAt = ours.indexOf(HEAD) + HEAD.length
  const bodyEndAt = ours.lastIndexOf(BODY_END)
  const prefix = ours.slice(0, headAt)
  const middle = ours.slice(headAt, bodyEndAt)
  const suffix = ours.slice(bodyEndAt)
  const inner = vikeHtml.startsWith(prefix) && vikeHtml.endsWith(suffix) ? vikeHtml.slice(prefix.length, vikeHtml.length - suffix.length) : null
  const at = inner?.indexOf(middle) ?? -1
  if (headAt < HEAD.length || bodyEndAt < 0 || inner === null || at < 0) {
    throw new Error(
      `Vike's HTML for ${url} differs from the build's in more than the tags after <head> and before </body>; ` +
        `the build cannot reproduce it (a Vike upgrade or a change to renderer/+onRenderHtml.tsx?)`,
    )
  }
  return { head: inner.slice(0, at), body: inner.slice(at + middle.length) }
}

/** A page's final HTML: our renderer's document with its Vike page's tags. */
export function withAssetTags(tags: AssetTags, html: string): string {
  const headAt = html.indexOf(HEAD) + HEAD.length
  const bodyEndAt = html.lastIndexOf(BODY_END)
  return `${html.slice(0, headAt)}${tags.head}${html.slice(headAt, bodyEndAt)}${tags.body}${html.slice(bodyEndAt)}`
}
