import { describe, expect, it } from 'vitest'
import { assetTagsFromManifest, PageEncoder, withAssetTags, type Manifest } from '../../src/build/assetTags'

// The shape of the manifest the client build writes (bundleProcess.mjs), cut down to three pages.
const CSS = 'assets/static/renderer_style-9c443a6a.Bhk9rV_6.css'
const manifest: Manifest = {
  'virtual:site-stylesheet': { file: 'assets/stylesheet.BieDagm8.js', name: 'stylesheet', src: 'virtual:site-stylesheet', isEntry: true, css: [CSS] },
  '_chunk-7y9sWmk5.js': { file: 'assets/chunks/chunk-7y9sWmk5.js', name: 'preload-helper' },
  '_chunk-xzdLuVHo.js': { file: 'assets/chunks/chunk-xzdLuVHo.js', name: 'quoteFormLoader', imports: ['_chunk-7y9sWmk5.js'] },
  'pages/index/+client.ts': {
    file: 'assets/entries/pages_index_client.DjDaW1Gn.js',
    src: 'pages/index/+client.ts',
    isEntry: true,
    imports: ['_chunk-xzdLuVHo.js'],
  },
  'pages/city-service/+client.ts': { file: 'assets/entries/pages_city-service_client.CDFkQxhR.js', src: 'pages/city-service/+client.ts', isEntry: true },
  'virtual:vike:page-entry:client:/pages/index': { file: 'assets/entries/pages_index.BeaMyEXx.js', isEntry: true },
  'virtual:vike:page-entry:client:/pages/about': { file: 'assets/entries/pages_about.BeaMyEXx.js', isEntry: true },
  'virtual:vike:page-entry:client:/pages/city-service': { file: 'assets/entries/pages_city-service.BeaMyEXx.js', isEntry: true },
}
const link = (file: string) => `<link rel="stylesheet" type="text/css" href="/${file}">`
const script = (file: string) => `<script src="/${file}" type="module" async></script>`

describe('the tags Vike adds to a page, from the manifest of the client bundles', () => {
  it("link the stylesheet on every page and load each page's +client script, and no chunk it imports", () => {
    expect(assetTagsFromManifest(manifest, 'virtual:site-stylesheet')).toEqual({
      index: { head: link(CSS), body: script('assets/entries/pages_index_client.DjDaW1Gn.js') },
      about: { head: link(CSS), body: '' },
      'city-service': { head: link(CSS), body: script('assets/entries/pages_city-service_client.CDFkQxhR.js') },
    })
  })

  it("link a stylesheet that a page's script imports after the page's own, once", () => {
    const withCss: Manifest = {
      ...manifest,
      '_chunk-xzdLuVHo.js': { ...manifest['_chunk-xzdLuVHo.js']!, css: ['assets/static/toast.abc.css', CSS], assets: ['assets/static/icon.abc.svg'] },
    }
    expect(assetTagsFromManifest(withCss, 'virtual:site-stylesheet').index!.head).toBe(link(CSS) + link('assets/static/toast.abc.css'))
  })

  it('stop the build at what they have no rule for: a font, a +client file outside the folder of a page', () => {
    const withFont = { ...manifest, 'pages/index/+client.ts': { ...manifest['pages/index/+client.ts']!, assets: ['assets/static/inter.abc.woff2'] } }
    expect(() => assetTagsFromManifest(withFont, 'virtual:site-stylesheet')).toThrow(/inter\.abc\.woff2: a font among the assets of the Vike page "index"/)
    const shared = { ...manifest, 'renderer/+client.ts': { file: 'assets/entries/renderer_client.abc.js', isEntry: true } }
    expect(() => assetTagsFromManifest(shared, 'virtual:site-stylesheet')).toThrow(/renderer\/\+client\.ts: a \+client file outside the folder of a page/)
  })

  it('go right after <head> and right before </body> of any page of their Vike page', () => {
    const ours = '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Boise</title></head><body><main>Strip &amp; Wax</main>\n</body></html>'
    const tags = { head: link(CSS), body: script('assets/entries/pages_city-service_client.CDFkQxhR.js') }
    expect(withAssetTags(tags, ours)).toBe(ours.replace('<head>', `<head>${tags.head}`).replace('\n</body>', `\n${tags.body}</body>`))
    expect(withAssetTags({ head: '', body: '' }, ours)).toBe(ours)
  })

  it('make the same bytes as one string encoded, page after page in one encoder, whatever their size and script', () => {
    const encoder = new PageEncoder()
    const tags = { head: link(CSS), body: script('assets/entries/pages_city-service_client.CDFkQxhR.js') }
    const page = (body: string) => `<!DOCTYPE html><html lang="fr-CA"><head><title>${body.slice(0, 20)}</title></head><body>${body}\n</body></html>`
    const pages = [
      page(`<main>${'Trois-Rivières – grand ménage 🧽 '.repeat(2000)}</main>`),
      page('<main>Boise</main>'), // shorter than the last: nothing of it may be left at the end
      page(`<p>Strip &amp; Wax</p>${'x'.repeat(200_000)}`), // larger than the encoder's buffer so far
      page('<p>Québec\u2028 ’ «\u00a0»</p>'),
      page('<p>Plain Latin-1: Montréal</p>'),
      page('<p>a lone surrogate \ud800 then 🧽</p>'), // refused by ICU: written by V8, with U+FFFD
    ]
    for (const html of pages) {
      for (const t of [tags, { head: '', body: '' }]) expect(encoder.encode(t, html).equals(Buffer.from(withAssetTags(t, html)))).toBe(true)
    }
    expect(() => encoder.encode(tags, '<p>no document</p>')).toThrow(/a page without <head> or <\/body>/)
  })
})
