import type { Config } from 'vike/types'

// https://vike.dev/config
export default {
  // Every page is prerendered to one `name.html` file (no `name/index.html`, so no slash redirects on hosts).
  // `vike build` only bundles: scripts/prerender.ts runs the prerender, one process per core, and removes dist/server.
  prerender: { noExtraDir: true, redirects: false, disableAutoRun: true, keepDistServer: true },
  // Server routing: no per-page pageContext.json files, full-page navigations.
  clientRouting: false,
  // HTML-only pages (https://vike.dev/render-modes): the Page component never ships to the browser.
  // A page's `+client.ts`, where it has one, is its entire browser code (e.g. the quote form island).
  meta: { Page: { env: { server: true, client: false } } },
} satisfies Config
