import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [vike(), react(), tailwindcss()],
  // scripts/build.ts empties dist/ itself, except the pages, which the prerender overwrites in place.
  build: { assetsInlineLimit: 0, emptyOutDir: false },
})
