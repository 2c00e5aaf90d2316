import { IntlMessageFormat } from 'intl-messageformat'

/**
 * Lighthouse 12 formats each string of its configuration and its report with a new IntlMessageFormat, and each one
 * resolves its locale anew (`Intl.NumberFormat.supportedLocalesOf`, then an `Intl.Locale`): 356,569 times for the
 * audit's 15 runs, 6.5 s of the 43 s its thread was busy (2026-11-28; a known cost, GoogleChrome/lighthouse#14030).
 * The locale is resolved once per list of locales here, the same `Intl.Locale` for each message after the first.
 * Lighthouse loads the same copy of intl-messageformat (the version pinned in package.json is Lighthouse's own).
 * Measured, the Lighthouse part of the audit alone, alternated: 89, 93 and 98 s with it, 98, 100 and 105 s without.
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
