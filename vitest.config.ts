import { defineConfig } from 'vitest/config'

// Four suites: unit (no build, no services), integration (real PostgreSQL, SMTP, Deno, the local server and the
// build itself, in temporary folders), build (reads dist/ after `npm run build`), e2e (browser, against `npm start`).
// Time limits are for a test that hangs, not a measure of speed: generous, so that a busy machine (CI runs on whatever
// machine is free) makes the suites slower but never fails them.
export default defineConfig({
  test: {
    hookTimeout: 180_000,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], testTimeout: 120_000, hookTimeout: 180_000 } },
      {
        test: {
          name: 'integration',
          include: ['tests/function/**/*.test.{ts,tsx}', 'tests/server/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      { test: { name: 'build', include: ['tests/build/**/*.test.{ts,tsx}'], testTimeout: 180_000, hookTimeout: 180_000 } },
      { test: { name: 'e2e', include: ['tests/e2e/**/*.test.{ts,tsx}'], testTimeout: 180_000, hookTimeout: 180_000, fileParallelism: false } },
    ],
  },
})
