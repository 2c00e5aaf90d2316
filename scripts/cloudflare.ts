// `npm run cloudflare [-- folder]`: serves a build folder (default dist/client) with Cloudflare's runtime
// (scripts/lib/cloudflare.ts) on PORT (default a free one) until Ctrl+C. scripts/test.sh starts it once for the
// steps that use the real host (link check, audits, runtime tests), which find it through CLOUDFLARE_URL.
import path from 'node:path'
import { startCloudflare } from './lib/cloudflare'

const started = performance.now()
const site = await startCloudflare(path.resolve(process.argv[2] ?? 'dist/client'), process.env.PORT ? Number(process.env.PORT) : undefined)
console.log(`Cloudflare's runtime serves ${process.argv[2] ?? 'dist/client'} at ${site.url} (ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`)
const stop = () => void site.close().then(() => process.exit(0))
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
