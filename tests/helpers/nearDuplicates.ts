import { Parser } from 'htmlparser2'

/**
 * Near duplicates measured as a search engine's quality rater would read a page, from its HTML alone, independently of
 * the build's own measure (src/seo/): what <main> says in sentences (navigation, forms, scripts, styles, images' alt
 * text left out, and lists, tables and folded blocks too; link text kept), the page's own place name blanked, 5-word
 * runs, Jaccard. Written apart from src/seo/ on purpose: the tests compare the two.
 */

const SKIPPED = new Set([
  ...['nav', 'form', 'script', 'style', 'noscript', 'template', 'svg', 'header', 'footer'],
  // Lists of names, codes or links and of short items, tables, folded blocks: no sentences of the page.
  ...['ul', 'ol', 'dl', 'menu', 'table', 'details'],
])

function mainText(html: string): string {
  const parts: string[] = []
  // How deep in <main>, and in an element left out (its name and depth): read as the parser streams the page.
  let main = 0
  let skipping: { name: string; depth: number } | undefined
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (skipping) {
          if (name === skipping.name) skipping.depth++
          return
        }
        if (name === 'main') main++
        if (main === 0) return
        if (SKIPPED.has(name) || attributes['hidden'] !== undefined) skipping = { name, depth: 1 }
        // Block boundaries separate words ("Winter" + "Ice storms").
        else parts.push(' ')
      },
      ontext(text) {
        if (main > 0 && !skipping) parts.push(text)
      },
      onclosetag(name) {
        if (skipping) {
          if (name === skipping.name && --skipping.depth === 0) skipping = undefined
          return
        }
        if (main > 0) parts.push(' ')
        if (name === 'main') main--
      },
    },
    { decodeEntities: false },
  )
  // Only <main> is read: the rest is parsed for nothing (a page's header and footer are a third of its bytes).
  const start = html.indexOf('<main')
  const end = html.lastIndexOf('</main>')
  parser.end(start >= 0 && end > start ? html.slice(start, end + '</main>'.length) : html)
  return decode(parts.join(''))
}

const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' })[e]!)

/** Words: lower case, letters and digits (accents kept), apostrophes of either kind joining. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? []
}

const PLACE = '\u2400place'

/** The words of a page's main text, each run of `places`' words (its own place names) one blank word. */
export function pageWords(html: string, places: readonly string[]): string[] {
  const text = words(mainText(html))
  const names = places
    .map(words)
    .filter((n) => n.length > 0)
    .sort((a, b) => b.length - a.length)
  const out: string[] = []
  for (let i = 0; i < text.length;) {
    const name = names.find((n) => n.every((w, k) => text[i + k] === w))
    if (name) {
      out.push(PLACE)
      i += name.length
    } else out.push(text[i++]!)
  }
  return out
}

export function shingles(list: readonly string[], size = 5): Set<string> {
  const set = new Set<string>()
  for (let i = 0; i + size <= list.length; i++) set.add(list.slice(i, i + size).join(' '))
  if (list.length > 0 && list.length < size) set.add(list.join(' '))
  return set
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let both = 0
  for (const s of a) if (b.has(s)) both++
  const union = a.size + b.size - both
  return union === 0 ? 1 : both / union
}
