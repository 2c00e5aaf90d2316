import { LIMITS, NEAR_KM_MAX, PLACE_PARAMS } from '../../supabase/functions/_shared/quoteContract'
import { slugify } from '../slugs/assign'

/** A catalogue slug's shape; whether it is one of the catalogue's is the function's check. */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/
/** A city's name as pages show it ("St. Louis", "Montréal", "Springfield, IL"): letters, not a sentence or a number. */
const CITY_NAME = /^\p{L}[\p{L}\p{M} .'’-]{0,58}(?:, [A-Z]{2})?$/u
const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
)
const PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '))
/**
 * A place as the finder names it (PLACE_PARAMS.place): a name, its state or province, and perhaps a ZIP code (US) or the
 * first three characters of a postal code (Canada): "Bozeman, MT", "Bozeman, MT 59715", "Moncton, NB E1C".
 */
const PLACE = /^([\p{L}\p{N}][\p{L}\p{M}\p{N} .,'’()&-]*), ([A-Z]{2})(?: (\d{5}|[A-Z]\d[A-Z]))?$/u
/** A distance in km with at most one decimal. */
const KM = /^\d{1,5}(?:\.\d)?$/

/** The place a finder's link names, when it has the shape of one; otherwise ''. */
function placeOf(text: string): string {
  const match = PLACE.exec(text)
  if (!match || [...text].length > LIMITS.place) return ''
  const [, , region, code] = match
  const fits = US_STATES.has(region!) ? code === undefined || /^\d/.test(code) : PROVINCES.has(region!) && (code === undefined || /^[A-Z]/.test(code))
  return fits ? text : ''
}

/** What the link said about its place (on the form's island, `data-place`, `data-near-city`, `data-near-km`). */
interface PlaceLink {
  place?: string
  nearCity?: string
  nearKm?: string
}

/**
 * The hidden nearest-city fields for what the "City or ZIP" field holds: the link's, while it holds the link's place;
 * none once the visitor wrote another place (they would describe the wrong one).
 */
export function nearFieldsFor(typed: string, link: PlaceLink): { nearCity: string; nearKm: string } {
  return link.place && typed.trim() === link.place ? { nearCity: link.nearCity ?? '', nearKm: link.nearKm ?? '' } : { nearCity: '', nearKm: '' }
}

/**
 * The quote page's place, from the link that led there (docs/architecture.md, "Leads with their place"):
 * - a served city (`/quote?city=miami&service=strip-wax&in=Miami`): sets the form's hidden `city` and `serviceSlug`
 *   fields, preselects the service (before the form's code takes the form over, which keeps it) and says "for {city}" in
 *   the heading, the name shown only when it is a city name that fits the slug;
 * - a place without pages (`/quote?place=Bozeman%2C%20MT&near=billings&km=197.6`): fills the form's "City or ZIP" with the
 *   place and its hidden `nearCity` and `nearKm` fields, and says "for {place}" in the heading; if the visitor then writes
 *   another place, the near fields are emptied.
 * What it takes from the URL is checked for shape and length, and only ever written as text; the function checks the
 * slugs against the catalogue.
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
  const cityName = SLUG.test(city) && CITY_NAME.test(name) && fitsSlug(name, city) ? name : ''
  const place = placeOf((query.get(PLACE_PARAMS.place) ?? '').trim())
  const near = query.get(PLACE_PARAMS.near) ?? ''
  const km = query.get(PLACE_PARAMS.nearKm) ?? ''
  const link: PlaceLink = {
    place,
    nearCity: place && SLUG.test(near) ? near : '',
    nearKm: place && SLUG.test(near) && KM.test(km) && Number(km) <= NEAR_KM_MAX ? km : '',
  }

  for (const island of doc.querySelectorAll<HTMLElement>('[data-quote-island]')) {
    const form = island.querySelector('form')
    if (!form) continue
    if (SLUG.test(city)) setField(form, 'city', city)
    if (cityName) island.dataset.cityName = cityName
    if (choice) {
      setField(form, 'serviceSlug', service)
      const select = form.querySelector<HTMLSelectElement>('select[name="service"]')
      if (select && select.value === '') {
        select.value = choice
        island.dataset.preselected = choice
      }
    }
    const placeField = form.querySelector<HTMLInputElement>('input[name="place"]')
    if (placeField && place) {
      Object.assign(island.dataset, link)
      // A value already there is the visitor's (the browser keeps what was typed on Back): left as it is.
      if (placeField.value === '') placeField.value = place
      const sync = () => {
        const fields = nearFieldsFor(placeField.value, link)
        setField(form, 'nearCity', fields.nearCity)
        setField(form, 'nearKm', fields.nearKm)
      }
      sync()
      placeField.addEventListener('input', sync)
    }
  }
  const shown = cityName || place
  if (shown) forCity.textContent = `${forCity.dataset.quoteFor ?? ''}${shown}`
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
