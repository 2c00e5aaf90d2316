// https://vike.dev/onBeforePrerenderStart
import { getCatalogue } from '../../src/catalog/index'
import { forCurrentShard } from '../../src/prerender/shard'
import { sitePaths } from '../../src/urls/sitePaths'

// Under scripts/prerender.ts each process renders its share of these URLs (all of them otherwise).
export const onBeforePrerenderStart = () => forCurrentShard(sitePaths(getCatalogue()).services)
