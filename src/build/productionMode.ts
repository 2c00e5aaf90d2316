// Imported first by the entry points that render pages: React picks its production build (several times
// faster, same HTML) when NODE_ENV is "production" as it loads. Worker threads set it in renderWorker.mjs.
process.env.NODE_ENV ??= 'production'
