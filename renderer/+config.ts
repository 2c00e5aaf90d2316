import type { Config } from 'vike/types'

// https://vike.dev/config
export default {
  // The production build makes the client bundles only and renders the pages itself with the same renderer (src/build/,
  // docs/architecture.md, "Build"); the reference test's `vike build` makes the server build whose renderPage() is the
  // reference for the build's output.
  // Server routing: no per-page pageContext.json files, full-page navigations.
  clientRouting: false,
  // HTML-only pages (https://vike.dev/render-modes): the Page component never ships to the browser.
  // A page's `+client.ts`, where it has one, is its entire browser code (e.g. the quote form island).
  meta: { Page: { env: { server: true, client: false } } },
} satisfies Config
