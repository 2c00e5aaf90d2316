/** The URL of a service page (`/services/strip-wax`, or a header alias such as `/services/move-in-out`). */
export const servicePath = (slug: string) => `/services/${slug}`

/** The file the build writes for a URL path (one `name.html` per page, no `name/index.html`): `/` → index.html, `/about` → about.html. */
export function fileForPath(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`
}
