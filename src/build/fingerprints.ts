import { createHash } from 'node:crypto'
import type { Catalogue } from '../catalog/index'
import { dataHashes, pageEntries } from '../pages/entries'

/** Each page's fingerprint, in the order of pageEntries(): a hash of the code and of exactly the data it shows. */
export function pageFingerprints(catalogue: Catalogue, code: string): string[] {
  const hashes = dataHashes(catalogue)
  return pageEntries(catalogue).map((entry) => {
    const parts = entry.reads.map((key) => {
      const value = hashes.get(key)
      if (value === undefined) throw new Error(`${entry.path} reads "${key}", which dataHashes() does not know`)
      return value
    })
    return createHash('sha1').update(`${code} ${parts.join(' ')}`).digest('base64url').slice(0, 16)
  })
}
