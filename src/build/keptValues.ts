import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { deserialize, serialize } from 'node:v8'
import { writeWhole } from '../files/writeWhole'

type Inputs = readonly (string | Uint8Array)[]

/** How a value kept between builds is asked for: its name, the inputs it is computed from alone, and how to compute it. */
export interface Remember {
  <T>(name: string, inputs: Inputs, compute: () => T): T
  /** The same for a value computed asynchronously (kept once it is resolved). */
  later<T>(name: string, inputs: Inputs, compute: () => Promise<T>): Promise<T>
}

/** The length of a kept file's key (a SHA-1), before the value. */
const KEY_BYTES = 20

/**
 * Values the build computes from a few inputs alone (a data file validated, the coverage map's outlines) and keeps
 * between builds, each in its own file of `dir` (node_modules/.cache/kept/), after the key of the code and inputs it was
 * computed from: a build whose inputs did not change reads the value back instead of computing it again (a one-row edit
 * of cities.csv does not validate services.yaml again). `code` is the build's code hash (src/build/codeHash.ts: the
 * sources and the locked package versions), so that a change of the code computing a value is a change of its key.
 * Only the last value of each name is kept. V8's serialization keeps what JSON would lose (`undefined`, Maps).
 * A value that throws is not kept; one that cannot be written (a read-only node_modules) is computed again next time.
 */
export function keptValues(dir: string, code: string): Remember {
  const keyOf = (name: string, inputs: Inputs) => {
    const hash = createHash('sha1').update(`${code}\0${name}`)
    for (const input of inputs) hash.update('\0').update(input)
    return hash.digest()
  }
  const file = (name: string) => path.join(dir, `${name}.bin`)
  const read = (name: string, key: Buffer): { value: unknown } | undefined => {
    try {
      const kept = readFileSync(file(name))
      if (kept.subarray(0, KEY_BYTES).equals(key)) return { value: deserialize(kept.subarray(KEY_BYTES)) }
    } catch {
      // never kept, or unreadable: computed
    }
    return undefined
  }
  const keep = (name: string, key: Buffer, value: unknown) => {
    try {
      writeWhole(file(name), Buffer.concat([key, serialize(value)]))
    } catch {
      // a read-only node_modules: computed again next time
    }
  }
  const remember = <T>(name: string, inputs: Inputs, compute: () => T): T => {
    const key = keyOf(name, inputs)
    const kept = read(name, key)
    if (kept) return kept.value as T
    const value = compute()
    keep(name, key, value)
    return value
  }
  remember.later = async <T>(name: string, inputs: Inputs, compute: () => Promise<T>): Promise<T> => {
    const key = keyOf(name, inputs)
    const kept = read(name, key)
    if (kept) return kept.value as T
    const value = await compute()
    keep(name, key, value)
    return value
  }
  return remember
}
