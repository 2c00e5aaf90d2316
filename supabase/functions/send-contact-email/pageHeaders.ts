/**
 * The security headers of the function's HTML answers, the pages a form posted without JavaScript shows: the same as
 * the site's pages (src/hosting/headers.ts, without HSTS `preload`, which only the site's own domain can ask for;
 * tests/function/handler.test.ts compares them), with a Content-Security-Policy for a page of the function's origin
 * that shows the site's: its stylesheet and images come from the site origin it answers for (`site`), it runs no
 * script, nothing frames it, and its form posts here (or to the site).
 */
export function pageHeaders(site: string): Record<string, string> {
  return {
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'Content-Security-Policy': [
      "default-src 'none'",
      `style-src ${site}`,
      `img-src ${site}`,
      `form-action 'self' ${site}`,
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  }
}
