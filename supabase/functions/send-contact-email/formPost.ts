import type { HandlerConfig } from './config.ts'
import { escapeHtml } from './mail.ts'
import { FORM_TEXTS, LIMITS, type Lang } from '../_shared/quoteContract.ts'

/**
 * The answers to the quote form posted without JavaScript (a plain <form method="post">): the visitor's browser shows
 * them, so they are a redirect to the site's thank-you page or a page. Every HTML answer of the function is made here
 * (the only place that writes markup for a browser), none with an inline script or style. None names anything the
 * visitor typed in a URL.
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

/** The fields a refused form is filled in with again: what the visitor typed or chose, and the place fields that came with it. */
const TYPED = ['name', 'email', 'phone', 'service', 'place', 'message', 'city', 'serviceSlug', 'nearCity', 'nearKm'] as const
type TypedField = (typeof TYPED)[number]
/** What a refused form post held, as text (never the honeypot, never the page's own `page` and `lang`). */
export type TypedFields = Partial<Record<TypedField, string>>

/** The typed fields of a form post's body (its fields as URLSearchParams gives them). */
export function typedFields(body: Record<string, unknown>): TypedFields {
  const typed: TypedFields = {}
  for (const name of TYPED) {
    const value = body[name]
    if (typeof value === 'string') typed[name] = value
  }
  return typed
}

/** How long the function waits for the site's page, and the most it reads of it. */
const PAGE_TIMEOUT_MS = 3_000
const PAGE_MAX_CHARS = 2_000_000

export interface PageSource {
  /** Where the site's pages are read: the origin the visitor came from (or siteUrl) unless given (the local server: its own address). */
  origin?: string
  fetch: typeof fetch
}

export interface RefusedPost {
  status: number
  error: string
  lang: Lang
  /** The site origin the visitor came from (siteOriginFor): the page's links and its stylesheet point there. */
  site: string
  /** The posted `page` field: the path of the page the form was sent from. */
  page: string
  /** What the visitor sent; null when the request was not read (a post from another site): no form is shown then. */
  typed: TypedFields | null
  headers?: Record<string, string>
}

/**
 * The answer to a refused form post: the very page the form was sent from, read from the site, with the reason just above
 * its quote form and the form filled in with everything the visitor sent, so that fixing and sending again is one step
 * (its status is the refusal's). When the page cannot be read (3 s at most) or has no quote form: a bare page with the
 * reason, the same form filled in, and links back to the page and home.
 */
export async function formErrorPage(refused: RefusedPost, config: Pick<HandlerConfig, 'companyName' | 'pages' | 'serviceChoices'>, source: PageSource) {
  const path = sitePath(refused.page) ?? config.pages.home[refused.lang]
  const page = refused.typed ? await sitePage(`${source.origin ?? refused.site}${path}`, source.fetch) : null
  const html = (page !== null && refusedSitePage(page, refused, refused.typed!)) || barePage(refused, path, config)
  return new Response(html, {
    status: refused.status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...refused.headers },
  })
}

/** A root-relative path of the site (letters, digits, / _ -), or undefined: never a link elsewhere. */
function sitePath(page: string): string | undefined {
  return /^\/[A-Za-z0-9/_-]*$/.test(page) && !page.startsWith('//') ? page : undefined
}

/** The page's HTML, or null when it does not come as an HTML page within the time (a redirect, an error, a timeout). */
async function sitePage(url: string, fetchPage: typeof fetch): Promise<string | null> {
  try {
    const response = await fetchPage(url, { redirect: 'manual', signal: AbortSignal.timeout(PAGE_TIMEOUT_MS), headers: { Accept: 'text/html' } })
    if (response.status !== 200 || !/^text\/html\b/i.test(response.headers.get('content-type') ?? '')) {
      await response.body?.cancel()
      return null
    }
    const html = await response.text()
    return html.length <= PAGE_MAX_CHARS ? html : null
  } catch {
    return null
  }
}

/**
 * The site's page as the answer to the refused post: its title says the request was not sent, the reason (role="alert",
 * focused on load so that the browser scrolls to it) stands above its quote form, the form holds what was sent. The page
 * works without its scripts, which are removed (they would run on the function's origin); its root-relative URLs point to
 * the site, so that its stylesheet, images and links work from the function's origin. Null when the page has no quote form.
 */
function refusedSitePage(page: string, refused: RefusedPost, typed: TypedFields): string | null {
  const html = withSiteUrls(withoutScripts(page), refused.site)
  const start = html.search(/<form\b[^>]*\sdata-quote-form=/)
  const end = start < 0 ? -1 : html.indexOf('</form>', start)
  if (end < 0) return null
  const title = TEXTS[refused.lang].title
  const alert =
    `<div id="quote-error" role="alert" tabindex="-1" autofocus class="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">` +
    `<p class="font-semibold">${escapeHtml(title)}</p><p class="mt-1">${escapeHtml(refused.error)}</p></div>`
  return (
    html
      .slice(0, start)
      .replace(/<title>([^<]*)<\/title>/, (_, text: string) => `<title>${escapeHtml(title)} – ${text}</title>`)
      .replace(/<head>/, (head) => (/<meta name="robots"/.test(html) ? head : `${head}<meta name="robots" content="noindex"/>`)) +
    alert +
    filledForm(html.slice(start, end), typed) +
    html.slice(end)
  )
}

function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '').replace(/<link\b[^>]*\srel="modulepreload"[^>]*>/gi, '')
}

/** Root-relative URLs (`href="/…"`, `src="/…"`, a form's `action`, srcset candidates) made absolute on `site`. */
function withSiteUrls(html: string, site: string): string {
  const absolute = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? `${site}${url}` : url)
  return html
    .replace(/(\s(?:href|src|action|data|poster)=")([^"]*)"/g, (_, attribute: string, url: string) => `${attribute}${absolute(url)}"`)
    .replace(/(\s(?:srcset|imagesrcset)=")([^"]*)"/g, (_, attribute: string, list: string) => {
      const candidates = list.split(',').map((candidate) => candidate.trim().replace(/^\S+/, absolute))
      return `${attribute}${candidates.join(', ')}"`
    })
}

/** The site's quote form (its markup from `<form` to before `</form>`) with the typed values in its fields, escaped. */
function filledForm(form: string, typed: TypedFields): string {
  const fillable = new Set<string>(TYPED)
  let filled = form.replace(/<input\b[^>]*>/g, (tag) => {
    const name = attributeOf(tag, 'name')
    const value = name !== undefined && fillable.has(name) ? typed[name as TypedField] : undefined
    if (value === undefined) return tag
    return tag.replace(/\svalue="[^"]*"/, '').replace(/\s*\/?>$/, (end) => ` value="${escapeHtml(value)}"${end}`)
  })
  const service = typed.service
  if (service !== undefined) {
    filled = filled.replace(/(<select\b[^>]*\sname="service"[^>]*>)([\s\S]*?)(<\/select>)/, (_, open: string, options: string, close: string) => {
      const chosen = options
        .replace(/\sselected="[^"]*"/g, '')
        .replace(/<option\b[^>]*>/g, (option) => (attributeOf(option, 'value') === service ? option.replace(/>$/, ' selected="">') : option))
      return `${open}${chosen}${close}`
    })
  }
  const message = typed.message
  if (message !== undefined) {
    // A textarea drops a line break right after its start tag: one more keeps the message's own.
    filled = filled.replace(
      /(<textarea\b[^>]*\sname="message"[^>]*>)[\s\S]*?(<\/textarea>)/,
      (_, open: string, close: string) => `${open}${message.startsWith('\n') ? '\n' : ''}${escapeHtml(message)}${close}`,
    )
  }
  return filled
}

/** An attribute's value in a start tag as React writes it (double quotes, escaped), unescaped. */
function attributeOf(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)
  return match ? unescapeHtml(match[1]!) : undefined
}

function unescapeHtml(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi, (entity, decimal?: string, hex?: string, name?: string) =>
    decimal ? String.fromCodePoint(Number(decimal)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : (named[name!.toLowerCase()] ?? entity),
  )
}

/** The page when the site's page cannot be used: the reason, the form filled in again (when the post was read), the ways back. */
function barePage(refused: RefusedPost, path: string, config: Pick<HandlerConfig, 'companyName' | 'pages' | 'serviceChoices'>): string {
  const { lang, site } = refused
  const texts = TEXTS[lang]
  return `<!DOCTYPE html>
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
<p role="alert">${escapeHtml(refused.error)}</p>
${refused.typed ? bareForm(refused.typed, lang, path, config.serviceChoices[lang]) : ''}<p><a href="${escapeHtml(site + path)}">${escapeHtml(texts.back)}</a> · <a href="${escapeHtml(site + config.pages.home[lang])}">${escapeHtml(texts.home)}</a></p>
</main>
</body>
</html>
`
}

/**
 * The quote form, plain, filled in with what was sent. It has no action: it posts to the address that showed it, the
 * function's (`?lang=` included), with the page the request came from.
 */
function bareForm(typed: TypedFields, lang: Lang, path: string, choices: readonly string[]): string {
  const text = FORM_TEXTS[lang]
  const value = (name: TypedField) => escapeHtml(typed[name] ?? '')
  const hidden = (name: string, v: string) => `<input type="hidden" name="${name}" value="${escapeHtml(v)}">`
  const input = (name: 'name' | 'email' | 'phone' | 'place', label: string, attributes: string) =>
    `<p><label for="quote-${name}">${escapeHtml(label)}</label><br><input id="quote-${name}" name="${name}" ${attributes} value="${value(name)}"></p>\n`
  const service = typed.service ?? ''
  const options = ['', ...choices]
    .map((choice) => `<option value="${escapeHtml(choice)}"${choice === service ? ' selected' : ''}>${escapeHtml(choice || text.select)}</option>`)
    .join('')
  return `<form method="post">
${hidden('page', path)}${hidden('lang', lang)}${(['city', 'serviceSlug', 'nearCity', 'nearKm'] as const).map((name) => hidden(name, typed[name] ?? '')).join('')}
${input('name', `${text.name} *`, `type="text" required maxlength="${LIMITS.name}" autocomplete="name"`)}${input('email', `${text.email} *`, `type="email" required maxlength="${LIMITS.email}" autocomplete="email"`)}${input('phone', text.phone, `type="tel" maxlength="${LIMITS.phone}" autocomplete="tel"`)}<p><label for="quote-service">${escapeHtml(text.service)}</label><br><select id="quote-service" name="service">${options}</select></p>
${typed.place !== undefined ? input('place', text.place, `type="text" maxlength="${LIMITS.place}"`) : ''}<p><label for="quote-message">${escapeHtml(text.message)}</label><br><textarea id="quote-message" name="message" rows="4" maxlength="${LIMITS.message}">
${value('message')}</textarea></p>
<p><button type="submit">${escapeHtml(text.send)}</button></p>
</form>
`
}
