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

export default defineConfig({
  plugins: [vike(), react(), tailwindcss(), finderIndexInDev()],
  // The build (src/build/bundles.ts) deletes the old bundles itself and keeps the pages, which it rewrites in place.
  build: { assetsInlineLimit: 0, emptyOutDir: false },
})
