import { readFileSync } from 'node:fs'
import { LineCounter, parseDocument, isNode, type Document } from 'yaml'
import type { z } from 'zod'
import { DataError, describeIssue, keyPath } from './errors'

/**
 * Reads a YAML data file and validates it with a schema. Problems name the file, the line and
 * the key path: `data/services.yaml line 40, services.deep-cleaning.benefits: expected 6 items, found 5`.
 */
export function loadYaml<S extends z.ZodType>(file: string, schema: S, displayName = file): z.output<S> {
  const text = readFileSync(file, 'utf8')
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true })
  if (doc.errors.length > 0) {
    throw new DataError(doc.errors.map((e) => `${displayName} line ${e.linePos?.[0]?.line ?? '?'}: ${e.message.split('\n')[0]} (YAML syntax)`))
  }
  const result = schema.safeParse(doc.toJS())
  if (result.success) return result.data
  throw new DataError(
    result.error.issues.map((issue) => {
      const line = lineOf(doc, issue.path as PropertyKey[], lineCounter)
      const where = issue.path.length > 0 ? `, ${keyPath(issue.path as PropertyKey[])}` : ''
      return `${displayName}${line ? ` line ${line}` : ''}${where}: ${describeIssue(issue)}`
    }),
  )
}

function lineOf(doc: Document, path: PropertyKey[], lineCounter: LineCounter): number | undefined {
  // The deepest node that exists on the path (a missing field points at its parent).
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n) as unknown[], true)
    if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line
  }
  return undefined
}
