// https://vike.dev/onBeforePrerenderStart
import { getCatalogue } from '../../src/catalog/index'
import { sitePaths } from '../../src/urls/sitePaths'

export const onBeforePrerenderStart = () => sitePaths(getCatalogue()).cityServices
