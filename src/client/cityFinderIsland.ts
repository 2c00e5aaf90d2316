import type { FinderMessages } from '../components/CityFinder'
import { Finder, type Found } from '../finder/finder'
import type { FinderCode, FinderIndexFile, FinderPlace, ServedCity } from '../finder/format'
import { cityOfPlace, nearestCities, placeNear, type Match, type Suggestion } from '../finder/search'
import { distanceIn, unitFor } from '../geo/distance'
import { fillMessage } from '../i18n/french'
import { slugify } from '../slugs/assign'

/** How many places the finder lists at most. */
const SHOWN = 10
/** How many of the nearest cities with pages an answer lists. */
const NEAREST = 3

/** What the finder shows under its input. */
type View =
  | { kind: 'status'; text: string }
  | { kind: 'list'; matches: Match[]; status: string }
  | { kind: 'suggest'; status: string; suggestions: Suggestion[] }
  | { kind: 'answer'; answer: Answer; back?: View }

/** An answer for one place: a town, a code's town, or the visitor's position. */
interface Answer {
  heading: string
  /** Read out when the answer appears. */
  status: string
  /** The place as the quote carries it; absent for a position with no town near (the position never leaves the browser). */
  place?: { short: string; name: string; country: 'US' | 'CA' }
  /** The place is this city with pages. */
  city?: ServedCity
  nearest: { city: ServedCity; km: number }[]
}

/** What the page's loader (cityFinderLoader.ts) may ask of a mounted finder. */
export interface MountedFinder {
  /** 'Use my location': asks the browser for the position (only now, on this tap), and answers with its town's nearest cities. */
  locate(): Promise<void>
}

const RESULT =
  'block w-full rounded-lg border border-slate-200 bg-white px-4 py-2 text-left font-semibold text-brand-700 hover:border-brand-600 hover:underline'
const NAME = 'block font-semibold text-brand-700'
const NOTE = 'block text-sm font-normal text-slate-700'
const LINK = 'font-semibold text-brand-700 underline'

/**
 * The city finder (docs/architecture.md, "The directory's city finder"). As the visitor types, it lists the cities with
 * pages and the gazetteer's places that match, answers a ZIP or postal code, and answers one place (chosen, or the only
 * one) with its nearest cities with pages and a quote for it; 'Use my location' answers the visitor's position. Its index
 * is the build's (src/finder/format.ts): the first part on mounting, the other parts as queries need them (src/finder/finder.ts).
 * Keys: ↓ from the input goes to the first result, ↑ ↓ move between results, ↑ from the first (or Escape) goes back to the
 * input; Enter or Find opens the only city, answers the only place, and otherwise says how many match (never opens one).
 */
export async function mountCityFinder(form: HTMLFormElement, doc: Document = document): Promise<MountedFinder | undefined> {
  if (form.dataset.ready) return undefined
  form.dataset.ready = 'true'
  const input = form.querySelector('input')!
  const status = form.querySelector<HTMLElement>('[data-city-finder-status]')!
  const list = form.querySelector<HTMLElement>('[data-city-finder-results]')!
  const answerBox = form.querySelector<HTMLElement>('[data-city-finder-answer]')!
  const copy = JSON.parse(form.dataset.copy ?? '{}') as FinderMessages
  const lang = form.dataset.lang === 'fr' ? 'fr' : 'en'
  let finder: Finder | undefined
  /** The search under way: a newer one makes an older one's result go unseen. */
  let searching = 0
  let pending: Promise<View> = Promise.resolve({ kind: 'status', text: '' })
  let located: Promise<void> | undefined
  answerBox.hidden = true

  // In French, « de {name} » elides before a vowel (« de nos équipes d’Ottawa »).
  const fill = (template: string, values: Record<string, string | number>) => fillMessage(template, values, lang)
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = '') => {
    const el = doc.createElement(tag)
    el.className = className
    el.textContent = text
    return el
  }
  const item = (...children: (Node | string)[]) => {
    const li = element('li')
    li.append(...children)
    return li
  }
  const button = (text: string, onClick: () => void, className = RESULT) => {
    const b = element('button', className, text)
    b.type = 'button'
    b.addEventListener('click', onClick)
    return b
  }
  const stateName = (code: string) => finder!.data.states.get(code)?.[lang] ?? code
  /** "Billings, MT" */
  const cityLabel = (city: ServedCity) => `${city.name}, ${city.state}`
  /** A city's hub in the page's language, or in English for a city without French pages (and the link says so). */
  const hub = (city: ServedCity) => {
    const english = lang === 'fr' && !city.french
    return { href: (english ? form.dataset.hubEn! : form.dataset.hub!).replace('{slug}', city.slug), english }
  }
  const cityLink = (city: ServedCity, text: string, className: string) => {
    const { href, english } = hub(city)
    const link = element('a', className, `${text}${english ? copy.englishOnly : ''}`)
    link.href = href
    if (english) link.hreflang = 'en'
    return link
  }
  /** The name a quote page says "for": the city's, with its state where a namesake has pages too (its slug says so). */
  const quoteName = (city: ServedCity) => (city.slug === slugify(city.name) ? city.name : `${city.name}, ${city.state}`)
  /**
   * A distance in the page's unit: miles for US places on English pages, km for Canadian places and on French pages
   * (for the visitor's position, the country of the city it is measured to).
   */
  const distance = (km: number, country: 'US' | 'CA' | undefined) => {
    const unit = unitFor(lang, country)
    return fill(copy[unit], { n: distanceIn(km, unit) })
  }
  const countryOf = (state: string) => finder!.data.states.get(state)?.country
  const focusables = () => [...list.querySelectorAll<HTMLElement>('a, button'), ...answerBox.querySelectorAll<HTMLElement>('a, button')]

  // --- answers

  /** `near`: the town of the visitor's position ("You are near Bozeman, MT"). */
  const placeAnswer = (place: FinderPlace, code?: { code: string; zip: boolean }, near?: boolean): Answer => {
    const data = finder!.data
    const long = near ? fill(copy.nearPlace, { place: `${place.name}, ${place.state}` }) : `${place.name}, ${stateName(place.state)}`
    const heading = code ? fill(code.zip ? copy.zipHeading : copy.postalHeading, { code: code.code, place: long }) : long
    const city = cityOfPlace(data, place)
    if (city) return { heading, status: fill(copy.foundCity, { place: long, name: city.name }), city, nearest: [] }
    const nearest = nearestCities(data, place, NEAREST)
    const [first] = nearest
    const country = countryOf(place.state)
    return {
      heading,
      status: first ? fill(copy.found, { place: long, near: cityLabel(first.city), distance: distance(first.km, country) }) : heading,
      place: { short: `${place.name}, ${place.state}${code ? ` ${code.code}` : ''}`, name: place.name, country: country ?? 'US' },
      nearest,
    }
  }
  const codeAnswer = (code: FinderCode, zip: boolean) =>
    placeAnswer({ name: code.name, key: '', state: code.state, size: 0, lat: code.lat, lon: code.lon }, { code: code.code, zip })

  /** The list's label for its places' distances (once, after its count), where it lists places. */
  const straight = (matches: Match[]) => (matches.slice(0, SHOWN).some((m) => m.kind === 'place') ? ` ${copy.straight}` : '')
  const listView = (matches: Match[]): View => {
    const n = matches.length
    return { kind: 'list', matches, status: (n === 1 ? copy.one : fill(n > SHOWN ? copy.more : copy.many, { n, shown: SHOWN })) + straight(matches) }
  }

  /** What a query answers; `early` shows the cities with pages that match while the places load. */
  async function search(typed: string, early: (view: View) => void): Promise<View> {
    if (!finder) return { kind: 'status', text: '' }
    const q = typed.trim()
    const found: Found = await finder.find(typed, (served) =>
      early(served.length > 0 ? listView(served) : { kind: 'status', text: fill(copy.searching, { q }) }),
    )
    switch (found.kind) {
      case 'none':
        return { kind: 'status', text: '' }
      case 'zip-partial':
        return { kind: 'status', text: copy.zipPartial }
      case 'postal-partial':
        return { kind: 'status', text: copy.postalPartial }
      case 'code':
        if (!found.found) return { kind: 'status', text: fill(found.zip ? copy.zipUnknown : copy.postalUnknown, { code: found.code }) }
        return { kind: 'answer', answer: codeAnswer(found.found, found.zip) }
      case 'matches': {
        const [only] = found.matches
        if (found.matches.length === 1 && only?.kind === 'place') return { kind: 'answer', answer: placeAnswer(only.place) }
        return listView(found.matches)
      }
      case 'suggestions': {
        const names = found.suggestions.map((s) => s.label)
        if (names.length === 0) return { kind: 'status', text: fill(copy.none, { q }) }
        const listed = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')}${copy.or}${names.at(-1)!}`
        return { kind: 'suggest', status: fill(copy.didYouMean, { q, names: listed }), suggestions: found.suggestions }
      }
    }
  }

  /** Searches what the input holds and shows it; resolves with what was shown. */
  function update(): Promise<View> {
    const run = ++searching
    const shown = (view: View) => {
      if (run === searching) show(view)
      return view
    }
    pending = search(input.value, shown).then(shown, () => shown({ kind: 'status', text: copy.failed }))
    return pending
  }

  // --- the page

  function show(view: View, focus = false) {
    answerBox.replaceChildren()
    answerBox.hidden = view.kind !== 'answer'
    list.replaceChildren()
    if (view.kind === 'status') status.textContent = view.text
    else if (view.kind === 'list') {
      list.append(...view.matches.slice(0, SHOWN).map((match) => item(resultOf(match, view))))
      status.textContent = view.status
    } else if (view.kind === 'suggest') {
      const choose = (s: Suggestion) => () => {
        input.value = s.query
        void update().then(() => focusables()[0]?.focus())
      }
      list.append(...view.suggestions.map((s) => item(button(s.label, choose(s)))))
      status.textContent = view.status
    } else {
      answerBox.append(...answerOf(view.answer, view.back))
      status.textContent = view.answer.status
      if (focus) answerBox.querySelector('h3')?.focus()
    }
  }

  /** A result: a city with pages links its hub; another place is a button that answers it. */
  function resultOf(match: Match, from: View): HTMLElement {
    if (match.kind === 'city') {
      const { city, via } = match
      const link = cityLink(city, '', RESULT)
      const note = `${via ? fill(copy.viaNote, { via }) : copy.cityNote}${hub(city).english ? copy.englishOnly : ''}`
      link.replaceChildren(element('span', NAME, `${city.name}, ${stateName(city.state)}`), element('span', NOTE, note))
      return link
    }
    const { place } = match
    const result = button('', () => show({ kind: 'answer', answer: placeAnswer(place), back: from }, true))
    result.append(element('span', NAME, `${place.name}, ${stateName(place.state)}`))
    const [near] = nearestCities(finder!.data, place, 1)
    if (near) result.append(element('span', NOTE, fill(copy.nearest, { near: cityLabel(near.city), distance: distance(near.km, countryOf(place.state)) })))
    return result
  }

  function answerOf(answer: Answer, back: View | undefined): HTMLElement[] {
    const heading = element('h3', 'text-xl font-bold text-slate-900', answer.heading)
    heading.tabIndex = -1
    const lead = element('p', 'mt-2 text-slate-800')
    const links = element('ul', 'mt-2 space-y-1')
    // The quote page's link for the place, or for a city (the page gives both, with the contract's parameters).
    const link = (template: string | undefined, values: Record<string, string>) =>
      (template ?? '').replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''))
    let href = link(form.dataset.quotePlace, {}).replace(/\?.*/, '')
    let quoteText: string
    const { city, place, nearest } = answer
    const [first] = nearest
    if (city) {
      lead.textContent = fill(copy.cityLead, { name: city.name })
      links.append(item(cityLink(city, fill(copy.cityPage, { name: city.name }), LINK)))
      href = link(form.dataset.quoteCity, { slug: city.slug, name: quoteName(city) })
      quoteText = fill(copy.quoteFor, { name: city.name })
    } else {
      lead.textContent = place ? fill(copy.placeLead, { name: place.name }) : copy.nearLead
      for (const near of nearest)
        links.append(item(cityLink(near.city, cityLabel(near.city), LINK), ` · ${distance(near.km, place?.country ?? countryOf(near.city.state))}`))
      if (place && first) {
        href = link(form.dataset.quotePlace, { place: place.short, near: first.city.slug, km: first.km.toFixed(1) })
        quoteText = fill(copy.quoteFor, { name: place.name })
      } else if (first) {
        // No town near the visitor's position (which stays in the browser): the quote names the nearest city only.
        href = link(form.dataset.quoteCity, { slug: first.city.slug, name: quoteName(first.city) })
        quoteText = fill(copy.quoteNear, { name: first.city.name })
      } else quoteText = fill(copy.quoteFor, { name: place?.name ?? '' })
    }
    const quote = element('a', 'inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800', quoteText)
    quote.href = href
    quote.dataset.cityFinderQuote = ''
    const action = element('p', 'mt-4')
    action.append(quote)
    const parts: HTMLElement[] = [heading, lead, links, action]
    if (back?.kind === 'list') {
      const again = element('p', 'mt-3')
      again.append(button(fill(copy.back, { n: back.matches.length }), () => show(back), LINK))
      parts.push(again)
    }
    return parts
  }

  async function findPosition(): Promise<void> {
    const run = ++searching
    show({ kind: 'status', text: copy.locating })
    // The places by position load while the browser asks: all of them, so the requests say nothing of the position.
    const towns = finder!.placesByPosition().catch(() => null)
    let position: GeolocationPosition
    try {
      position = await new Promise<GeolocationPosition>((resolve, reject) =>
        navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: 15_000, maximumAge: 600_000 }),
      )
    } catch (error) {
      const code = (error as GeolocationPositionError).code
      if (run === searching) show({ kind: 'status', text: code === 1 ? copy.denied : code === 3 ? copy.timeout : copy.unavailable })
      return
    }
    const at = { lat: position.coords.latitude, lon: position.coords.longitude }
    const nearest = await finder!.nearest(at, NEAREST)
    // The town within 25 km, undefined where there is none, null where its parts could not be loaded.
    const places = await towns
    const town = places && placeNear(places, at)
    const [first] = nearest
    if (run !== searching || !first) return
    if (town) return show({ kind: 'answer', answer: placeAnswer({ key: '', size: 0, ...town }, undefined, true) }, true)
    const text = fill(copy.foundNear, { near: cityLabel(first.city), distance: distance(first.km, countryOf(first.city.state)) })
    show({ kind: 'answer', answer: { heading: copy.nearYou, status: town === null ? text : `${copy.noTown} ${text}`, nearest } }, true)
  }

  // --- events

  input.addEventListener('input', () => void update())
  input.addEventListener('keydown', (event) => {
    const [first] = focusables()
    if (event.key !== 'ArrowDown' || !first) return
    event.preventDefault()
    first.focus()
  })
  form.addEventListener('keydown', (event) => {
    const all = focusables()
    const at = all.indexOf(event.target as HTMLElement)
    if (at === -1) return
    if (event.key === 'ArrowDown' && at < all.length - 1) all[at + 1]!.focus()
    else if (event.key === 'ArrowUp') (at === 0 ? input : all[at - 1]!).focus()
    else if (event.key === 'Escape') input.focus()
    else return
    event.preventDefault()
  })
  // Enter or Find: with JavaScript, the answer; without, the form leads to the A–Z list.
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void pending.then((view) => {
      const [only, second] = view.kind === 'list' ? view.matches : []
      if (view.kind === 'answer') answerBox.querySelector('h3')?.focus()
      else if (view.kind !== 'list' || !only) return
      else if (second) status.textContent = fill(copy.choose, { n: view.matches.length }) + straight(view.matches)
      else if (only.kind === 'city') location.assign(hub(only.city).href)
      else show({ kind: 'answer', answer: placeAnswer(only.place) }, true)
    })
  })

  try {
    const index = (await (await fetched(form.dataset.index!)).json()) as FinderIndexFile
    finder = new Finder(index, (file) => fetched(file).then((r) => r.text()), slugify)
  } catch {
    show({ kind: 'status', text: copy.failed })
    return undefined
  }
  if (input.value.trim()) await update()
  return {
    locate: () => (located ??= findPosition().finally(() => (located = undefined))),
  }
}

/** A part of the index; an error answer is an error (the finder says the list could not be loaded). */
async function fetched(url: string): Promise<Response> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  return response
}
