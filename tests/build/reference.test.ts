// Vike is the reference renderer: the build's own loop must write, byte for byte, what Vike's public renderPage()
// makes of the same URL with the server build that `vike build` left in dist/server.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { renderPage } from 'vike/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { readState } from '../../src/build/state'
import { withAssetTags } from '../../src/build/assetTags'
import { loadCatalogue } from '../../src/catalog/index'
import { pageModel, pageModelFor, vikePageOf } from '../../src/pages/model'
import { pageProps } from '../../src/pages/props'
import { fileForPath } from '../../src/urls/paths'
import { renderHtml } from '../../src/pages/renderHtml'
import { DIST } from './dist'

const catalogue = loadCatalogue()
const frenchSlug = (slug: string) => catalogue.serviceBySlug.get(slug)!.fr.slug

async function vikeHtml(url: string) {
  const { httpResponse } = await renderPage({ urlOriginal: url })
  if (!httpResponse) throw new Error(`no response for ${url}`)
  return { status: httpResponse.statusCode, html: httpResponse.body }
}

beforeAll(async () => {
  process.env.NODE_ENV = 'production'
  // The server build of dist/, imported by hand: the auto importer in node_modules may point at another copy.
  await import(pathToFileURL(path.join(path.dirname(DIST), 'server/entry.mjs')).href)
})

describe('the build and Vike', () => {
  it.each([
    ['/', 'home'],
    ['/about', 'about'],
    ['/contact', 'contact'],
    ['/quote', 'quote'],
    ['/local-services', 'the directory'],
    ['/privacy', 'the privacy notice'],
    ['/services/strip-wax', 'a service page'],
    ['/services/move-in-out', 'a header alias page'],
    ['/boise-strip-wax', 'a city page, scheme 1'],
    ['/boise-strip-wax-janitorial', 'a city page, scheme 2'],
    ['/boise-routine-janitorial', 'Routine Janitorial in a city, scheme 1'],
    ['/boise-routine-janitorial-janitorial', 'Routine Janitorial in a city, scheme 2'],
    ['/montreal-deep-cleaning-janitorial', 'a city with an accent'],
    ['/springfield-il-day-porter-janitorial', 'a city that shares its name'],
    ['/not-found/service', "the 'Service Not Found' page"],
    ['/not-found/city-service', 'the not-found page with the debug box'],
    ['/not-found/page', "the 'Page Not Found' page"],
    ['/fr', 'the French home'],
    ['/fr/a-propos', 'French about'],
    ['/fr/soumission', 'the French quote page'],
    ['/fr/services-locaux', 'the French directory'],
    ['/fr/confidentialite', 'the French privacy notice'],
    [`/fr/services/${frenchSlug('strip-wax')}`, 'a French service page'],
    [`/fr/montreal-${frenchSlug('strip-wax')}`, 'a French city page'],
    [`/fr/trois-rivieres-${frenchSlug('routine-janitorial')}`, 'a French city page of Routine Janitorial'],
    ['/fr/introuvable/service', 'the French service-not-found page'],
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
    ['/fr/services/strip-wax', 'an English slug under /fr'],
    [`/fr/boise-${frenchSlug('strip-wax')}`, 'a city without French pages'],
    ['/fr/nimporte-quoi', 'any other French path'],
  ])('render the same not-found screen for %s (%s) with the tags of the same Vike page', async (url) => {
    const { bundles } = readState(path.dirname(DIST))!
    const vike = await vikeHtml(url)
    const model = vike.status === 404 ? pageModelFor({ urlPathname: url, is404: true }, catalogue) : pageModel(url, catalogue)
    expect(model.kind).toBe('not-found')
    expect(withAssetTags(bundles!.assetTags[vikePageOf(model)]!, renderHtml(pageProps(model, catalogue)))).toBe(vike.html)
  })
})
