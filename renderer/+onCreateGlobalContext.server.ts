// https://vike.dev/onCreateGlobalContext: gives Vike's server (vike dev, renderPage()) the route table's answer to
// "which page shows this URL?" (src/urls/routes.ts, with the catalogue), which the route functions of pages/*/+route.ts
// ask through pageContext.globalContext. Vike loads a route file when it reads its configuration, bundling the file
// with everything it imports, so a route file that imported the catalogue's code would slow every production bundling
// (docs/decisions/0001-own-render-loop.md). This hook is loaded only when the server starts.
import { vikePageOfPath, type VikePage } from '../src/pages/model'

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Vike's way to type custom globalContext properties
  namespace Vike {
    interface GlobalContextServer {
      /** The Vike page that shows a URL (src/pages/model.ts). */
      vikePageOf: (path: string) => VikePage
    }
  }
}

export function onCreateGlobalContext(globalContext: Vike.GlobalContextServer) {
  globalContext.vikePageOf = vikePageOfPath
}
