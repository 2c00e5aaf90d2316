// https://vike.dev/route-function: the route table of src/urls/routes.ts decides, as in the build (renderer/+onCreateGlobalContext.server.ts).
import type { PageContextServer } from 'vike/types'

export default (pageContext: PageContextServer) => pageContext.globalContext.vikePageOf(pageContext.urlPathname) === 'quote'
