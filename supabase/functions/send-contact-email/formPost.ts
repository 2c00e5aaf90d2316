import type { HandlerConfig } from './config.ts'
import { escapeHtml } from './mail.ts'
import type { Lang } from '../_shared/quoteContract.ts'

/**
 * The answers to the quote form posted without JavaScript (a plain <form method="post">): the visitor's browser
 * shows them, so they are a redirect to the site's thank-you page or a page of their own. Neither names anything
 * the visitor typed in a URL.
 */

/** The site origin to send a visitor back to: the form's own origin when it is an allowed one, else the site. */
export function siteOriginFor(origin: string | null, config: Pick<HandlerConfig, 'allowedOrigins' | 'siteUrl'>): string {
  return origin !== null && origin !== 'null' && config.allowedOrigins.includes(origin) ? origin : config.siteUrl
}

/** 303 See Other: the browser loads the thank-you page with GET (a reload does not post again). */
export function formRedirect(site: string, path: string): Response {
  return new Response(null, { status: 303, headers: { Location: `${site}${path}`, 'Cache-Control': 'no-store' } })
}

const TEXTS = {
  en: { title: 'Your request was not sent', back: 'Back to the form', home: 'Home page' },
  fr: { title: 'Votre demande n’a pas été envoyée', back: 'Retour au formulaire', home: 'Page d’accueil' },
} as const satisfies Record<Lang, Record<string, string>>

/** The reason a posted form was refused, with a way back to the page it came from (on the site, never elsewhere). */
export function formErrorPage(
  status: number,
  error: string,
  lang: Lang,
  site: string,
  backTo: string,
  config: Pick<HandlerConfig, 'companyName' | 'pages'>,
  headers: Record<string, string> = {},
): Response {
  const texts = TEXTS[lang]
  const path = /^\/[A-Za-z0-9/_-]*$/.test(backTo) && !backTo.startsWith('//') ? backTo : config.pages.home[lang]
  const html = `<!DOCTYPE html>
<html lang="${lang === 'fr' ? 'fr-CA' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(texts.title)} – ${escapeHtml(config.companyName)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(texts.title)}</h1>
<p role="alert">${escapeHtml(error)}</p>
<p><a href="${escapeHtml(site + path)}">${escapeHtml(texts.back)}</a> · <a href="${escapeHtml(site + config.pages.home[lang])}">${escapeHtml(texts.home)}</a></p>
</main>
</body>
</html>
`
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...headers } })
}
