/**
 * Every setting of the build that is about this kind of machine (2 cores, a shared disk) rather than about the site,
 * each with the measurement that keeps it (npm run bench, medians of 3, 2-core machine). package.json's `build`
 * script adds four more, which must be given before Node starts, for the build's own process and its render threads:
 * `--max-semi-space-size=4` (a 4 MB young generation: the build's own thread renders pages too, and with V8's default
 * it held about 30 MB more; 2026-11-24, RAM disk, 5 rounds of 2, 4 and 8 MB in turns: 4.82, 4.59 and 4.73 s, peaks up
 * to 320, 316 and 330 MB) and `--single-threaded-gc`
 * (V8 collects garbage on the thread that made it, without helper threads: with two render threads on two cores, the
 * helpers only took turns with them; 2026-11-24, full builds on a RAM disk, 4 pairs alternated: pages step 3.7–3.8 s
 * instead of 3.9–4.1 s, the whole build 5.75 s instead of 5.96 s, medians; on the bundler's process it changed nothing).
 * A third, `--heap-growing-percent=50`, lets a heap grow by half of what a full collection left before the next one,
 * instead of V8's own factor (up to 4× on a fast thread): a render thread's garbage (the pieces of pages that outlive a
 * young-generation collection) otherwise piles up to ~100 MB per thread before V8 collects it, which with 4× the cities
 * made the build's peak 390–410 MB. 2026-11-24, 2-core machine, RAM disk, 3 runs each in turns: 4× the cities peak
 * 334–354 MB (387–410 MB without), real data 310–317 MB (316–334 MB), the same times (25: the same memory, slower;
 * 100: 385–392 MB).
 * A fourth, `--initial-old-space-size=64`, lets the old generation reach 64 MB before its first full collection: a
 * build with little to do (~100 MB at its peak) then makes none, where it made three (~65 ms of a city added's 1.3 s).
 * 2026-11-26, 5 rounds alternated with and without: nothing changed 0.76 s instead of 0.82 s, a city renamed 1.20 s
 * instead of 1.26 s, a city removed 1.30 s instead of 1.37 s; a full build's peak the same (202–209 MB for the build's
 * own process both ways, 2 runs each).
 * And build.ts creates the files of missing pages, empty,
 * while the bundler runs: on this machine's disk, creating files shortly after many were deleted (an emptied dist/) costs
 * seconds of kernel time, which bundling then hides (one run each on a busy machine, 2026-11-24: pages step 13.6 s with
 * it, 26.6 s without). writePage.ts writes a page over its old file in place (Nov 2026: rewriting 14,600 pages took 2–7 s
 * by truncating and rewriting, 0.4 s in place).
 */

/**
 * The bundler (Vite's build() of the client bundles, bundleProcess.mjs) runs in a child process with a 2 MB young
 * generation, and mimalloc (the allocator of Vite's native bundler) told to return memory it no longer uses at once and
 * not to commit its arenas up front: ~250 MB instead of ~350 MB (2026-11-24, client build alone; ~200 MB instead of
 * ~340 MB for the former `vike build`), same speed. `GOGC=20` for the esbuild service Vike starts to read its config
 * files: ~30 MB instead of ~55 MB.
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
