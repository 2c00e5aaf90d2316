import { PLACE_PARAMS } from '../../supabase/functions/_shared/quoteContract'
import { slugify } from '../slugs/assign'

/** A catalogue slug's shape; whether it is one of the catalogue's is the function's check. */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/
/** A city's name as pages show it ("St. Louis", "Montréal", "Springfield, IL"): letters, not a sentence or a number. */
const CITY_NAME = /^\p{L}[\p{L}\p{M} .'’-]{0,58}(?:, [A-Z]{2})?$/u

/**
 * The quote page reached from a city page's 'Get Free Estimate in {city}' (`/quote?city=miami&service=strip-wax&in=Miami`):
 * sets the form's hidden `city` and `serviceSlug` fields, preselects the service (before the form's code takes the form
 * over, which keeps it) and says "for {city}" in the heading. The query comes from the city page's link; the name shown is
 * checked to be a city name that fits the slug, and the function checks the slugs against the catalogue.
 */
export function applyQuotePlace(doc: Document = document, search: string = location.search): void {
  const forCity = doc.querySelector<HTMLElement>('[data-quote-for]')
  if (!forCity) return
  const query = new URLSearchParams(search)
  const city = query.get(PLACE_PARAMS.city) ?? ''
  const service = query.get(PLACE_PARAMS.service) ?? ''
  const name = (query.get(PLACE_PARAMS.cityName) ?? '').trim()
  const choiceOf = JSON.parse(forCity.dataset.quoteChoices ?? '{}') as Record<string, string>
  const choice = SLUG.test(service) && Object.hasOwn(choiceOf, service) ? choiceOf[service] : undefined

  for (const island of doc.querySelectorAll<HTMLElement>('[data-quote-island]')) {
    const form = island.querySelector('form')
    if (!form) continue
    if (SLUG.test(city)) setField(form, 'city', city)
    if (choice) {
      setField(form, 'serviceSlug', service)
      const select = form.querySelector<HTMLSelectElement>('select[name="service"]')
      if (select && select.value === '') {
        select.value = choice
        island.dataset.preselected = choice
      }
    }
  }
  if (SLUG.test(city) && CITY_NAME.test(name) && fitsSlug(name, city)) {
    forCity.textContent = `${forCity.dataset.quoteFor ?? ''}${name}`
  }
}

function setField(form: HTMLFormElement, name: string, value: string) {
  const input = form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)
  if (input) input.value = value
}

/** "Springfield, IL" fits `springfield-il` and `springfield`; "Miami" fits `miami`. */
function fitsSlug(name: string, slug: string): boolean {
  const plain = slugify(name.replace(/, [A-Z]{2}$/, ''))
  return plain !== '' && (slug === plain || slug === slugify(name) || slug.startsWith(`${plain}-`))
}
