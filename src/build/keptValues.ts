import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { deserialize, serialize } from 'node:v8'
import { writeWhole } from './writePage'

/** How a value kept between builds is asked for: its name, the inputs it is computed from alone, and how to compute it. */
export type Remember = <T>(name: string, inputs: readonly (string | Uint8Array)[], compute: () => T) => T

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
  return <T>(name: string, inputs: readonly (string | Uint8Array)[], compute: () => T): T => {
    const hash = createHash('sha1').update(`${code}\0${name}`)
    for (const input of inputs) hash.update('\0').update(input)
    const key = hash.digest()
    const file = path.join(dir, `${name}.bin`)
    try {
      const kept = readFileSync(file)
      if (kept.subarray(0, KEY_BYTES).equals(key)) return deserialize(kept.subarray(KEY_BYTES)) as T
    } catch {
      // never kept, or unreadable: computed below
    }
    const value = compute()
    try {
      writeWhole(file, Buffer.concat([key, serialize(value)]))
    } catch {
      // a read-only node_modules: computed again next time
    }
    return value
  }
}

/** A file's bytes as an input of a kept value; a missing file is an input too (the computation then reports it). */
export function fileInput(file: string): string | Uint8Array {
  try {
    return readFileSync(file)
  } catch {
    return `${file} missing`
  }
}
