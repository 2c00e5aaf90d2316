/**
 * What Cloudflare accepts in one version of a Worker with static assets (the free plan): files of the assets folder,
 * and the size of one file. The build (src/build/siteFiles.ts) and `npm run deploy` refuse a folder over them;
 * `MAX_FILES` (an environment variable, read by src/config.ts: 100,000 on a paid plan, 0 for no limit) replaces the first.
 */
export const ASSET_LIMITS = { files: 20_000, fileBytes: 25 * 1024 * 1024 } as const

/** Files of the assets folder that the host reads and never serves, nor counts among the folder's files. */
export const HOST_FILES = ['_headers', '_redirects', '.assetsignore'] as const
