import './scripts/lib/supportedNode.mjs'
import path from 'node:path'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

// Four suites: unit (no build, no services), integration (real PostgreSQL, SMTP, Deno, the local server and the
// build itself, in temporary folders), build (reads dist/ after `npm run build`), e2e (browser, against `npm start`).
// Time limits are for a test that hangs, not a measure of speed: generous, so that a busy machine (CI runs on whatever
// machine is free) makes the suites slower but never fails them.
//
// Workers: vitest's default on 2 cores is 1 (cores - 1), so test files ran one after another. Each file has its own
// folders, ports and PostgreSQL cluster, so files run side by side: 2 at a time for the CPU-bound suites, 3 for unit and
// integration, whose files (run together by scripts/test.sh) spend much of their time waiting on servers, Deno and
// PostgreSQL. The browser tests run 2 at a time (a server each and a browser per worker: see the e2e project).
const WORKERS = 3

/**
 * The unit, integration and built-page tests load React's production build (tests/setup/productionReact.ts): JSX
 * compiled for it, calling jsx() and not jsxDEV(), which only the development build has.
 */
const PRODUCTION_JSX = { jsx: { development: false } }

/**
 * The longest files, longest first (seconds each, alone on a 2-core machine): each suite starts them
 * before the others, so that the last minutes do not wait on one long file that started late. Vitest's own order puts
 * a project's files after those of the project named before it (every unit file after the integration files) and,
 * on a fresh clone (no timings kept), the larger files first: fingerprints.test.ts, 2–4 minutes alone, started 6–8
 * minutes into the unit and integration tests and ran last, alone on the last minutes (2026-11-27, fresh clones).
 */
const LONGEST_FIRST = [
  // Unit and integration, alone at a busy hour of 2026-11-27's evening (the morning's were up to 12 times these, most
  // before the tests started from the build's kept measure and used smaller sites: fingerprints 230 s, checkData 194 s).
  'tests/server/resilience.test.ts', // 50 s, most of it waiting on its servers
  'tests/integration/build.test.ts', // 41 s
  'tests/unit/fingerprints.test.ts', // 34 s
  'tests/unit/checkData.test.ts', // 33 s
  'tests/server/server.test.ts', // 26 s
  'tests/unit/renderedOnce.test.tsx', // 19 s in the suite
  'tests/unit/finder.test.ts', // 15 s
  'tests/unit/catalog.test.ts', // 14 s
  'tests/server/urlChanges.test.ts', // 14 s
  'tests/server/pglite.test.ts', // 13 s
  'tests/unit/trustFacts.test.tsx', // 8 s
  'tests/unit/regions.test.tsx', // 5 s
  'tests/unit/searchIndex.test.ts', // 3 s
  // Built pages and browser tests (2026-11-27, morning).
  'tests/build/french.test.ts', // 33 s
  'tests/build/output.test.ts', // 17 s
  'tests/build/reference.test.ts', // 12 s
  'tests/build/hubs.test.ts', // 11 s
  'tests/e2e/routeTable.test.ts', // 74 s
  'tests/e2e/finderEverywhere.test.ts', // 56 s
  'tests/e2e/quoteForm.test.ts', // 54 s
  'tests/e2e/cityFinder.test.ts', // 53 s
  'tests/e2e/layout.test.ts', // 70 s; 27 s alone since its widths are laid out in a frame (2026-11-28)
]
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = LONGEST_FIRST.indexOf(path.relative(file.project.config.root, file.moduleId).split(path.sep).join('/'))
      return i < 0 ? LONGEST_FIRST.length : i
    }
    // Stable: files not listed keep vitest's order, after the listed ones; the suites' groups (groupOrder) stay apart.
    return (await super.sort(files)).sort((a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b))
  }
}

export default defineConfig({
  test: {
    hookTimeout: 180_000,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        oxc: PRODUCTION_JSX,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // The unit tests' files share their worker's modules (the catalogue, React, zod, the gazetteer) instead of
          // importing them again each: alone, 251 → 113 s and CPU 128 → 90 s (import 130 → 30 s); with the integration
          // tests, as npm test runs them, 373 → 328 s and CPU 283 → 247 s (2026-11-26, one run each on a machine busy
          // with other work). Every test puts back what it changes (env, globals, the render mode) in its own hooks.
          isolate: false,
          globalSetup: ['tests/setup/keptMeasureSnapshot.ts'],
          setupFiles: ['tests/setup/productionReact.ts', 'tests/setup/keptMeasure.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: WORKERS,
        },
      },
      {
        oxc: PRODUCTION_JSX,
        test: {
          name: 'integration',
          include: ['tests/function/**/*.test.{ts,tsx}', 'tests/server/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
          // The files of a worker share its modules too (the catalogue, the server, Lighthouse, PGlite), as the unit
          // tests' do: no file here mocks a module or changes the environment, and each has its own folders, ports and
          // servers. With the unit tests, as npm test runs them, three pairs alternated (2026-11-28, a busy hour):
          // 147, 163 and 149 s, 281, 314 and 289 machine CPU-s, against 165, 163 and 170 s, 321, 316 and 329.
          isolate: false,
          globalSetup: ['tests/setup/keptMeasureSnapshot.ts'],
          setupFiles: ['tests/setup/productionReact.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: WORKERS,
        },
      },
      {
        oxc: PRODUCTION_JSX,
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.{ts,tsx}'],
          // The built-page tests only read dist/: the files of a worker share their modules (the catalogue, the HTML
          // parser) instead of importing them again each (alone: 36 → 28 s, CPU 66 → 51 s, 2026-11-26).
          isolate: false,
          setupFiles: ['tests/setup/productionReact.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          setupFiles: ['tests/setup/retriedFailures.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Two files at a time keep both cores busy: the browser tests alone took 435 CPU-s of the whole machine in 228 s,
          // Chromium's renderers most of it (their CPU is not counted in their parent's, which made a file look like 0.6 of
          // a core); four at a time took 239 s instead of 215 (2026-11-27, a quiet machine). Each file has its own browser
          // contexts, server, ports and quote database. A failed browser test runs once more before it fails the suite: on a loaded 2-core
          // machine Cloudflare's local runtime, shared with the axe audit, has twice left a page load unanswered for 30 s
          // (2026-11-25, 1 run in 4). Vitest prints each retry, so a test that fails twice still fails, and one that needed
          // a retry is seen, with its first run's error (tests/setup/retriedFailures.ts).
          maxWorkers: 2,
          // The files of a worker share its modules (Playwright, the catalogue) and its Chromium (tests/e2e/workerBrowser.ts)
          // instead of importing and launching them again each. Each file has its own server, contexts and tabs.
          isolate: false,
          retry: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
})
