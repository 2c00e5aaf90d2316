import { PLACE_PARAMS } from '../../supabase/functions/_shared/quoteContract'
import type { FinderMessages } from '../components/CityFinder'
import { Finder, type Found } from '../finder/finder'
import type { FinderCode, FinderIndexFile, FinderPlace, ServedCity } from '../finder/format'
import { cityOfPlace, distanceIn, nearestCities, unitFor, type Match, type Suggestion } from '../finder/search'
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
  /** The place as the quote carries it, with where it is; absent for the visitor's position (which never leaves the browser). */
  place?: { short: string; name: string; country: 'US' | 'CA' }
  /** The place is this city with pages. */
  city?: ServedCity
  nearest: { city: ServedCity; km: number }[]
}

/**
 * The city finder (docs/architecture.md, "The directory's city finder"). As the visitor types, it lists the cities with
 * pages and the gazetteer's places that match, answers a ZIP or postal code, and answers one place (chosen, or the only
 * one) with its nearest cities with pages and a quote for it; 'Use my location' answers the visitor's position. Its index
 * is the build's (src/finder/format.ts): the first part on mounting, the other parts as queries need them.
 * Keys: ↓ from the input goes to the first result, ↑ ↓ move between results, ↑ from the first (or Escape) goes back to the
 * input; Enter or Find opens the only city, answers the only place, and otherwise says how many match (never opens one).
 */
export async function mountCityFinder(form: HTMLFormElement, doc: Document = document): Promise<CityFinder | undefined> {
  if (form.dataset.ready) return undefined
  form.dataset.ready = 'true'
  const finder = new CityFinder(form, doc)
  await finder.start()
  return finder
}

export class CityFinder {
  private readonly input: HTMLInputElement
  private readonly status: HTMLElement
  private readonly list: HTMLElement
  private readonly answerBox: HTMLElement
  private readonly copy: FinderMessages
  private readonly lang: 'en' | 'fr'
  private finder?: Finder
  private located?: Promise<void>
  /** The search under way: a newer one makes an older one's result go unseen. */
  private searching = 0
  private pending: Promise<View> = Promise.resolve({ kind: 'status', text: '' })

  constructor(
    private readonly form: HTMLFormElement,
    private readonly doc: Document,
  ) {
    this.input = form.querySelector('input')!
    this.status = form.querySelector('[data-city-finder-status]')!
    this.list = form.querySelector('[data-city-finder-results]')!
    this.answerBox = form.querySelector('[data-city-finder-answer]')!
    this.copy = JSON.parse(form.dataset.copy ?? '{}') as FinderMessages
    this.lang = form.dataset.lang === 'fr' ? 'fr' : 'en'
  }

  async start(): Promise<void> {
    this.input.addEventListener('input', () => void this.update())
    this.input.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowDown') return
      const first = this.focusables()[0]
      if (!first) return
      event.preventDefault()
      first.focus()
    })
    this.form.addEventListener('keydown', (event) => {
      const all = this.focusables()
      const at = all.indexOf(event.target as HTMLElement)
      if (at === -1) return
      if (event.key === 'ArrowDown' && at < all.length - 1) all[at + 1]!.focus()
      else if (event.key === 'ArrowUp') (at === 0 ? this.input : all[at - 1]!).focus()
      else if (event.key === 'Escape') this.input.focus()
      else return
      event.preventDefault()
    })
    // Enter or Find: with JavaScript, the answer; without, the form leads to the A–Z list.
    this.form.addEventListener('submit', (event) => {
      event.preventDefault()
      void this.submit()
    })
    try {
      this.finder = new Finder(
        (await (await fetched(this.form.dataset.index!)).json()) as FinderIndexFile,
        (file) => fetched(file).then((r) => r.text()),
        slugify,
      )
    } catch {
      this.show({ kind: 'status', text: this.copy.failed })
      return
    }
    if (this.input.value.trim()) await this.update()
  }

  /** The results' links and buttons, then the answer's, in order. */
  private focusables(): HTMLElement[] {
    return [...this.list.querySelectorAll<HTMLElement>('a, button'), ...this.answerBox.querySelectorAll<HTMLElement>('a, button')]
  }

  /** Searches what the input holds and shows it; resolves with what was shown. */
  update(): Promise<View> {
    const run = ++this.searching
    const typed = this.input.value
    this.pending = this.search(typed, (early) => run === this.searching && this.show(early)).then(
      (view) => {
        if (run === this.searching) this.show(view)
        return view
      },
      () => {
        const view: View = { kind: 'status', text: this.copy.failed }
        if (run === this.searching) this.show(view)
        return view
      },
    )
    return this.pending
  }

  private async submit() {
    const view = await this.pending
    if (view.kind === 'list') {
      const only = view.matches.length === 1 ? view.matches[0]! : undefined
      if (only?.kind === 'city') location.assign(this.hub(only.city).href)
      else if (only?.kind === 'place') this.show({ kind: 'answer', answer: this.placeAnswer(only.place) }, true)
      else if (view.matches.length > 1) this.status.textContent = this.fill(this.copy.choose, { n: view.matches.length })
    } else if (view.kind === 'answer') this.answerBox.querySelector<HTMLElement>('h3')?.focus()
  }

  /** What a query answers; `early` shows the cities with pages that match while the places load. */
  private async search(typed: string, early: (view: View) => void): Promise<View> {
    if (!this.finder) return { kind: 'status', text: '' }
    const q = typed.trim()
    const found: Found = await this.finder.find(typed, (served) =>
      early(served.length > 0 ? this.listView(served) : { kind: 'status', text: this.fill(this.copy.searching, { q }) }),
    )
    switch (found.kind) {
      case 'none':
        return { kind: 'status', text: '' }
      case 'zip-partial':
        return { kind: 'status', text: this.copy.zipPartial }
      case 'postal-partial':
        return { kind: 'status', text: this.copy.postalPartial }
      case 'code':
        if (!found.found) return { kind: 'status', text: this.fill(found.zip ? this.copy.zipUnknown : this.copy.postalUnknown, { code: found.code }) }
        return { kind: 'answer', answer: this.codeAnswer(found.found, found.zip ? 'zip' : 'postal') }
      case 'matches': {
        const [only] = found.matches
        if (found.matches.length === 1 && only?.kind === 'place') return { kind: 'answer', answer: this.placeAnswer(only.place) }
        return this.listView(found.matches)
      }
      case 'suggestions': {
        if (found.suggestions.length === 0) return { kind: 'status', text: this.fill(this.copy.none, { q }) }
        const names = found.suggestions.map((s) => s.label)
        const listed = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')}${this.copy.or}${names.at(-1)!}`
        return { kind: 'suggest', status: this.fill(this.copy.didYouMean, { q, names: listed }), suggestions: found.suggestions }
      }
    }
  }

  private listView(matches: Match[]): View {
    const n = matches.length
    const status = n === 1 ? this.copy.one : this.fill(n > SHOWN ? this.copy.more : this.copy.many, { n, shown: SHOWN })
    return { kind: 'list', matches, status }
  }

  /** 'Use my location': asks the browser for the position (only now, on this tap), and answers with the nearest cities. */
  locate(): Promise<void> {
    this.located ??= this.findPosition().finally(() => (this.located = undefined))
    return this.located
  }

  private async findPosition(): Promise<void> {
    const run = ++this.searching
    this.show({ kind: 'status', text: this.copy.locating })
    let position: GeolocationPosition
    try {
      position = await new Promise<GeolocationPosition>((resolve, reject) =>
        navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: 15_000, maximumAge: 600_000 }),
      )
    } catch (error) {
      const code = (error as GeolocationPositionError).code
      const text = code === 1 ? this.copy.denied : code === 3 ? this.copy.timeout : this.copy.unavailable
      if (run === this.searching) this.show({ kind: 'status', text })
      return
    }
    const nearest = await this.finder!.nearest({ lat: position.coords.latitude, lon: position.coords.longitude }, NEAREST)
    if (run !== this.searching || nearest.length === 0) return
    const [first] = nearest
    const status = this.fill(this.copy.foundNear, { city: this.cityLabel(first!.city), distance: this.distance(first!.km, first!.city) })
    this.show({ kind: 'answer', answer: { heading: this.copy.nearYou, status, nearest } }, true)
  }

  // --- answers

  private placeAnswer(place: FinderPlace, code?: { code: string; kind: 'zip' | 'postal' }): Answer {
    const data = this.finder!.data
    const state = data.states.get(place.state)
    const long = `${place.name}, ${state?.[this.lang] ?? place.state}`
    const heading = code ? this.fill(code.kind === 'zip' ? this.copy.zipHeading : this.copy.postalHeading, { code: code.code, place: long }) : long
    const city = cityOfPlace(data, place)
    if (city) return { heading, status: this.fill(this.copy.foundCity, { place: long, name: city.name }), city, nearest: [] }
    const nearest = nearestCities(data, place, NEAREST)
    const first = nearest[0]
    const status = first
      ? this.fill(this.copy.found, { place: long, city: this.cityLabel(first.city), distance: this.distance(first.km, undefined, state?.country) })
      : heading
    const short = `${place.name}, ${place.state}${code ? ` ${code.code}` : ''}`
    return { heading, status, place: { short, name: place.name, country: state?.country ?? 'US' }, nearest }
  }

  private codeAnswer(code: FinderCode, kind: 'zip' | 'postal'): Answer {
    return this.placeAnswer({ name: code.name, key: '', state: code.state, size: 0, lat: code.lat, lon: code.lon }, { code: code.code, kind })
  }

  // --- the page

  private show(view: View, focus = false) {
    const doc = this.doc
    const item = (child: HTMLElement) => {
      const li = doc.createElement('li')
      li.append(child)
      return li
    }
    this.answerBox.replaceChildren()
    this.answerBox.hidden = view.kind !== 'answer'
    if (view.kind === 'status') {
      this.list.replaceChildren()
      this.status.textContent = view.text
    } else if (view.kind === 'list') {
      this.list.replaceChildren(...view.matches.slice(0, SHOWN).map((match) => item(this.resultOf(match, view))))
      this.status.textContent = view.status
    } else if (view.kind === 'suggest') {
      this.list.replaceChildren(
        ...view.suggestions.map((s) =>
          item(
            this.button(s.label, () => {
              this.input.value = s.query
              void this.update().then(() => this.focusables()[0]?.focus())
            }),
          ),
        ),
      )
      this.status.textContent = view.status
    } else {
      this.list.replaceChildren()
      this.answerBox.append(...this.answerOf(view.answer, view.back))
      this.status.textContent = view.answer.status
      if (focus) this.answerBox.querySelector<HTMLElement>('h3')?.focus()
    }
  }

  /** A result: a city with pages links its hub; another place is a button that answers it. */
  private resultOf(match: Match, list: View): HTMLElement {
    if (match.kind === 'city') {
      const { city, via } = match
      const state = this.finder!.data.states.get(city.state)
      const link = this.cityLink(city, '', RESULT)
      const english = this.hub(city).english ? this.copy.englishOnly : ''
      link.replaceChildren(
        this.line(`${city.name}, ${state?.[this.lang] ?? city.state}`, NAME),
        this.line(`${via ? this.fill(this.copy.viaNote, { via }) : this.copy.cityNote}${english}`, NOTE),
      )
      return link
    }
    const { place } = match
    const state = this.finder!.data.states.get(place.state)
    const button = this.button('', () => this.show({ kind: 'answer', answer: this.placeAnswer(place), back: list }, true))
    button.append(this.line(`${place.name}, ${state?.[this.lang] ?? place.state}`, NAME))
    const [near] = nearestCities(this.finder!.data, place, 1)
    if (near)
      button.append(
        this.line(this.fill(this.copy.nearest, { city: this.cityLabel(near.city), distance: this.distance(near.km, undefined, state?.country) }), NOTE),
      )
    return button
  }

  /** A line of a result. */
  private line(text: string, className: string): HTMLSpanElement {
    const span = this.doc.createElement('span')
    span.className = className
    span.textContent = text
    return span
  }

  private answerOf(answer: Answer, back: View | undefined): HTMLElement[] {
    const doc = this.doc
    const heading = doc.createElement('h3')
    heading.tabIndex = -1
    heading.className = 'text-xl font-bold text-slate-900'
    heading.textContent = answer.heading
    const lead = doc.createElement('p')
    lead.className = 'mt-2 text-slate-800'
    const links = doc.createElement('ul')
    links.className = 'mt-2 space-y-1'
    const parts: HTMLElement[] = [heading, lead, links]
    let quote: URLSearchParams
    let quoteText: string
    if (answer.city) {
      const { city } = answer
      lead.textContent = this.fill(this.copy.cityLead, { name: city.name })
      links.append(this.listItem(this.cityLink(city, this.fill(this.copy.cityPage, { name: city.name }), LINK)))
      quote = new URLSearchParams({ [PLACE_PARAMS.city]: city.slug, [PLACE_PARAMS.cityName]: this.quoteName(city) })
      quoteText = this.fill(this.copy.quoteFor, { name: city.name })
    } else {
      lead.textContent = answer.place ? this.fill(this.copy.placeLead, { name: answer.place.name }) : this.copy.nearLead
      for (const { city, km } of answer.nearest) {
        const li = this.listItem(this.cityLink(city, this.cityLabel(city), LINK))
        li.append(` · ${this.distance(km, answer.place ? undefined : city, answer.place?.country)}`)
        links.append(li)
      }
      const first = answer.nearest[0]
      if (answer.place && first) {
        quote = new URLSearchParams({
          [PLACE_PARAMS.place]: answer.place.short,
          [PLACE_PARAMS.near]: first.city.slug,
          [PLACE_PARAMS.nearKm]: first.km.toFixed(1),
        })
        quoteText = this.fill(this.copy.quoteFor, { name: answer.place.name })
      } else if (first) {
        // The visitor's position stays in the browser: the quote names the nearest city only.
        quote = new URLSearchParams({ [PLACE_PARAMS.city]: first.city.slug, [PLACE_PARAMS.cityName]: this.quoteName(first.city) })
        quoteText = this.fill(this.copy.quoteNear, { name: first.city.name })
      } else {
        quote = new URLSearchParams()
        quoteText = this.fill(this.copy.quoteFor, { name: answer.place?.name ?? '' })
      }
    }
    const action = doc.createElement('p')
    action.className = 'mt-4'
    const link = doc.createElement('a')
    link.href = `${this.form.dataset.quote}${quote.size > 0 ? `?${quote.toString()}` : ''}`
    link.className = 'inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800'
    link.textContent = quoteText
    link.dataset.cityFinderQuote = ''
    action.append(link)
    parts.push(action)
    if (back?.kind === 'list') {
      const again = doc.createElement('p')
      again.className = 'mt-3'
      again.append(this.button(this.fill(this.copy.back, { n: back.matches.length }), () => this.show(back, false), BACK))
      parts.push(again)
    }
    return parts
  }

  // --- pieces

  /** A city's hub in the page's language, or in English for a city without French pages (and the link says so). */
  private hub(city: ServedCity): { href: string; english: boolean } {
    const english = this.lang === 'fr' && !city.french
    const pattern = english ? this.form.dataset.hubEn! : this.form.dataset.hub!
    return { href: pattern.replace('{slug}', city.slug), english }
  }

  private cityLink(city: ServedCity, text: string, className: string): HTMLAnchorElement {
    const { href, english } = this.hub(city)
    const link = this.doc.createElement('a')
    link.href = href
    link.className = className
    link.textContent = `${text}${english ? this.copy.englishOnly : ''}`
    if (english) link.hreflang = 'en'
    return link
  }

  private button(text: string, onClick: () => void, className = RESULT): HTMLButtonElement {
    const button = this.doc.createElement('button')
    button.type = 'button'
    button.className = className
    button.textContent = text
    button.addEventListener('click', onClick)
    return button
  }

  private listItem(child: HTMLElement): HTMLLIElement {
    const li = this.doc.createElement('li')
    li.append(child)
    return li
  }

  /** "Billings, MT" */
  private cityLabel(city: ServedCity): string {
    return `${city.name}, ${city.state}`
  }

  /** The name a quote page says "for": the city's, with its state where a namesake has pages too (its slug says so). */
  private quoteName(city: ServedCity): string {
    return city.slug === slugify(city.name) ? city.name : `${city.name}, ${city.state}`
  }

  /**
   * A distance in the page's unit: miles for US places on English pages, km for Canadian places and on French pages
   * (for the visitor's position, the country of the city it is measured to).
   */
  private distance(km: number, to?: ServedCity, country?: 'US' | 'CA'): string {
    const unit = unitFor(this.lang, country ?? (to ? this.finder!.data.states.get(to.state)?.country : undefined))
    return this.fill(this.copy[unit], { n: distanceIn(km, unit) })
  }

  private fill(template: string, values: Record<string, string | number>): string {
    return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''))
  }
}

/** A part of the index; a failed answer is an error (the finder says the list could not be loaded). */
async function fetched(url: string): Promise<Response> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  return response
}

const RESULT =
  'block w-full rounded-lg border border-slate-200 bg-white px-4 py-2 text-left font-semibold text-brand-700 hover:border-brand-600 hover:underline'
const NAME = 'block font-semibold text-brand-700'
const NOTE = 'block text-sm font-normal text-slate-700'
const LINK = 'font-semibold text-brand-700 underline'
const BACK = 'font-semibold text-brand-700 underline'
