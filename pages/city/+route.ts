// https://vike.dev/route-function: the route table of src/urls/routes.ts decides, as in the build (a city's hub, in English and French).
import { isPageOf } from '../../src/pages/model'

export default (pageContext: { urlPathname: string }) => isPageOf(pageContext.urlPathname, 'city')
