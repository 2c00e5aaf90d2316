// Vike's own full build of the project (client and server, https://vike.dev/api#build) into the folder given as the
// argument: the reference of tests/build/reference.test.ts. `npm run build` makes the client bundles only.
import { build } from 'vike/api'

await build({ viteConfig: { logLevel: 'warn', build: { outDir: process.argv[2] } } })
