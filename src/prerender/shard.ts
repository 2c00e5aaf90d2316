// The prerender runs in several processes at once (one per core), each writing a share of the pages.
// A page's share follows from its URL alone, so every process agrees on it without talking to the others.

export type Shard = { index: number; count: number }

/** The variable that tells a prerender process which share it writes: `PRERENDER_SHARD=1/2` is the second of two. */
export const SHARD_VARIABLE = 'PRERENDER_SHARD'

export function parseShard(value: string | undefined): Shard {
  if (value === undefined || value === '') return { index: 0, count: 1 }
  const match = /^(\d+)\/(\d+)$/.exec(value)
  const index = Number(match?.[1])
  const count = Number(match?.[2])
  if (!match || count < 1 || index >= count) throw new Error(`${SHARD_VARIABLE}=${value}: expected "index/count" with index < count, e.g. "0/2"`)
  return { index, count }
}

/** The share of this process (all pages when the variable is unset, as under `vike build` or `vike dev`). */
export const currentShard = (): Shard => parseShard(process.env[SHARD_VARIABLE])

/** Which share a URL belongs to: FNV-1a of the URL, so shares stay even and independent of list order. */
export function shardOf(url: string, count: number): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < url.length; i++) hash = Math.imul(hash ^ url.charCodeAt(i), 0x01000193)
  return (hash >>> 0) % count
}

export const inShard = (url: string, shard: Shard) => shard.count === 1 || shardOf(url, shard.count) === shard.index

/**
 * For `+onBeforePrerenderStart` hooks: the URLs this process renders. A share with none of a page's URLs still
 * renders the first one (and does not write it), or Vike would warn that the page cannot be prerendered.
 */
export function forCurrentShard(urls: string[]): string[] {
  const shard = currentShard()
  reportPastConfigLoad()
  const share = urls.filter((url) => inShard(url, shard))
  return share.length > 0 ? share : urls.slice(0, 1)
}

/**
 * Vike, before the first hook runs, loads `+config.ts`/`+route.ts` by writing a transpiled copy next to each, named
 * by a hash of its content, and deleting it after the import: two processes loading it at the same moment delete
 * each other's copy (ENOENT). So scripts/prerender.ts starts the next process once this one says it is past that.
 */
let reported = false
function reportPastConfigLoad() {
  if (reported || !process.env[SHARD_VARIABLE] || !process.send) return
  reported = true
  process.send({ pastConfigLoad: true })
}
