import { FINDER_ID } from '../components/cityFinderIds'

/**
 * Loads the city finder only when it is needed: on the input's first focus (the home hero's 'Find Local Services'
 * leads to `#find`, where the input is focused for the visitor), or on a tap on 'Use my location', which this shows
 * where the browser can tell its position. Until then the page ships this loader only; without JavaScript, the form
 * leads to the A–Z list of the cities with pages.
 */
export function loadCityFinderWhenNeeded(doc: Document = document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>('[data-city-finder]')) {
    const input = form.querySelector('input')
    if (!input) continue
    const finder = () => import('./cityFinderIsland').then((m) => m.mountCityFinder(form, doc))
    let mounted: ReturnType<typeof finder> | undefined
    const mount = () => (mounted ??= finder())
    input.addEventListener('focus', () => void mount(), { once: true })
    const locate = form.querySelector<HTMLElement>('[data-city-finder-locate]')
    if (locate && !('geolocation' in navigator)) locate.remove()
    else if (locate) {
      locate.classList.remove('hidden')
      locate.querySelector('button')?.addEventListener('click', () => void mount().then((f) => f?.locate()))
    }
    if (form.closest(`#${FINDER_ID}`) && location.hash === `#${FINDER_ID}`) input.focus()
  }
}
