import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [vike(), react(), tailwindcss()],
  // The build (src/build/bundles.ts) deletes the old bundles itself and keeps the pages, which it rewrites in place.
  build: { assetsInlineLimit: 0, emptyOutDir: false },
})
