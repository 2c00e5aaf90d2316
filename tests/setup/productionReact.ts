// Before the unit, integration and built-page tests of a worker (vitest.config.ts): React as the build, `npm start` and
// `npm run check:data` load it (src/build/productionMode.ts), its production build, instead of the development build
// that vitest's NODE_ENV ("test") picks. The same HTML, with less work: the search index's measure of the site's 7,966
// pages 5.3–5.7 → 4.7 s in a plain process (2026-11-27); tests/unit/fingerprints.test.ts alone 28.6 → 21.8 s.
// Set before the first import of React in the worker (React reads NODE_ENV as it loads); the processes the tests start
// inherit it, as they would set it themselves.
process.env.NODE_ENV = 'production'
