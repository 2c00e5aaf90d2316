// https://vike.dev/render-modes: this page's whole browser code; the page itself is HTML-only.
import { loadQuoteFormWhenNeeded } from '../../src/client/quoteFormLoader'

loadQuoteFormWhenNeeded()
