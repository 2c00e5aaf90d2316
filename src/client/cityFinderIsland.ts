import { cityIndex, findCities, fold, MIN_LETTERS, type FinderCity } from './cityMatch'

/** How many matching cities the finder lists at most. */
const SHOWN = 10

/**
 * The city finder (docs/architecture.md, "The directory's city finder"): as the visitor types, it lists the matching cities as
 * links to their hubs and says how many match in a status line (read by screen readers). Its index is the page's own A–Z list.
 * Keys: ↓ from the input goes to the first city, ↑ ↓ move between cities, ↑ from the first (or Escape) goes back to the
 * input, Enter follows the city's link (in the input: the first city's).
 */
export function mountCityFinder(form: HTMLFormElement, doc: Document = document): void {
  if (form.dataset.ready) return
  form.dataset.ready = 'true'
  const input = form.querySelector('input')!
  const status = form.querySelector<HTMLElement>('[data-city-finder-status]')!
  const list = form.querySelector<HTMLElement>('[data-city-finder-results]')!
  const cities: FinderCity[] = []
  for (const group of doc.querySelectorAll<HTMLElement>('[data-city-index] [data-state]')) {
    for (const link of group.querySelectorAll('a')) {
      cities.push({
        name: link.textContent,
        state: group.dataset.state!,
        stateName: group.dataset.stateName!,
        href: link.getAttribute('href')!,
        rank: Number(link.dataset.rank),
      })
    }
  }
  const index = cityIndex(cities)
  const message = (key: string, values: Record<string, string | number>) =>
    (form.dataset[key] ?? '').replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''))

  const links = () => [...list.querySelectorAll('a')]
  const update = () => {
    const typed = input.value.trim()
    const found = findCities(index, typed)
    list.replaceChildren(
      ...found.slice(0, SHOWN).map((city) => {
        const item = doc.createElement('li')
        const link = doc.createElement('a')
        link.href = city.href
        link.textContent = `${city.name}, ${city.stateName}`
        link.className = 'block rounded-lg border border-slate-200 bg-white px-4 py-2 font-semibold text-brand-700 hover:underline'
        item.append(link)
        return item
      }),
    )
    if (found.length === 0) status.textContent = fold(typed).replace(/ /g, '').length < MIN_LETTERS ? '' : message('none', { q: typed })
    else if (found.length === 1) status.textContent = message('one', {})
    else status.textContent = message(found.length > SHOWN ? 'more' : 'many', { n: found.length, shown: SHOWN })
  }

  input.addEventListener('input', update)
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' && links()[0]) {
      event.preventDefault()
      links()[0]!.focus()
    }
  })
  list.addEventListener('keydown', (event) => {
    const all = links()
    const at = all.indexOf(event.target as HTMLAnchorElement)
    if (at === -1) return
    if (event.key === 'ArrowDown' && at < all.length - 1) all[at + 1]!.focus()
    else if (event.key === 'ArrowUp') (at === 0 ? input : all[at - 1]!).focus()
    else if (event.key === 'Escape') input.focus()
    else return
    event.preventDefault()
  })
  // Enter in the input: the first city; with none, the form leads to the A–Z list as it does without JavaScript.
  form.addEventListener('submit', (event) => {
    const first = links()[0]
    if (!first) return
    event.preventDefault()
    location.assign(first.href)
  })
  update()
}
