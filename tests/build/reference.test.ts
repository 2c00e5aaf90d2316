// Vike is the reference renderer: the build's own loop must write, byte for byte, what Vike's public renderPage()
// makes of the same URL. The production build makes the client bundles only, so this test makes Vike's full build
// (client and server, https://vike.dev/api#build) of the same code in a folder of its own, and first checks that its
// client bundles are the ones the build wrote.
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { renderPage } from 'vike/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readState } from '../../src/build/state'
import { withAssetTags } from '../../src/build/assetTags'
import { loadCatalogue } from '../../src/catalog/index'
import { FINDER_PARTS_DIR } from '../../src/finder/format'
import { pageModel, pageModelFor, vikePageOf } from '../../src/pages/model'
import { pageProps } from '../../src/pages/props'
import { fileForPath } from '../../src/urls/paths'
import { renderHtml } from '../../src/pages/renderHtml'
import { NONE_OUT } from '../helpers/decision'
import { DIST } from './dist'

const catalogue = loadCatalogue()
const frenchSlug = (slug: string) => catalogue.serviceBySlug.get(slug)!.fr.slug

async function vikeHtml(url: string) {
  const { httpResponse } = await renderPage({ urlOriginal: url })
  if (!httpResponse) throw new Error(`no response for ${url}`)
  return { status: httpResponse.statusCode, html: httpResponse.body }
}

/** Vike's full build, inside the project (its server build imports the dependencies from node_modules). */
const REFERENCE = path.resolve('.tmp/vike-reference')
/** The files of a folder, as paths relative to it. */
const filesOf = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort()

// The built-page tests share their worker (vitest.config.ts: isolate false): the environment is given back after.
const nodeEnv = process.env.NODE_ENV
afterAll(() => {
  process.env.NODE_ENV = nodeEnv
})

beforeAll(async () => {
  process.env.NODE_ENV = 'production'
  rmSync(REFERENCE, { recursive: true, force: true })
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'tests/build/helpers/vikeBuild.ts', REFERENCE], {
    env: { ...process.env, NODE_ENV: 'production' },
  })
  // Its server build, imported by hand: the auto importer in node_modules may point at another copy.
  await import(pathToFileURL(path.join(REFERENCE, 'server/entry.mjs')).href)
})

describe('the build and Vike', () => {
  it("bundles the browser's files as Vike's own build does: the same files, the same bytes", () => {
    const reference = filesOf(path.join(REFERENCE, 'client'))
    // The site's stylesheet, and the toasts' (sonner's file, loaded with the quote form's code).
    expect(reference.filter((file) => file.startsWith('assets/static/') && file.endsWith('.css')).map((file) => file.split('-')[0])).toEqual([
      'assets/static/renderer_style',
      'assets/static/sonner',
    ])
    // Under assets/, the build also writes the city finder's parts (src/finder/indexFiles.ts), which are no bundle.
    const bundles = filesOf(path.join(DIST, 'assets'))
      .map((file) => `assets/${file}`)
      .filter((file) => !`/${file}`.startsWith(`${FINDER_PARTS_DIR}/`))
    expect(bundles).toEqual(reference.filter((file) => file.startsWith('assets/')))
    for (const file of reference) expect(readFileSync(path.join(DIST, file)).equals(readFileSync(path.join(REFERENCE, 'client', file))), file).toBe(true)
  })

  it.each([
    ['/', 'home'],
    ['/about', 'about'],
    ['/contact', 'contact'],
    ['/quote', 'quote'],
    ['/local-services', 'the directory'],
    ['/local-services/boise', 'a city hub'],
    ['/local-services/springfield-il', 'the hub of a city that shares its name'],
    ['/privacy', 'the privacy notice'],
    ['/services/strip-wax', 'a service page'],
    ['/services/move-in-out', 'a header alias page'],
    ['/boise-strip-wax', 'a city page, scheme 1'],
    ['/boise-strip-wax-janitorial', 'a city page, scheme 2'],
    ['/boise-routine-janitorial', 'Routine Janitorial in a city, scheme 1'],
    ['/boise-routine-janitorial-janitorial', 'Routine Janitorial in a city, scheme 2'],
    ['/montreal-deep-cleaning-janitorial', 'a city with an accent'],
    ['/springfield-il-day-porter-janitorial', 'a city that shares its name'],
    ['/services/404', "the 'Service Not Found' page, which hosts serve for misses under /services/"],
    ['/not-found/city-service', 'the not-found page with the debug box'],
    ['/not-found/page', "the 'Page Not Found' page"],
    ['/fr', 'the French home'],
    ['/fr/a-propos', 'French about'],
    ['/fr/soumission', 'the French quote page'],
    ['/fr/services-locaux', 'the French directory'],
    ['/fr/services-locaux/trois-rivieres', 'a French city hub'],
    ['/fr/confidentialite', 'the French privacy notice'],
    [`/fr/services/${frenchSlug('strip-wax')}`, 'a French service page'],
    [`/fr/montreal-${frenchSlug('strip-wax')}`, 'a French city page'],
    [`/fr/trois-rivieres-${frenchSlug('routine-janitorial')}`, 'a French city page of Routine Janitorial'],
    ['/fr/services/404', 'the French service-not-found page, which hosts serve for misses under /fr/services/'],
    ['/fr/introuvable/ville-service', 'the French not-found page with the debug box'],
  ])('write the same bytes for %s (%s)', async (url) => {
    const vike = await vikeHtml(url)
    expect(vike.status).toBe(200)
    expect(readFileSync(path.join(DIST, fileForPath(url)), 'utf8')).toBe(vike.html)
  })

  it.each(['/404', '/fr/404'])('write the same root 404 page %s, which Vike renders for a URL no route takes', async (url) => {
    const vike = await vikeHtml(url)
    expect(vike.status).toBe(404)
    expect(readFileSync(path.join(DIST, fileForPath(url)), 'utf8')).toBe(vike.html)
  })

  it.each([
    ['/services/window-washing', 'an unknown service'],
    ['/atlantis-strip-wax', 'an unknown city'],
    ['/atlantis-strip-wax-janitorial', 'an unknown city, scheme 2'],
    ['/-janitorial', 'nothing before -janitorial'],
    ['/abuot', 'any other path'],
    ['/local-services/atlantis', 'the hub of an unknown city'],
    ['/fr/services-locaux/boise', 'a French hub of a city without French pages'],
    ['/fr/services/strip-wax', 'an English slug under /fr'],
    [`/fr/boise-${frenchSlug('strip-wax')}`, 'a city without French pages'],
    ['/fr/nimporte-quoi', 'any other French path'],
  ])('render the same not-found screen for %s (%s) with the tags of the same Vike page', async (url) => {
    const { bundles } = readState(path.dirname(DIST))!
    const vike = await vikeHtml(url)
    const model = vike.status === 404 ? pageModelFor({ urlPathname: url, is404: true }, catalogue) : pageModel(url, catalogue)
    expect(model.kind).toBe('not-found')
    expect(withAssetTags(bundles!.assetTags[vikePageOf(model)]!, renderHtml(pageProps(model, catalogue, NONE_OUT)))).toBe(vike.html)
  })
})
