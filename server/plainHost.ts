import { createReadStream } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import sirv from 'sirv'

/**
 * Serves a folder the way GitHub Pages or Cloudflare Pages do: `/x` from `x.html`, and the root 404.html with
 * status 404 for every miss (no pattern routing).
 */
export function plainStaticHandler(root = path.resolve('dist/client')): http.RequestListener {
  const files = sirv(root, { extensions: ['html'], dev: false })
  return (req, res) =>
    files(req, res, () => {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
      createReadStream(path.join(root, '404.html')).pipe(res)
    })
}

/** dist/client (or `root`) served by plainStaticHandler, or by `handler` (a test's wrapper of it), on a free port. */
export async function startPlainStaticHost(
  root = path.resolve('dist/client'),
  handler = plainStaticHandler(root),
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
