import { describe, expect, it } from 'vitest'
import { withAssetTags, deriveAssetTags } from '../../src/build/assetTags'

const ours = '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Boise</title></head><body><main>Strip &amp; Wax</main>\n</body></html>'
const css = '<link rel="stylesheet" type="text/css" href="/assets/static/style.abc.css">'
const js = '<script src="/assets/entries/pages_city-service_client.abc.js" type="module" async></script>'
const vike = ours.replace('<head>', `<head>${css}`).replace('\n</body>', `\n${js}</body>`)

describe('the tags Vike adds to a page (assetTags)', () => {
  it('are what Vike put after <head> and before </body>, and rebuild its HTML exactly', () => {
    const tags = deriveAssetTags(vike, ours, '/boise-strip-wax')
    expect(tags).toEqual({ head: css, body: js })
    expect(withAssetTags(tags, ours)).toBe(vike)
  })

  it('go on another page of the same Vike page, whatever its content', () => {
    const tags = deriveAssetTags(vike, ours, '/boise-strip-wax')
    const other = ours.replace('Boise', 'Nampa').replace('Strip &amp; Wax', 'Deep Cleaning')
    expect(withAssetTags(tags, other)).toBe(vike.replace('Boise', 'Nampa').replace('Strip &amp; Wax', 'Deep Cleaning'))
  })

  it('are empty for a page without CSS or script', () => {
    expect(deriveAssetTags(ours, ours, '/about')).toEqual({ head: '', body: '' })
  })

  it('refuse HTML that Vike changed anywhere else, naming the URL', () => {
    expect(() => deriveAssetTags(vike.replace('<title>Boise</title>', '<title>Boise!</title>'), ours, '/boise-strip-wax')).toThrow(
      /Vike's HTML for \/boise-strip-wax differs/,
    )
    expect(() => deriveAssetTags(vike.replace('<html lang="en">', '<html lang="fr">'), ours, '/boise-strip-wax')).toThrow(/\/boise-strip-wax/)
  })
})
