// The bundler of `npm run build` (bundles.ts starts it in a process of its own, in the project's folder, when the code
// changed): Vite's build() of the client only (https://vite.dev/guide/api-javascript#build: the first environment,
// which with Vike's plugin is the client's), with the project's vite.config.ts. It writes the client bundles and the
// copies of public/ into dist/client and sends the parent Vite's manifest of them (its text, and the stylesheet's
// key), from which bundles.ts derives the tags of every Vike page (assetTags.ts), and the names of the bundles it
// wrote. Vike's server build is not made: the pages are rendered by the build itself, and the reference test makes
// its own (tests/build/reference.test.ts).
import path from 'node:path'
import { build } from 'vite'

// The stylesheet of every page, imported by renderer/+onRenderHtml.tsx. Server-only code never reaches the client
// build, so Vike takes the stylesheet from its server build; here a one-line entry imports it instead, and Vike's own
// naming gives its CSS file the same name as in Vike's full build. The entry's (empty) script is not written.
const STYLESHEET = 'renderer/style.css'
const ENTRY = 'virtual:site-stylesheet'
const MANIFEST = '.vite/manifest.json'

// Nobody waits for the bundles once the build that started this process is gone (killed, or its test runner stopped):
// without this, an orphaned bundler kept running for many minutes.
// The listener keeps the IPC channel (and so the process) alive: it goes once the bundles are made.
const orphaned = () => process.exit(1)
process.on('disconnect', orphaned)

/** The manifest's text. */
let manifest = ''
/** The files the bundler writes into dist/client, relative to it (the copies of public/ apart). */
let files = /** @type {string[]} */ ([])
try {
  await build({
    build: { rolldownOptions: { input: { stylesheet: ENTRY } } },
    plugins: [
      {
        name: 'site-stylesheet',
        resolveId: (id) => (id === ENTRY ? `\0${ENTRY}` : undefined),
        load: (id) => (id === `\0${ENTRY}` ? `import ${JSON.stringify(path.resolve(STYLESHEET))}` : undefined),
        // After Vite's manifest plugin: the manifest is kept in memory, and neither it nor the entry's script is written.
        generateBundle: {
          order: 'post',
          handler(_options, bundle) {
            const asset = bundle[MANIFEST]
            if (asset?.type !== 'asset') throw new Error(`Vite wrote no ${MANIFEST}`)
            manifest = String(asset.source)
            delete bundle[MANIFEST]
            const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.facadeModuleId === `\0${ENTRY}`)
            if (!entry) throw new Error(`the client build has no entry for ${STYLESHEET}`)
            delete bundle[entry.fileName]
            files = Object.keys(bundle)
          },
        },
      },
    ],
  })
  if (!manifest) throw new Error(`the client build ended without ${MANIFEST}`)
  process.send?.({ manifest, stylesheet: ENTRY, files })
} catch (error) {
  // Vike's plugin may handle the rejection and let the process end well: the exit code must say that it failed.
  console.error(error)
  process.exitCode = 1
} finally {
  process.off('disconnect', orphaned)
}
