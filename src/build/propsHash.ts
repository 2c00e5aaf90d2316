import { hash } from 'node:crypto'
import type { Catalogue, City } from '../catalog/index'
import type { Lang } from '../i18n/lang'
import type { PageModel } from '../pages/model'
import { cityPagesParts, pageContent, type PageProps } from '../pages/props'
import type { IndexDecision } from '../pages/searchStatus'
import type { TextKey } from '../seo/searchIndex'

// Hashes of what pages show (their props, src/pages/props.ts): each page's fingerprint, which decides whether the build
// renders it again, and the keys of a city's pages and of a page's text, which let the build and the search index's
// measure skip what an edit did not change (src/build/fingerprints.ts, src/seo/searchIndex.ts).

const hashes = new WeakMap<object, string>()

/**
 * A hash of plain data, the same for the same content. Each object's hash is kept (data shared by many pages, such as
 * a service's copy, is hashed once per build), so the objects must not change once hashed: props are made from the
 * catalogue, which nothing changes after it is assembled. Anything but plain data (a Map, a function) is refused,
 * as its content would not be seen.
 */
function propsHash(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')
      throw new TypeError(`page props hold a ${typeof value}, which is not plain data`)
    return value === undefined ? 'u' : JSON.stringify(value)
  }
  const known = hashes.get(value)
  if (known) return known
  const digest = hash('sha1', textOf(value, propsHash), 'base64url').slice(0, 22)
  hashes.set(value, digest)
  return digest
}

/**
 * A page's fingerprint: one hash of the code and of the text of its props, in which the page's own objects (its
 * props, their model and view, made for each page) are written out in full and the parts pages share (the
 * catalogue's) stand as their kept hashes. One hash per page, not one per own object, and no hash kept for the own
 * objects: keeping those only burdened the garbage collector, which treats each weakly held key apart (~25 % of a
 * pass over every page).
 */
export function pageFingerprint(props: PageProps, code: string): string {
  const text = textOf(props, (item, key) => (key === 'model' || key === 'view' ? textOf(item as object, propsHash) : propsHash(item)))
  return hash('sha1', `${code} ${text}`, 'base64url').slice(0, 16)
}

/** `"key":` of each key of the props, made once. */
const keyTexts = new Map<string, string>()

/**
 * An object's text from its items' texts (`child`): `[a,b,]` or `{"key":a,}`, undefined items left out. One string per
 * object, hashed at once: the same digest as feeding the parts to one sha1 in turn, at 60 % of the time.
 */
function textOf(value: object, child: (item: unknown, key?: string) => string): string {
  let text: string
  if (Array.isArray(value)) {
    text = '['
    for (const item of value) text += `${child(item)},`
    return text
  }
  const proto = Object.getPrototypeOf(value) as unknown
  if (proto !== Object.prototype && proto !== null)
    throw new TypeError(`page props hold a ${value.constructor?.name ?? 'non-plain'} object, which is not plain data`)
  text = '{'
  // for…in: a plain object's own keys, in the order of Object.entries(), without an array per key.
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key]
    if (item === undefined) continue
    let keyText = keyTexts.get(key)
    if (keyText === undefined) keyTexts.set(key, (keyText = `${JSON.stringify(key)}:`))
    text += `${keyText}${child(item, key)},`
  }
  return text
}

/** A hash of a list of parts, after `prefix`. */
function partsHash(prefix: string, parts: readonly object[]): string {
  let text = prefix
  for (const part of parts) text += `${propsHash(part)},`
  return hash('sha1', text, 'base64url').slice(0, 22)
}

/**
 * A hash of `cityPagesParts()` (their search statuses by `decision` included) and of the code: equal for two builds
 * whose pages of this city and language are equal.
 */
export function cityPagesKey(catalogue: Catalogue, city: City, lang: Lang, code: string, decision: IndexDecision): string {
  return partsHash(`${code} ${lang} `, cityPagesParts(catalogue, city, lang, decision))
}

/**
 * What the text of each page is made from, as a key (src/seo/searchIndex.ts): for a city-service page, the parts of its
 * city's pages but their search status (the same key for the 16 of a city: made once); for the others, their props.
 */
export function pageTextKeys(catalogue: Catalogue): TextKey {
  const ofCity = new Map<string, string>()
  return (model: PageModel) => {
    if (model.kind !== 'city-service') return pageFingerprint(pageContent(model, catalogue), 'text')
    const id = `${model.lang} ${model.city.slug}`
    let key = ofCity.get(id)
    if (key === undefined)
      ofCity.set(id, (key = partsHash(`${model.lang} `, cityPagesParts(catalogue, catalogue.cityBySlug.get(model.city.slug)!, model.lang))))
    return key
  }
}
