// `npm run bench:finder [dist/client]`: the city finder's budgets (scripts/lib/finderBench.ts) on a build folder; `npm
// run bench` prints the same lines for its own build.
import path from 'node:path'
import { finderBench } from './lib/finderBench'

const ok = await finderBench(path.resolve(process.argv[2] ?? 'dist/client'))
process.exit(ok ? 0 : 1)
