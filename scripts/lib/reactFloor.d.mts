/** The React floor (reactFloor.mjs): pages made from `html` for each of `cities`, in `threads` worker threads; the wall time in seconds. */
export function runFloor(options: { html: string; cities: { name: string; slug: string }[]; outDir: string; threads?: number }): Promise<number>
