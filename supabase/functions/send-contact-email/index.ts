// The Deno entry that `supabase functions deploy send-contact-email` deploys: it only wires the
// runtime to the handler (handler.ts), which the local server and the tests import too.
import site from '../_shared/site.json' with { type: 'json' }
import { createFunctionFromEnv } from './setup.ts'

interface DenoServeInfo {
  remoteAddr: { hostname: string }
}
interface DenoRuntime {
  env: { toObject(): Record<string, string> }
  serve(options: { port?: number; hostname?: string; onListen?: () => void }, handler: (request: Request, info: DenoServeInfo) => Promise<Response>): unknown
}
// Typed by hand: the project type-checks with Node's types, not Deno's.
const { Deno, EdgeRuntime } = globalThis as unknown as { Deno: DenoRuntime; EdgeRuntime?: { waitUntil(work: Promise<unknown>): void } }

const env = Deno.env.toObject()
const handler = createFunctionFromEnv(env, site, EdgeRuntime && ((work) => EdgeRuntime.waitUntil(work())))

// FUNCTION_PORT is for running it outside Supabase (`deno run`, the tests); Supabase serves it itself.
const port = Number(env.FUNCTION_PORT)
const options = port ? { port, hostname: '127.0.0.1', onListen: () => console.log(`send-contact-email listening on http://127.0.0.1:${port}`) } : {}
Deno.serve(options, (request, info) => handler(request, { remoteAddr: info.remoteAddr.hostname }))
