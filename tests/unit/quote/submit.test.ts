import { afterEach, describe, expect, it, vi } from 'vitest'
import { FUNCTION_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, submitQuote, type QuoteRequest } from '../../../src/quote/submit'
import { formAction } from '../../../src/quote/endpoint'

const request: QuoteRequest = { name: 'Ada', email: 'ada@example.com', phone: '', service: 'Other', message: 'Hi', page: '/quote' }
const KEY = 'k'.repeat(32)

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })

function submitWith(answer: (url: string, init: RequestInit) => Promise<Response>, options = {}) {
  const fetch = vi.fn(answer)
  return {
    fetch,
    result: submitQuote(request, KEY, { url: 'https://project.test/functions/v1', anonKey: 'anon', fetch: fetch as typeof globalThis.fetch, ...options }),
  }
}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
})

describe('submitQuote', () => {
  it('posts the request as JSON with the anon key and the idempotency key', async () => {
    const { fetch, result } = submitWith(async () => json(200, { success: true }))
    expect(await result).toEqual({ ok: true })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('https://project.test/functions/v1/send-contact-email')
    expect(init.method).toBe('POST')
    expect(JSON.parse(init.body as string)).toEqual(request)
    expect(init.headers).toMatchObject({ Authorization: 'Bearer anon', apikey: 'anon', 'x-idempotency-key': KEY, 'Content-Type': 'application/json' })
  })

  it.each([
    ['a 400 with the reason', json(400, { success: false, error: 'Please enter a valid email address.' }), 'Please enter a valid email address.'],
    ['a 429 with the reason', json(429, { success: false, error: 'Too many requests.' }), 'Too many requests.'],
    ['a 503 with the reason', json(503, { success: false, error: 'We could not save your request just now.' }), 'We could not save your request just now.'],
    ['a 200 that says success: false', json(200, { success: false, error: 'Refused.' }), 'Refused.'],
  ])('shows the server’s text for %s', async (_, response, message) => {
    expect(await submitWith(async () => response).result).toEqual({ ok: false, message })
  })

  it.each([
    ['a 500 page in HTML', new Response('<h1>Internal error</h1>', { status: 500, headers: { 'Content-Type': 'text/html' } })],
    ['a 502 with JSON but no error text', json(502, { success: false })],
    ['an empty error text', json(400, { success: false, error: '  ' })],
    ['a 200 without the success flag', json(200, { received: true })],
    ['a 200 in plain text', new Response('ok', { status: 200 })],
    ['a 200 with broken JSON', new Response('{"success": tr', { status: 200, headers: { 'Content-Type': 'application/json' } })],
    ['a relay error', json(200, { success: true }, { 'x-relay-error': 'true' })],
    ['success: true on an error status', json(500, { success: true })],
  ])('shows the function-error message for %s', async (_, response) => {
    expect(await submitWith(async () => response).result).toEqual({ ok: false, message: FUNCTION_ERROR_MESSAGE })
  })

  it('shows the network message when the request never reaches the server', async () => {
    const { result } = submitWith(async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(await result).toEqual({ ok: false, message: NETWORK_ERROR_MESSAGE })
  })

  it('shows the network message when the server does not answer in time', async () => {
    const hang = (_: string, init: RequestInit) =>
      new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
    expect(await submitWith(hang, { timeoutMs: 20 }).result).toEqual({ ok: false, message: NETWORK_ERROR_MESSAGE })
  })

  it('calls the Supabase project when VITE_SUPABASE_URL is set', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'https://abc.supabase.co/')
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'public-anon')
    const fetch = vi.fn(async () => json(200, { success: true }))
    await submitQuote(request, KEY, { fetch: fetch })
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('https://abc.supabase.co/functions/v1/send-contact-email')
    expect(init.headers).toMatchObject({ apikey: 'public-anon' })
  })

  it('calls the local server on the page’s own origin when no project is configured', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', '')
    vi.stubGlobal('location', { origin: 'http://localhost:3000' })
    const fetch = vi.fn(async () => json(200, { success: true }))
    await submitQuote(request, KEY, { fetch: fetch })
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('http://localhost:3000/functions/v1/send-contact-email')
  })
})

describe('formAction (where the form posts without JavaScript)', () => {
  it('is the Supabase project’s function when VITE_SUPABASE_URL is set, with the language of the page', () => {
    expect(formAction('en', 'https://abc.supabase.co/')).toBe('https://abc.supabase.co/functions/v1/send-contact-email')
    expect(formAction('fr', 'https://abc.supabase.co')).toBe('https://abc.supabase.co/functions/v1/send-contact-email?lang=fr')
  })

  it('is the local server’s path on the site’s own origin otherwise', () => {
    expect(formAction('en', '')).toBe('/functions/v1/send-contact-email')
  })
})
