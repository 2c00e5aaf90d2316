import { defineConfig } from 'vitest/config'

// Three suites: unit (no build needed), build (reads dist/ after `npm run build`), e2e (browser, against `npm start`).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/function/**/*.test.ts', 'tests/server/**/*.test.ts'], testTimeout: 30_000 } },
      { test: { name: 'build', include: ['tests/build/**/*.test.ts'], testTimeout: 60_000 } },
      { test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], testTimeout: 60_000, fileParallelism: false } },
    ],
  },
})
