// https://vike.dev/render-modes: this page's whole browser code (the screen that fits the path, then the city finder's
// loader); the page itself is HTML-only.
import { loadCityFinderWhenNeeded } from '../../src/client/cityFinderLoader'
import { showNotFound } from '../../src/client/notFound'

showNotFound()
loadCityFinderWhenNeeded()
