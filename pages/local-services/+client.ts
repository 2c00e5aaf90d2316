// https://vike.dev/render-modes: this page's whole browser code (the city finder's loader); the page itself is HTML-only.
import { loadCityFinderWhenNeeded } from '../../src/client/cityFinderLoader'

loadCityFinderWhenNeeded()
