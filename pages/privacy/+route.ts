// https://vike.dev/route-function: the route table of src/urls/routes.ts decides (the page exists in English and French).
import { isPageOf } from '../../src/pages/model'

export default (pageContext: { urlPathname: string }) => isPageOf(pageContext.urlPathname, 'privacy')
