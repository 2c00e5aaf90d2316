// https://vike.dev/render-modes: this page's whole browser code; the page itself is HTML-only.
import { loadCityFinderWhenNeeded } from '../../src/client/cityFinderLoader'
import { loadQuoteFormWhenNeeded } from '../../src/client/quoteFormLoader'

loadQuoteFormWhenNeeded()
loadCityFinderWhenNeeded()
