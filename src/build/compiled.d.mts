/** The directory of the compiled entries (`<name>.mjs` for each), compiled now if any of their files changed (compiled.mjs). */
export function compiled(entries: Record<string, string>): Promise<string>
