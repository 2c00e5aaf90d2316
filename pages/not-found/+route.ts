// https://vike.dev/route-function: the route table of src/urls/routes.ts decides, as in the build.
import { isPageOf } from '../../src/pages/model'

export default (pageContext: { urlPathname: string }) => isPageOf(pageContext.urlPathname, 'not-found')
