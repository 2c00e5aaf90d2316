// Sending the quote form in a browser test and waiting for its answer: the thank-you toast (or, when the form was posted
// before its code came, the thank-you page, whose heading says the same). When neither comes, the failure says what the
// visitor saw instead, what the function answered and what the local server logged, so that a failure on a loaded
// machine can be read from CI's output alone.
import type { Page } from 'playwright-core'
import { FUNCTION_PATH } from '../../supabase/functions/_shared/quoteContract'
import { SUCCESS_MESSAGE } from '../../src/quote/messages'
import type { LocalServer } from './localServer'

export async function sendQuote(page: Page, site: Pick<LocalServer, 'output'>, message = SUCCESS_MESSAGE, timeout = 15_000): Promise<void> {
  const exchanges: string[] = []
  const started = Date.now()
  const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`
  page.on('request', (r) => r.url().includes(FUNCTION_PATH) && exchanges.push(`${at()} ${r.method()} ${r.url()}`))
  page.on('response', (r) => {
    if (!r.url().includes(FUNCTION_PATH)) return
    const line = `${at()} ${r.status()} ${r.request().method()}`
    r.text().then(
      (body) => exchanges.push(`${line} ${body.slice(0, 300)}`),
      () => exchanges.push(line),
    )
  })
  page.on('requestfailed', (r) => exchanges.push(`${at()} failed ${r.url()}: ${r.failure()?.errorText}`))
  page.on('framenavigated', (f) => f === page.mainFrame() && exchanges.push(`${at()} navigated to ${f.url()}`))
  await page.click('button[type="submit"]')
  try {
    await page.getByText(message, { exact: true }).first().waitFor({ state: 'visible', timeout })
  } catch (error) {
    const seen = await page
      .evaluate(() =>
        [...document.querySelectorAll('h1, [role="alert"], [role="status"], [data-sonner-toast], [aria-invalid="true"], form[data-quote-form]')]
          .map((e) => {
            const role = e.getAttribute('role')
            const form = e.matches('form') ? ` ready=${e.hasAttribute('data-ready')} posting=${(e as HTMLElement).dataset.posting ?? ''}` : ''
            return `${e.tagName.toLowerCase()}${role ? `[role=${role}]` : ''}${form}: ${(e.textContent ?? '').trim().slice(0, 160)}`
          })
          .join('\n  '),
      )
      .catch((e: unknown) => `(the page could not be read: ${String(e)})`)
    throw new Error(
      [
        `No "${message}" within ${timeout / 1000} s of the submit, at ${page.url()}.`,
        `The page shows:\n  ${seen}`,
        `The function's exchanges:\n  ${exchanges.join('\n  ') || '(none)'}`,
        `The local server's last output:\n${site.output().slice(-3000)}`,
      ].join('\n'),
      { cause: error },
    )
  }
}
