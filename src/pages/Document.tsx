import type { ReactNode } from 'react'
import { Layout } from '../components/Layout'
import { HTML_LANG } from '../i18n/lang'
import { buildHead } from './head'
import { AFTER_FIRST_SCREEN } from './HomePage'
import { otherLanguage } from './languages'
import { showsCityFinder } from './model'
import type { PageProps } from './props'
import { jsonForScript, structuredData } from './structuredData'

/** The whole HTML document, rendered by React so that anything React hoists lands in <head>. */
export function Document({ props, body }: { props: PageProps; body: ReactNode }) {
  const { model, site, nav, photo, search } = props
  return (
    <html lang={HTML_LANG[model.lang]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The home page's first screen painted whole, never half (HomePage.tsx). */}
        {model.kind === 'static' && model.page === 'home' && <link rel="expect" href={`#${AFTER_FIRST_SCREEN}`} blocking="render" />}
        {buildHead(model, site, photo, search).map((t, i) =>
          t.tag === 'title' ? <title key={i}>{t.text}</title> : t.tag === 'meta' ? <meta key={i} {...t.attrs} /> : <link key={i} {...t.attrs} />,
        )}
        <link rel="icon" href={site.logo} type="image/svg+xml" />
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(structuredData(model, site)) }} />
      </head>
      <body className="min-h-screen bg-white text-slate-800 antialiased">
        <Layout site={site} nav={nav} lang={model.lang} languageLink={otherLanguage(model)} finderCredit={showsCityFinder(model)}>
          {body}
        </Layout>
        {/* Vike injects the page's script before `</body>` and, to indent it, runs a regex over the line that precedes
            it: on a one-line 35 KB document that costs ~0.2 ms per page. A line break there keeps that line empty. */}
        {'\n'}
      </body>
    </html>
  )
}
