import type { HandlerConfig } from './config.ts'
import { escapeHtml } from './mail.ts'

/**
 * The quote form posted by the browser itself (no JavaScript, or its code failed to load):
 * `application/x-www-form-urlencoded` in, a page the visitor can read out. Success is a 303 redirect
 * to the site's thank-you page, so a reload does not post again and nothing the visitor typed ends
 * up in a URL; a failure is a short page with the message and a link back to the form.
 */

/** The site's page that thanks a visitor whose form was posted without JavaScript (a static page of the build). */
export const THANK_YOU_PATH = '/thank-you'
/** Where the link back goes when the post names no usable page. */
const FORM_PATH = '/quote'

export function isFormPost(request: Request): boolean {
  return /^application\/x-www-form-urlencoded\s*(;|$)/i.test(request.headers.get('content-type') ?? '')
}

/** The posted fields as the validator's input (a field sent twice counts once: the last one). */
export function readFormFields(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text))
}

/**
 * The site origin to send the visitor back to: the post's own Origin when it is one of the configured
 * origins, else the site's. A request can never choose where it is redirected.
 */
export function returnOrigin(config: HandlerConfig, origin: string | null): string {
  return origin !== null && config.allowedOrigins.includes(origin) ? origin : config.siteOrigin
}

export function thankYouRedirect(config: HandlerConfig, origin: string | null, headers: Record<string, string>): Response {
  return new Response(null, { status: 303, headers: { ...headers, Location: `${returnOrigin(config, origin)}${THANK_YOU_PATH}`, 'Cache-Control': 'no-store' } })
}

/** A plain site path (letters, digits, hyphens, slashes), else the quote page. */
function backPath(page: unknown): string {
  return typeof page === 'string' && /^\/[a-z0-9/-]{0,299}$/i.test(page) && !page.startsWith('//') ? page : FORM_PATH
}

export function errorPage(
  config: HandlerConfig,
  { status, message, origin, page, headers }: { status: number; message: string; origin: string | null; page: unknown; headers: Record<string, string> },
): Response {
  const back = `${returnOrigin(config, origin)}${backPath(page)}`
  const title = `Your request was not sent – ${config.companyName}`
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1e293b;line-height:1.5}h1{font-size:1.5rem}a{color:#065f46;font-weight:600}</style>
</head>
<body>
<main>
<h1>Your request was not sent</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(back)}">Back to the form</a> (or use your browser's Back button: it keeps what you typed).</p>
</main>
</body>
</html>
`
  return new Response(html, { status, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } })
}
