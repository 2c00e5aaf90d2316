// The audit's workaround for Lighthouse's message formatting (scripts/lib/lighthouseMessages.ts): each list of locales
// resolved once, every message formatted as before.
import { IntlMessageFormat } from 'intl-messageformat'
import { afterAll, describe, expect, it } from 'vitest'
import { resolveLocalesOnce } from '../../scripts/lib/lighthouseMessages'

const original = IntlMessageFormat.resolveLocale
afterAll(() => {
  IntlMessageFormat.resolveLocale = original
})

describe('resolveLocalesOnce', () => {
  it('resolves each list of locales once, to what it resolved to before, and formats messages as before', () => {
    // Lighthouse's kinds of message: plain, a number in bytes, a plural, and a locale it formats numbers in.
    const messages: [string, string, Record<string, number>][] = [
      ['en-US', 'Links are crawlable', {}],
      ['en-US', 'Potential savings of {wastedBytes, number, bytes} KiB', { wastedBytes: 12345.6 }],
      ['en-US', '{itemCount, plural, =1 {1 request} other {# requests}}', { itemCount: 3 }],
      ['de-DE', '{timeInMs, number, milliseconds} ms', { timeInMs: 1234.5 }],
    ]
    const formats = { number: { bytes: { maximumFractionDigits: 0 }, milliseconds: { maximumFractionDigits: 0 } } }
    const format = () => messages.map(([locale, message, values]) => new IntlMessageFormat(message, locale, formats).format(values))
    const before = format()
    const locales = ['en-US', 'de-DE', 'fr', 'xx-unknown'].map((l) => original(l)?.toString())

    resolveLocalesOnce()
    expect(IntlMessageFormat.resolveLocale).not.toBe(original)
    expect(['en-US', 'de-DE', 'fr', 'xx-unknown'].map((l) => IntlMessageFormat.resolveLocale(l)?.toString())).toEqual(locales)
    expect(IntlMessageFormat.resolveLocale('en-US')).toBe(IntlMessageFormat.resolveLocale('en-US')) // the same object: resolved once
    expect(format()).toEqual(before)
    expect(before).toEqual(['Links are crawlable', 'Potential savings of 12,346 KiB', '3 requests', '1.235 ms'])
  })
})
