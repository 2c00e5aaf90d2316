import { IntlMessageFormat } from 'intl-messageformat'

/**
 * Lighthouse (12 and 13) formats each string of its configuration and its report with a new IntlMessageFormat, and each one
 * resolves its locale anew (`Intl.NumberFormat.supportedLocalesOf`, then an `Intl.Locale`): hundreds of thousands of
 * times an audit, a known cost (GoogleChrome/lighthouse#14030).
 * The locale is resolved once per list of locales here, the same `Intl.Locale` for each message after the first.
 * Lighthouse loads the same copy of intl-messageformat (the version pinned in package.json is Lighthouse's own).
 * The figures: docs/decisions/0018-audit-one-lighthouse-run-or-median.md.
 */
export function resolveLocalesOnce(): void {
  const resolve = IntlMessageFormat.resolveLocale
  const resolved = new Map<string, ReturnType<typeof resolve>>()
  IntlMessageFormat.resolveLocale = (locales) => {
    const key = String(locales)
    if (!resolved.has(key)) resolved.set(key, resolve(locales))
    return resolved.get(key)
  }
}
