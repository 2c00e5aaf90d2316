import http from 'node:http'

/**
 * The one way a script or a test sends a request to a server on this machine (Cloudflare's runtime, `npm start`, the
 * quote function). A pooled keep-alive connection can be reused just as the server closes it for being idle (workerd
 * does after 5 s): the request then fails with "other side closed" (UND_ERR_SOCKET) or ECONNRESET, and undici says that
 * race can only be narrowed. So no connection is reused (`Connection: close`, as Miniflare's own dispatchFetch sends),
 * and a request without a body that still meets a closed connection is sent once more on a new one.
 */

const CLOSED_CONNECTION = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED'])
const REPEATABLE = new Set(['GET', 'HEAD', 'OPTIONS'])

function closedConnection(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (CLOSED_CONNECTION.has((cause as NodeJS.ErrnoException).code ?? '')) return true
  }
  return false
}

/** Sends, and sends once more on a closed connection when `repeatable` (a GET, HEAD or OPTIONS without a body). */
async function sendOnNewConnection<T>(repeatable: boolean, send: () => Promise<T>): Promise<T> {
  try {
    return await send()
  } catch (error) {
    if (!repeatable || !closedConnection(error)) throw error
    return send()
  }
}

const repeatable = (method: string | undefined, body: unknown) => body == null && REPEATABLE.has((method ?? 'GET').toUpperCase())

/** fetch() on a connection of its own (the `Host` header is fetch's own: use localRequest to send another). */
export function localFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('connection', 'close')
  // eslint-disable-next-line no-restricted-globals -- the helper itself
  return sendOnNewConnection(repeatable(init.method, init.body), () => fetch(input, { ...init, headers }))
}

export interface LocalAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/**
 * node:http on a connection of its own, for what fetch() does not send: a `Host` header of the caller's, a path exactly
 * as written (fetch normalizes `..`). `target` is the path with its query.
 */
export function localRequest(
  origin: string | URL,
  target: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<LocalAnswer> {
  const { hostname, port } = new URL(origin)
  const send = () =>
    new Promise<LocalAnswer>((resolve, reject) => {
      // agent: false: no pool, and `Connection: close` on the request.
      const req = http.request({ host: hostname, port, path: target, method, headers, agent: false }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }))
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end(body)
    })
  return sendOnNewConnection(repeatable(method, body), send)
}
