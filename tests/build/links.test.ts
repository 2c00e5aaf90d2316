import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { createRedirectMatcher, type RedirectRules } from '../../src/hosting/redirects'
import { fileForPath } from '../../src/urls/paths'
import { DIST } from './dist'

/** Every internal link of every built page, once each, with a page it is on. */
function linkTargets(): Map<string, string> {
  const targets = new Map<string, string>()
  for (const entry of readdirSync(DIST, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue
    const file = path.join(entry.parentPath, entry.name)
    for (const [, url] of readFileSync(file, 'utf8').matchAll(/(?:href|src)="(\/[^"#?]*)[^"]*"/g)) {
      if (!url!.startsWith('//') && !targets.has(url!)) targets.set(url!, path.relative(DIST, file))
    }
  }
  return targets
}

/** The built `_redirects`, as the hosts read it: the rules with a splat or a placeholder are the dynamic ones. */
function builtRedirects(): RedirectRules {
  const rules: RedirectRules = { static: [], dynamic: [] }
  for (const line of readFileSync(path.join(DIST, '_redirects'), 'utf8').split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/)
    if (!from || from.startsWith('#') || !to) continue
    const rule = { from, to, status: Number(status) as 301 | 404 }
    rules[/[*:]/.test(from) ? 'dynamic' : 'static'].push(rule)
  }
  return rules
}

/** Every internal link and asset of every built page (linkinator's crawl only sees linked pages). */
describe('internal links of every built page', () => {
  let targets: Map<string, string>
  beforeAll(() => {
    targets = linkTargets()
  })

  it('resolve to a built file, without a trailing slash', () => {
    const missing = [...targets].filter(([url]) => {
      if (url !== '/' && url.endsWith('/')) return true
      const isAsset = /\.\w+$/.test(url)
      return !existsSync(path.join(DIST, isAsset ? url : fileForPath(url)))
    })
    expect(targets.size).toBeGreaterThan(100)
    expect(missing.map(([url, on]) => `${url} (on ${on})`)).toEqual([])
  })

  // Cloudflare applies a `_redirects` rule even where a file exists: a link the files resolve must not be a
  // redirect's source (the runtime's link check leaves most city pages to this file: scripts/check-links.ts).
  it('are never taken by a redirect of _redirects', () => {
    const match = createRedirectMatcher(builtRedirects())
    const rules = [...targets].map(([url, on]) => ({ url, on, rule: match(url) }))
    const redirected = rules.filter((r) => r.rule && r.rule.status !== 404).map((r) => `${r.url} (on ${r.on}) → ${r.rule!.location} ${r.rule!.status}`)
    expect(redirected).toEqual([])
    // The file was read as the hosts read it: the French pages' links fall under the `/fr/*` not-found rule (a rewrite
    // Netlify applies only where no file exists, and Cloudflare ignores).
    expect(rules.filter((r) => r.url.startsWith('/fr/') && r.rule?.status === 404).length).toBeGreaterThan(100)
  })
})
