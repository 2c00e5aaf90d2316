import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localFetch, localRequest } from '../../scripts/lib/localFetch'

/**
 * A server that closes an idle keep-alive connection just as the client sends on it: it answers the first request on a
 * connection (keeping it open, as workerd and `npm start` do) and drops the connection when another request comes on
 * it. That is the keep-alive race made certain instead of rare: the close crossing the reuse of a pooled connection.
 */
let server: net.Server
let origin: string
let dropped = 0

beforeAll(async () => {
  server = net.createServer((socket) => {
    let requests = 0
    socket.on('data', (bytes) => {
      if (!/\r\n\r\n/.test(bytes.toString())) return
      requests += 1
      if (requests > 1) {
        dropped += 1
        socket.destroy()
        return
      }
      const body = `answer ${bytes.toString().split(' ')[1]}`
      socket.write(`HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\nKeep-Alive: timeout=5\r\n\r\n${body}`)
    })
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('a local server that closes an idle connection as a request arrives', () => {
  it('fails a plain fetch() that reuses the pooled connection', async () => {
    // eslint-disable-next-line no-restricted-globals -- the failure the helper prevents
    const first = await fetch(`${origin}/first`)
    expect(await first.text()).toBe('answer /first')
    // The connection back in undici's pool, idle, as between two pages of the audit.
    await new Promise((resolve) => setTimeout(resolve, 100))
    const before = dropped
    // eslint-disable-next-line no-restricted-globals -- the failure the helper prevents
    const failure = await fetch(`${origin}/second`).then(
      () => undefined,
      (error: unknown) => error as Error & { cause?: { code?: string } },
    )
    expect(failure?.cause?.code).toBe('UND_ERR_SOCKET')
    expect(dropped).toBe(before + 1)
  })

  it('answers every request through localFetch and localRequest', async () => {
    for (let i = 0; i < 5; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      const response = await localFetch(`${origin}/page-${i}`)
      expect(await response.text()).toBe(`answer /page-${i}`)
      const head = await localFetch(`${origin}/head-${i}`, { method: 'HEAD' })
      expect(head.status).toBe(200)
      const answer = await localRequest(origin, `/raw/../${i}`, { headers: { Host: 'example.test' } })
      expect(answer).toMatchObject({ status: 200, body: `answer /raw/../${i}` })
    }
  })

  it('sends a GET once more when it meets a connection pooled by a plain fetch() and closed', async () => {
    // eslint-disable-next-line no-restricted-globals -- a connection left in the pool by other code
    await (await fetch(`${origin}/pooled`)).text()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const before = dropped
    const response = await localFetch(`${origin}/after-pooled`)
    expect(await response.text()).toBe('answer /after-pooled')
    expect(dropped).toBe(before + 1)
  })
})
