import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { LineCounter, parseDocument, isNode, type Document, type YAMLError } from 'yaml'
import type { z } from 'zod'
import { DataError, describeIssue, keyPath, type LoadNotes } from './errors'
import { readTextFile } from './textFile'
import { writeWhole } from '../files/writeWhole'

/**
 * Reads a YAML data file and validates it with a schema. Problems name the file, the line and
 * the key path: `data/services.yaml line 40, services.deep-cleaning.benefits: expected 6 items, found 5`.
 * The file may be UTF-8 (with or without a byte-order mark), UTF-16, or Windows-1252 (read with a warning in `notes`).
 */
export function loadYaml<S extends z.ZodType>(file: string, schema: S, displayName = file, notes?: LoadNotes): z.output<S> {
  const { text, warnings } = readTextFile(file, displayName)
  notes?.warnings.push(...warnings)
  // reportInput: a value of the wrong type is named in the message ("expected boolean, got \"yes\""), not taken for a missing one.
  const result = schema.safeParse(parsedYaml(text, displayName), { reportInput: true })
  if (result.success) return result.data
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true })
  throw new DataError(
    result.error.issues.map((issue) => {
      const line = lineOf(doc, issue.path, lineCounter)
      const where = issue.path.length > 0 ? `, ${keyPath(issue.path)}` : ''
      return `${displayName}${line ? ` line ${line}` : ''}${where}: ${describeIssue(issue)}`
    }),
  )
}

/**
 * The YAML text as plain data. Parsing data/regions.yaml (300 KB) took a fifth of the data step, so each text's value is
 * kept in node_modules/.cache/yaml/ by the hash of the text and the parser's version (never committed; the newest
 * CACHED_TEXTS kept), and read back as JSON when the same text comes again: an edit of another data file does not parse
 * this one again. A value JSON cannot carry exactly (`.nan`, `.inf`) is not kept.
 */
function parsedYaml(text: string, displayName: string): unknown {
  const cacheFile = path.join(YAML_CACHE.dir, `${createHash('sha1').update(YAML_CACHE.version).update(text).digest('base64url')}.json`)
  try {
    return JSON.parse(readFileSync(cacheFile, 'utf8'))
  } catch {
    // not parsed before
  }
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true })
  if (doc.errors.length > 0) throw new DataError(syntaxProblems(doc.errors, text, displayName))
  const value: unknown = doc.toJS()
  const json = JSON.stringify(value)
  if (isDeepStrictEqual(JSON.parse(json), value)) {
    try {
      // Written whole: two builds at once never read half a file.
      writeWhole(cacheFile, json)
      const kept = readdirSync(YAML_CACHE.dir).filter((f) => f.endsWith('.json'))
      if (kept.length > CACHED_TEXTS) {
        const byAge = kept.map((f) => ({ f, at: statSync(path.join(YAML_CACHE.dir, f)).mtimeMs })).sort((a, b) => b.at - a.at)
        for (const { f } of byAge.slice(CACHED_TEXTS)) rmSync(path.join(YAML_CACHE.dir, f), { force: true })
      }
    } catch {
      // a read-only node_modules: parse again next time
    }
  }
  return value
}

const CACHED_TEXTS = 40

const YAML_CACHE = (() => {
  const packageJson = createRequire(import.meta.url).resolve('yaml/package.json')
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }
  return { dir: path.join(path.dirname(packageJson), '..', '.cache', 'yaml'), version: `yaml ${version} uniqueKeys v1` }
})()

/** The line of each key path in a YAML text (the deepest part of it that exists), for messages of rules the schema cannot state. */
export function linesOf(text: string, paths: PropertyKey[][]): (number | undefined)[] {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter })
  return paths.map((p) => lineOf(doc, p, lineCounter))
}

function lineOf(doc: Document, path: PropertyKey[], lineCounter: LineCounter): number | undefined {
  // The deepest node that exists on the path (a missing field points at its parent).
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n) as unknown[], true)
    if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line
  }
  return undefined
}

/**
 * YAML syntax errors in words a non-programmer can act on. A tab in the indentation makes the parser
 * report errors on many lines after it: only the tabs are reported, since replacing them fixes the others.
 */
function syntaxProblems(errors: readonly YAMLError[], text: string, displayName: string): string[] {
  const lines = text.split(/\r\n?|\n/)
  const problems = new Map<number | string, string>()
  for (const error of errors) {
    const line = error.linePos?.[0]?.line
    const where = `${displayName} line ${line ?? '?'}`
    const source = line ? (lines[line - 1] ?? '') : ''
    if (error.code === 'TAB_AS_INDENT' || (line && /^ *\t/.test(source))) {
      problems.set(
        line ?? where,
        `${where}: the line is indented with a tab; YAML needs spaces. Replace the tab at the start of the line with spaces, lined up with the lines around it`,
      )
    } else if (error.code === 'DUPLICATE_KEY') {
      const key = /^\s*-?\s*["']?([^"':]+)/.exec(source)?.[1]?.trim()
      problems.set(line ?? where, `${where}: the key ${key ? `"${key}" ` : ''}appears twice in the same block; keep only one of them`)
    } else if (!problems.has(line ?? where)) {
      problems.set(
        line ?? where,
        `${where}: ${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')} (YAML syntax: check the indentation, the colon after the key and the quotes on this line and the one above)`,
      )
    }
  }
  const tabs = [...problems.values()].filter((p) => p.includes('indented with a tab'))
  return tabs.length > 0 ? tabs : [...problems.values()]
}
