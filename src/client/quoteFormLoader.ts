/** How long a submit waits for the form's code before the form is posted without it. */
export const CODE_WAIT_MS = 4000

/**
 * Loads the quote form's code only when it is needed: when a form nears the viewport, or is
 * focused or touched. Until then the form is plain HTML; its inputs are uncontrolled, so what
 * a visitor types before the code arrives is kept. A submit before then waits for the code, and
 * if the code does not come (blocked, a broken connection), the browser posts the form itself
 * (method="post" to the function), so the request is sent either way.
 */
export function loadQuoteFormWhenNeeded(doc: Document = document): void {
  const islands = [...doc.querySelectorAll<HTMLElement>('[data-quote-island]')]
  if (islands.length === 0) return
  let loading: Promise<void> | undefined
  /** Forms whose submit waits for the code. */
  const waiting = new WeakSet<HTMLFormElement>()
  const load = () =>
    (loading ??= import('./quoteFormIsland').then((m) => {
      observer?.disconnect()
      return m.mountQuoteForms(islands)
    }))

  const start = () => void load()
  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), { rootMargin: '300px' })
      : undefined
  for (const island of islands) {
    observer?.observe(island)
    island.addEventListener('focusin', start, { once: true })
    island.addEventListener('pointerdown', start, { once: true })
    island.querySelector('form')?.addEventListener('submit', (event) => {
      const form = event.currentTarget as HTMLFormElement
      // The island's own handler takes the submit once it has taken the form over (it sets data-ready, an empty
      // attribute: tested for as an attribute, since its dataset value '' is falsy), and a form being posted goes on.
      if (form.hasAttribute('data-ready') || form.hasAttribute('data-posting')) return
      event.preventDefault()
      // A second tap while the code is on its way: the one submit after it comes is enough.
      if (waiting.has(form)) return
      waiting.add(form)
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), CODE_WAIT_MS))
      const post = () => {
        // The code did not come: send the form the way a browser without JavaScript does.
        form.setAttribute('data-posting', 'true')
        form.submit()
      }
      Promise.race([load(), timeout]).then(
        () => {
          waiting.delete(form)
          // Submitted again, now to the island; a form the code did not take over is posted instead, never submitted
          // to this listener again (which would wait for the code once more, without end).
          if (form.hasAttribute('data-ready')) form.requestSubmit()
          else post()
        },
        () => {
          waiting.delete(form)
          post()
        },
      )
    })
  }
  if (!observer) void load()
}
