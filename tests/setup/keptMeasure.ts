// Before the unit tests of a worker (vitest.config.ts), and imported by the integration tests that need it: the search
// index's measure that `npm run build` (the first step of npm test) kept for this code (copied by
// ./keptMeasureSnapshot.ts), as a build or `npm run check:data` starts from it.
// Without it, each worker's first catalogue of the site's data would measure its 8,000 pages again. The tests that compare a measure with one made from nothing call forgetMeasures() first; without a kept
// measure (no build yet, other code), nothing changes.
import { inject } from 'vitest'
import { restoreKeptMeasure } from '../../src/build/keptMeasure'
import { codeHash } from '../../src/build/codeHash'

restoreKeptMeasure(inject('keptMeasureRoot'), codeHash(process.cwd()))
