import { hash } from 'node:crypto'
import type { Catalogue } from '../catalog/index'
import { pageEntries } from '../pages/entries'
import { propsHash } from '../pages/props'

/** Each page's fingerprint, in the order of pageEntries(): a hash of the code and of everything the page is given (its props). */
export function pageFingerprints(catalogue: Catalogue, code: string): string[] {
  return pageEntries(catalogue).map((entry) => hash('sha1', `${code} ${propsHash(entry.props)}`, 'base64url').slice(0, 16))
}
