/**
 * Every setting of the build that is about this kind of machine (2 cores, a shared disk) rather than about the site;
 * the measurements that keep each one are in docs/decisions/0004-build-tuned-for-two-cores.md (npm run bench prints
 * them again). package.json's `build` script adds five more, which must be given before Node starts, for the build's
 * own process and its render threads:
 * - `--max-semi-space-size=4`: a 4 MB young generation (the build's own thread renders pages too; with V8's default it
 *   held about 30 MB more, and 2 or 8 MB were slower). 8 MB again on 2026-11-29: a measure from nothing on this thread
 *   was quicker, but a full build with the caches kept took 3.8–3.9 s to render instead of 2.8–3.0 s (4 pairs);
 * - `--single-threaded-gc`: V8 collects garbage on the thread that made it, without helper threads, which with two
 *   render threads on two cores only took turns with them;
 * - `--heap-growing-percent=50`: a heap grows by half of what a full collection left before the next one, instead of
 *   V8's own factor (up to 4× on a fast thread), whose piled-up garbage (~100 MB per render thread) set the peak of a
 *   build of 4× the cities;
 * - `--initial-old-space-size=64`: a build with little to do (~100 MB at its peak) makes no full collection at all;
 * - `--max-opt=2`: V8 optimizes with Maglev, not TurboFan, whose compiling took ~3 of a cold build's 20 CPU-s on
 *   V8's helper threads, more than its quicker code saved in a build of a few seconds (2026-11-30, alternated: a cold
 *   build 8.9 s against 9.6 s, with the caches kept 3.71 against 3.87 s, nothing to do 1.28 against 1.34 s).
 * And build.ts creates the files of missing pages, empty, while the bundler runs: on this machine's disk, creating
 * files shortly after many were deleted (an emptied dist/) costs seconds of kernel time, which bundling then hides.
 * writePage.ts writes a page over its old file in place, several times quicker than truncating and rewriting.
 */

/**
 * The bundler (Vite's build() of the client bundles, bundleProcess.mjs) runs in a child process with a 2 MB young
 * generation, and mimalloc (the allocator of Vite's native bundler) told to return memory it no longer uses at once and
 * not to commit its arenas up front: about 100 MB less at the same speed. `GOGC=20` for the esbuild service Vike starts
 * to read its config files: about half its memory.
 */
export const BUNDLER_PROCESS = {
  execArgv: ['--max-semi-space-size=2'],
  env: { MIMALLOC_PURGE_DELAY: '0', MIMALLOC_ARENA_EAGER_COMMIT: '0', GOGC: '20' },
}

/** Render threads' young generation (MB), below V8's default to keep the two threads' memory down (the bench prints peak memory). */
export const RENDER_THREAD_YOUNG_MB = 8

/** Below this many pages, starting worker threads (each loads the code and assembles the catalogue) costs more than it saves. */
export const IN_PROCESS_MAX = 1500

/** Pages handed to a render thread at a time: small enough to keep both cores busy to the end. */
export const BATCH = 250
