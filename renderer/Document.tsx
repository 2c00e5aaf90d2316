import type { ReactNode } from 'react'
import type { Catalogue } from '../src/catalog/index'
import { Layout } from '../src/components/Layout'
import { HTML_LANG } from '../src/i18n/lang'
import { buildHead } from '../src/pages/head'
import { otherLanguage } from '../src/pages/languages'
import type { PageModel } from '../src/pages/model'
import { jsonForScript, structuredData } from '../src/pages/structuredData'

/** The whole HTML document, rendered by React so that anything React hoists lands in <head>. */
export function Document({ model, catalogue, body }: { model: PageModel; catalogue: Catalogue; body: ReactNode }) {
  return (
    <html lang={HTML_LANG[model.lang]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {buildHead(model, catalogue).map((t, i) => (t.tag === 'title' ? <title key={i}>{t.text}</title> : t.tag === 'meta' ? <meta key={i} {...t.attrs} /> : <link key={i} {...t.attrs} />))}
        <link rel="icon" href={catalogue.site.logo} type="image/svg+xml" />
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(structuredData(model, catalogue)) }} />
      </head>
      <body className="min-h-screen bg-white text-slate-800 antialiased">
        <Layout catalogue={catalogue} lang={model.lang} languageLink={otherLanguage(model)}>
          {body}
        </Layout>
      </body>
    </html>
  )
}
