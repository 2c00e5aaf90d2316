import { defineConfig } from 'vitest/config'

// Four suites: unit (no build, no services), integration (real PostgreSQL, SMTP, Deno, the local server and the
// build itself, in temporary folders), build (reads dist/ after `npm run build`), e2e (browser, against `npm start`).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], testTimeout: 30_000 } },
      {
        test: {
          name: 'integration',
          include: ['tests/function/**/*.test.{ts,tsx}', 'tests/server/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
          testTimeout: 60_000,
        },
      },
      { test: { name: 'build', include: ['tests/build/**/*.test.{ts,tsx}'], testTimeout: 60_000 } },
      { test: { name: 'e2e', include: ['tests/e2e/**/*.test.{ts,tsx}'], testTimeout: 60_000, fileParallelism: false } },
    ],
  },
})
