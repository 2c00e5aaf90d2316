import { DATA_FILES } from '../catalog/index'

/**
 * Which data files each part of a page's props was made from, so that the sitemap's `lastmod` follows from what the
 * page shows: props.ts marks each part where it makes it (`fromFiles`), `sourcesOf` reads a page's marks.
 */

export type DataFile = keyof typeof DATA_FILES
const DATA_FILE_KEYS = Object.keys(DATA_FILES) as DataFile[]
/** Each marked part's data files, as a bit per file of DATA_FILE_KEYS. */
const sources = new WeakMap<object, number>()

/** Marks a part of the props as made from these data files (see `sourcesOf`). */
export function fromFiles<T extends object>(part: T, ...files: DataFile[]): T {
  sources.set(part, sourceBits(files))
  return part
}

/** The lists `sourcesOf` returns, one per set of files: the pages share a handful. */
const sourceLists = new Map<number, readonly DataFile[]>()

/** The data files a page's props were made from: its parts' marks, in the order of DATA_FILES. */
export function sourcesOf(props: object): readonly DataFile[] {
  let bits = 0
  const walk = (value: unknown) => {
    if (value === null || typeof value !== 'object') return
    const files = sources.get(value)
    if (files !== undefined) bits |= files
    else for (const item of Array.isArray(value) ? value : Object.values(value)) walk(item)
  }
  walk(props)
  return sourcesOfBits(bits)
}

/** The data files of a set of bits (`sourceBits`), one shared list per set. */
export function sourcesOfBits(bits: number): readonly DataFile[] {
  let list = sourceLists.get(bits)
  if (!list) sourceLists.set(bits, (list = DATA_FILE_KEYS.filter((_, i) => bits & (1 << i))))
  return list
}

/** A list of data files as bits, kept in the build's state (`sourcesOfBits` gives the list back). */
export const sourceBits = (files: readonly DataFile[]) => files.reduce((bits, file) => bits | (1 << DATA_FILE_KEYS.indexOf(file)), 0)
