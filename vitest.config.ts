import { defineConfig } from 'vitest/config'

// Three suites: unit (no build needed), build (reads dist/ after `npm run build`), e2e (browser, against `npm start`).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/function/**/*.test.{ts,tsx}', 'tests/server/**/*.test.{ts,tsx}'], testTimeout: 30_000 } },
      { test: { name: 'build', include: ['tests/build/**/*.test.{ts,tsx}'], testTimeout: 60_000 } },
      { test: { name: 'e2e', include: ['tests/e2e/**/*.test.{ts,tsx}'], testTimeout: 60_000, fileParallelism: false } },
    ],
  },
})
