import { defineConfig } from 'vitest/config'

// Four suites: unit (no build, no services), integration (real PostgreSQL, SMTP, Deno, the local server and the
// build itself, in temporary folders), build (reads dist/ after `npm run build`), e2e (browser, against `npm start`).
// Time limits are for a test that hangs, not a measure of speed: generous, so that a busy machine (CI runs on whatever
// machine is free) makes the suites slower but never fails them.
//
// Workers: vitest's default on 2 cores is 1 (cores - 1), so test files ran one after another. Each file has its own
// folders, ports and PostgreSQL cluster, so files run side by side: 2 at a time for the CPU-bound suites, 3 for unit and
// integration, whose files (run together by scripts/test.sh) spend much of their time waiting on servers, Deno and
// PostgreSQL. The browser tests stay one file at a time (a browser, a server and a build each).
const WORKERS = 3
export default defineConfig({
  test: {
    hookTimeout: 180_000,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // The unit tests' files share their worker's modules (the catalogue, React, zod, the gazetteer) instead of
          // importing them again each: alone, 251 → 113 s and CPU 128 → 90 s (import 130 → 30 s); with the integration
          // tests, as npm test runs them, 373 → 328 s and CPU 283 → 247 s (2026-11-26, one run each on a machine busy
          // with other work). Every test puts back what it changes (env, globals, the render mode) in its own hooks.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/function/**/*.test.{ts,tsx}', 'tests/server/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.{ts,tsx}'],
          // The built-page tests only read dist/: the files of a worker share their modules (the catalogue, the HTML
          // parser) instead of importing them again each (alone: 36 → 28 s, CPU 66 → 51 s, 2026-11-26).
          isolate: false,
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
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A failed browser test runs once more before it fails the suite: on a loaded 2-core machine Cloudflare's local
          // runtime, shared with the axe audit, has twice left a page load unanswered for 30 s (2026-11-25, 1 run in 4).
          // Vitest prints each retry, so a test that fails twice still fails, and one that needed a retry is seen.
          retry: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
})
