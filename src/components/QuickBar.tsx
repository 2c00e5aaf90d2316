import type { Lang } from '../i18n/lang'
import { PhoneIcon } from './Header'
import { QUOTE_BLOCK_ID } from './QuoteBlock'
import { telHref } from './ui'

const COPY = {
  en: { call: 'Call', callName: (phone: string) => `Call ${phone}`, quote: 'Free quote' },
  fr: { call: 'Appeler', callName: (phone: string) => `Appeler le ${phone}`, quote: 'Soumission' },
} satisfies Record<Lang, Record<string, unknown>>

/**
 * The city and service pages' bar for phones and tablets (below 1024 px, where the quote form comes after the page's
 * text): 'Call' and 'Free quote', which jumps to the page's form. No JavaScript: it is `position: sticky` at the bottom
 * of the text's column, so it follows the visitor down the text and stops where the column ends, right above the
 * form; it never lies over the form, the lists after it or the footer. Focus never hides under it either
 * (`scroll-padding-bottom` in renderer/style.css).
 */
export function QuickBar({ phone, lang }: { phone: string; lang: Lang }) {
  const copy = COPY[lang]
  const button = 'flex flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-lg px-3 py-3 font-semibold'
  return (
    <div className="sticky bottom-0 z-30 -mx-4 flex gap-2 border-t border-slate-200 bg-white/95 px-4 py-2 backdrop-blur lg:hidden" data-quick-bar="">
      <a href={telHref(phone)} aria-label={copy.callName(phone)} className={`${button} border border-brand-700 text-brand-700`}>
        <PhoneIcon />
        {copy.call}
      </a>
      <a href={`#${QUOTE_BLOCK_ID}`} className={`${button} bg-brand-700 text-white`}>
        {copy.quote}
      </a>
    </div>
  )
}
