import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import vike from 'vike/plugin'
import { defineConfig, type Plugin } from 'vite'
import type * as Catalog from './src/catalog/index'
import type * as FinderFiles from './src/finder/indexFiles'

/**
 * `vike dev` (npm run dev): the city finder's index (src/finder/), which the build writes into dist/client, made from
 * the data at each request.
 */
function finderIndexInDev(): Plugin {
  return {
    name: 'city-finder-index',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0]!
        if (!url.startsWith('/finder/') && !url.startsWith('/assets/finder/')) return next()
        Promise.all([server.ssrLoadModule('/src/catalog/index.ts'), server.ssrLoadModule('/src/finder/indexFiles.ts')])
          .then(([catalog, finder]) => {
            const { finderFiles, finderParts } = finder as typeof FinderFiles
            const text = finderFiles((catalog as typeof Catalog).loadCatalogue(), finderParts()).get(url)
            if (text === undefined) res.statusCode = 404
            else res.setHeader('Content-Type', url.endsWith('.json') ? 'application/json' : 'text/plain; charset=utf-8')
            res.end(text)
          })
          .catch(next)
      })
    },
  }
}

/**
 * sonner 2.0.8 inserts its stylesheet as a <style> element when its module loads (`__insertCSS(…)` at the top level of
 * its bundle): a Content-Security-Policy without 'unsafe-inline' (src/hosting/headers.ts) refuses it, and the browser
 * logs an error. The package ships the same stylesheet as a file, its `sonner/dist/styles.css` export, which the quote
 * form's island imports (Vite loads it with a <link>); this removes the insertion, and stops the bundling when sonner's
 * code no longer has exactly one such call (a new version: check it before updating the pin).
 */
function sonnerStylesheetAsFile(): Plugin {
  return {
    name: 'sonner-stylesheet-as-file',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return
      const calls = code.match(/^__insertCSS\(".*"\);$/gm) ?? []
      if (calls.length !== 1) this.error(`${id}: expected one __insertCSS("…"); line, found ${calls.length}`)
      return { code: code.replace(calls[0], ''), map: null }
    },
  }
}

export default defineConfig({
  plugins: [vike(), react(), tailwindcss(), sonnerStylesheetAsFile(), finderIndexInDev()],
  // `vike dev` serves sonner through the plugins above (a pre-bundled copy would skip them).
  optimizeDeps: { exclude: ['sonner'] },
  // The build (src/build/bundles.ts) deletes the old bundles itself and keeps the pages, which it rewrites in place.
  build: { assetsInlineLimit: 0, emptyOutDir: false },
})
