// The audit's Lighthouse configuration (scripts/lib/lighthouseAnchors.ts) replaces Lighthouse's link gatherer by one
// that asks Chromium about each element once: on a page of links in lists, with click listeners on a link and on a
// list, it must give the artifact Lighthouse's own gatherer gives, and "Links are crawlable" must fail the same links.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Config, type Flags } from 'lighthouse'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/lib/browser'
import { lighthouseConfig } from '../../scripts/lib/lighthouseAnchors'

// Links without href are placeholders, failed by the audit only where a click listener (their own, or one of an
// ancestor's) makes them act as links: "Menu item" (its list listens) and "Own listener" fail, "Placeholder" passes.
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Links</title></head><body><main>
${Array.from({ length: 6 }, (_, i) => `<section><h2>Part ${i}</h2><ul>${Array.from({ length: 20 }, (_, j) => `<li><a href="/p${i}-${j}">Page ${i}-${j}</a></li>`).join('')}</ul></section>`).join('')}
<ul id="menu"><li><a>Menu item</a></li><li><a href="/menu">Menu link</a></li></ul>
<p><a class="own">Own listener</a> <a>Placeholder</a></p>
</main><script>
document.getElementById('menu').addEventListener('click', () => {})
document.querySelector('.own').addEventListener('click', () => {})
</script></body></html>`

let server: http.Server
let url: string
let chrome: chromeLauncher.LaunchedChrome

beforeAll(async () => {
  server = http.createServer((_, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' })
})

afterAll(async () => {
  chrome?.kill()
  await new Promise((resolve) => server?.close(resolve))
})

/**
 * No waiting for the page to settle: it is static, and its listeners are there once it has loaded (about 2 s a run instead
 * of 13; with throttlingMethod 'provided' Lighthouse waited 10 s more for the load).
 */
const QUICK = { pauseAfterFcpMs: 0, pauseAfterLoadMs: 0, networkQuietThresholdMs: 0, cpuQuietThresholdMs: 0 }

async function anchors(config: Config) {
  const flags: Flags = { port: chrome.port, logLevel: 'error', onlyAudits: ['crawlable-anchors'], disableFullPageScreenshot: true }
  const result = (await lighthouse(url, flags, { ...config, settings: { ...config.settings, ...QUICK } }))!
  const audit = result.lhr.audits['crawlable-anchors']!
  const failing = (audit.details as unknown as { items: { node: { snippet: string } }[] }).items.map((item) => item.node.snippet)
  return { artifact: result.artifacts.AnchorElements, failing }
}

it("gives the artifact of Lighthouse's own link gatherer, and fails the same links", async () => {
  const own = await anchors({ extends: 'lighthouse:default' })
  const shared = await anchors(lighthouseConfig())
  expect(own.artifact).toHaveLength(6 * 20 + 4)
  expect(shared.artifact).toEqual(own.artifact)
  expect(own.failing).toEqual(['<a>', '<a class="own">'])
  expect(shared.failing).toEqual(own.failing)
}, 120_000)
