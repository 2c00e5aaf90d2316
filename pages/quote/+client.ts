// https://vike.dev/render-modes: this page's whole browser code; the page itself is HTML-only.
import { applyQuotePlace } from '../../src/client/quotePlace'
import { loadQuoteFormWhenNeeded } from '../../src/client/quoteFormLoader'

applyQuotePlace()
loadQuoteFormWhenNeeded()
