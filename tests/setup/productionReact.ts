// Before the unit, integration and built-page tests of a worker (vitest.config.ts): React as the build, `npm start` and
// `npm run check:data` load it (src/build/productionMode.ts), its production build, instead of the development build
// that vitest's NODE_ENV ("test") picks: the same HTML, with less work (the search index's measure and the
// fingerprints' test a sixth to a quarter faster).
// Set before the first import of React in the worker (React reads NODE_ENV as it loads); the processes the tests start
// inherit it, as they would set it themselves.
process.env.NODE_ENV = 'production'
