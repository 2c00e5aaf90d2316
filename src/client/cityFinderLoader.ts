import { FINDER_ID } from '../components/cityFinderIds'

/**
 * Loads the directory's city finder only when it is needed: on the input's first focus (the home hero's 'Find Local Services'
 * leads to `#find`, where the input is focused for the visitor). Until then the page ships this loader only; without
 * JavaScript, the form leads to the A–Z list.
 */
export function loadCityFinderWhenNeeded(doc: Document = document): void {
  const form = doc.querySelector<HTMLFormElement>('[data-city-finder]')
  const input = form?.querySelector('input')
  if (!form || !input) return
  input.addEventListener('focus', () => void import('./cityFinderIsland').then((m) => m.mountCityFinder(form, doc)), { once: true })
  if (location.hash === `#${FINDER_ID}`) input.focus()
}
