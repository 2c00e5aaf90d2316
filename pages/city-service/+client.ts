// https://vike.dev/render-modes: this page's whole browser code; the page itself is HTML-only.
import { logCityServiceDebug } from '../../src/client/cityServiceDebug'
import { loadQuoteFormWhenNeeded } from '../../src/client/quoteFormLoader'

logCityServiceDebug()
loadQuoteFormWhenNeeded()
