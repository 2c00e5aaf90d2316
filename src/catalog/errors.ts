import type { z } from 'zod'

/** A data file breaks a rule. The message names the file, the place (line / key path), the field and the rule. */
export class DataError extends Error {
  constructor(readonly problems: string[]) {
    super(`The data files have ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'DataError'
  }
}

/** What to print when the data is wrong: the message names file, line or key path, field and rule. */
export function reportDataError(error: DataError, command = 'npm run check:data') {
  console.error(error.message)
  console.error(`\nFix the lines above in the data files, then run \`${command}\` again.`)
}

/** What loading the data noticed without failing: warnings with what to do, and how each file was read. */
export interface LoadNotes {
  warnings: string[]
  /** File (as displayed) → "UTF-8, values separated by commas". */
  formats: Map<string, string>
}

export const newLoadNotes = (): LoadNotes => ({ warnings: [], formats: new Map() })

/** Turns one schema issue into words a non-programmer can act on. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const input = (issue as { input?: unknown }).input
  if (issue.code === 'invalid_type' && input === undefined) return 'is missing (required)'
  if (issue.code === 'invalid_type') return `expected ${issue.expected}, got ${JSON.stringify(input)}`
  if (issue.code === 'unrecognized_keys') return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`
  return issue.message
}

/** `a.b.0.c` → `a.b[0].c` */
export function keyPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('')
}
