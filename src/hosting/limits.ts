/**
 * What Cloudflare accepts in one version of a Worker with static assets (the free plan): files of the assets folder,
 * and the size of one file. The build (src/build/siteFiles.ts) and `npm run deploy` refuse a folder over them;
 * `MAX_FILES` (an environment variable: 100,000 on a paid plan, 0 for no limit) replaces the first.
 */
export const ASSET_LIMITS = { files: 20_000, fileBytes: 25 * 1024 * 1024 } as const

/** The most files the assets folder may hold: MAX_FILES, else the free plan's; 0 for no limit. */
export const maxFiles = (env: Record<string, string | undefined> = process.env) => Number(env.MAX_FILES ?? ASSET_LIMITS.files)

/** Files of the assets folder that the host reads and never serves, nor counts among the folder's files. */
export const HOST_FILES = ['_headers', '_redirects', '.assetsignore'] as const
