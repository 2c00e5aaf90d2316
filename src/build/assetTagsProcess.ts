// After `vike build`: renders one URL of each Vike page through Vike's own renderPage() and sends the parent the
// tags Vike adds to that page for the new bundles ({ assetTags }). A process of its own, so that the build keeps
// none of Vike's runtime.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { loadCatalogue } from '../catalog/index'
import { entryAt, pageCount, type PageEntry } from '../pages/entries'
import { LANGS } from '../i18n/lang'
import type { VikePage } from '../pages/model'
import { renderHtml } from '../pages/renderHtml'
import { deriveAssetTags, type PageAssetTags } from './assetTags'

async function deriveShells(): Promise<PageAssetTags> {
  // https://vike.dev/renderPage, on the server build that `vike build` just wrote. The server entry is imported by
  // hand (vite-plugin-server-entry's "manual import"): the auto importer's path lives in node_modules, which
  // copies of the project share.
  await import(pathToFileURL(path.resolve('dist/server/entry.mjs')).href)
  const { renderPage } = await import('vike/server')
  const catalogue = loadCatalogue()
  // One page of each Vike page: every kind appears among the first pages and the first city page, except the root
  // 404 pages, which come last (entries.ts); the others are not made at all.
  const samples = new Map<VikePage, PageEntry>()
  const count = pageCount(catalogue)
  const firstCityPage = [...Array(count).keys()].find((i) => entryAt(catalogue, i).model.kind === 'city-service')!
  for (const i of [...Array(firstCityPage + 1).keys(), ...Array.from({ length: LANGS.length }, (_, k) => count - LANGS.length + k)]) {
    const entry = entryAt(catalogue, i)
    if (!samples.has(entry.vikePage)) samples.set(entry.vikePage, entry)
  }
  const assetTags: PageAssetTags = {}
  for (const [vikePage, entry] of samples) {
    const { httpResponse } = await renderPage({ urlOriginal: entry.path })
    if (!httpResponse) throw new Error(`Vike's renderPage() gave no HTML for ${entry.path}`)
    assetTags[vikePage] = deriveAssetTags(httpResponse.body, renderHtml(entry.props), entry.path)
  }
  return assetTags
}

try {
  process.send!({ assetTags: await deriveShells() })
} catch (error) {
  console.error(error)
  process.exitCode = 1
}
