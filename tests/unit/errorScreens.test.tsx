import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { pageModelFor } from '../../src/pages/model'
import { pageProps } from '../../src/pages/props'
import { Document } from '../../src/pages/Document'
import ErrorPage from '../../pages/_error/+Page'
import { NONE_OUT } from '../helpers/decision'

const catalogue = loadCatalogue()
const render = (pageContext: Parameters<typeof pageModelFor>[0]) => {
  const props = pageProps(pageModelFor(pageContext, catalogue), catalogue, NONE_OUT)
  return renderToString(<Document props={props} body={<ErrorPage {...props} />} />)
}

describe('the error page', () => {
  it("shows 'Unexpected Application Error!' when rendering failed, with a way home", () => {
    const html = render({ urlPathname: '/boise-strip-wax', errorWhileRendering: new Error('boom') })
    expect(html).toContain('<h1 class="text-3xl font-bold text-slate-900">Unexpected Application Error!</h1>')
    expect(html).toContain('href="/"')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
  })
  it('is the switching 404 screen when the page does not exist', () => {
    const html = render({ urlPathname: '/nope', is404: true })
    expect(html).toContain('Oops! Page not found')
    expect(html).toContain('<template data-screen="en:city-service">')
    expect(html).toContain('<template data-screen="fr:city-service" lang="fr-CA">')
  })
})
