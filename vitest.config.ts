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
 * The longest files, longest first (as measured alone: docs/benchmarks.md, "npm test"): each suite starts them before
 * the others, so that the last minutes do not wait on one long file that started late. Vitest's own order puts a
 * project's files after those of the project named before it (every unit file after the integration files) and, on a
 * fresh clone (no timings kept), the larger files first, which left the longest unit file running alone at the end.
 */
const LONGEST_FIRST = [
  // Unit and integration.
  'tests/server/resilience.test.ts',
  'tests/integration/build.test.ts',
  'tests/unit/fingerprints.test.ts',
  'tests/unit/checkData.test.ts',
  'tests/server/server.test.ts',
  'tests/unit/renderedOnce.test.tsx',
  'tests/unit/finder.test.ts',
  'tests/unit/catalog.test.ts',
  'tests/server/urlChanges.test.ts',
  'tests/server/pglite.test.ts',
  'tests/unit/trustFacts.test.tsx',
  'tests/unit/regions.test.tsx',
  'tests/unit/searchIndex.test.ts',
  // Built pages and browser tests.
  'tests/build/french.test.ts',
  'tests/build/output.test.ts',
  'tests/build/reference.test.ts',
  'tests/build/hubs.test.ts',
  'tests/e2e/routeTable.test.ts',
  'tests/e2e/finderEverywhere.test.ts',
  'tests/e2e/quoteForm.test.ts',
  'tests/e2e/cityFinder.test.ts',
  'tests/e2e/layout.test.ts',
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
          // importing them again each, which more than halves the suite's time. Every test puts back what it changes
          // (env, globals, the render mode) in its own hooks.
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
          // servers.
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
          // parser) instead of importing them again each.
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
          // Two files at a time keep both cores busy (Chromium's renderers do most of the work, outside the worker's
          // own CPU count); more are no faster. Each file has its own browser contexts, server, ports and quote
          // database. A failed browser test runs once more before it fails the suite: on a loaded 2-core machine
          // Cloudflare's local runtime, shared with the axe audit, can leave a page load unanswered. Vitest prints each
          // retry, so a test that fails twice still fails, and one that needed a retry is seen, with its first run's
          // error (tests/setup/retriedFailures.ts).
          maxWorkers: 2,
          // The files of a worker share its modules (Playwright, the catalogue) and its Chromium (tests/e2e/workerBrowser.ts)
          // instead of importing and launching them again each. Each file has its own server, contexts and tabs.
          isolate: false,
          retry: 1,
          // Since vitest 5, expect.poll() gives each call of its function at most the poll's timeout too, and a
          // locator's textContent() waits for its element within that call: vitest's default of 1 s failed an answer
          // that came later on a loaded machine. 30 s is Playwright's own wait for an element.
          expect: { poll: { timeout: 30_000 } },
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
})
