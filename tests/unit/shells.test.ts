import { describe, expect, it } from 'vitest'
import { applyShell, deriveShell } from '../../src/build/shells'

const ours = '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Boise</title></head><body><main>Strip &amp; Wax</main>\n</body></html>'
const css = '<link rel="stylesheet" type="text/css" href="/assets/static/style.abc.css">'
const js = '<script src="/assets/entries/pages_city-service_client.abc.js" type="module" async></script>'
const vike = ours.replace('<head>', `<head>${css}`).replace('\n</body>', `\n${js}</body>`)

describe('the tags Vike adds to a page (shells)', () => {
  it('are what Vike put after <head> and before </body>, and rebuild its HTML exactly', () => {
    const shell = deriveShell(vike, ours, '/boise-strip-wax')
    expect(shell).toEqual({ head: css, body: js })
    expect(applyShell(shell, ours)).toBe(vike)
  })

  it('go on another page of the same Vike page, whatever its content', () => {
    const shell = deriveShell(vike, ours, '/boise-strip-wax')
    const other = ours.replace('Boise', 'Nampa').replace('Strip &amp; Wax', 'Deep Cleaning')
    expect(applyShell(shell, other)).toBe(vike.replace('Boise', 'Nampa').replace('Strip &amp; Wax', 'Deep Cleaning'))
  })

  it('are empty for a page without CSS or script', () => {
    expect(deriveShell(ours, ours, '/about')).toEqual({ head: '', body: '' })
  })

  it('refuse HTML that Vike changed anywhere else, naming the URL', () => {
    expect(() => deriveShell(vike.replace('<title>Boise</title>', '<title>Boise!</title>'), ours, '/boise-strip-wax')).toThrow(/Vike's HTML for \/boise-strip-wax differs/)
    expect(() => deriveShell(vike.replace('<html lang="en">', '<html lang="fr">'), ours, '/boise-strip-wax')).toThrow(/\/boise-strip-wax/)
  })
})
