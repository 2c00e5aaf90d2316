/** Where the quote form goes: the Supabase project's function, or the local server's copy of it. */

export const FUNCTION_NAME = 'send-contact-email'
/** Supabase serves functions under this path; the local server (`npm start`) mounts the function at the same one. */
export const FUNCTIONS_PATH = '/functions/v1'

/** VITE_SUPABASE_URL as the build saw it (Vite replaces `import.meta.env.VITE_*` at build time). */
export const projectUrl = (): string | undefined => (import.meta.env.VITE_SUPABASE_URL as string | undefined) || undefined

/** The functions base URL: the project's when VITE_SUPABASE_URL is set, else the local server's at `localOrigin()`. */
export function functionsUrl(project: string | undefined, localOrigin: () => string): string {
  return `${project ? project.replace(/\/+$/, '') : localOrigin()}${FUNCTIONS_PATH}`
}

/**
 * The `action` of the plain HTML form (posted without JavaScript): the function's full URL on the
 * Supabase project, or the local server's path on the site's own origin.
 */
export function quoteFormAction(project = projectUrl()): string {
  return `${functionsUrl(project, () => '')}/${FUNCTION_NAME}`
}
