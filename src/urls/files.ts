/** The prerendered file of a URL path (Vike's `noExtraDir` layout): `/` → index.html, `/about` → about.html. */
export function fileForPath(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`
}
