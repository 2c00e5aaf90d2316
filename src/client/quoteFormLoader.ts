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
      if (form.dataset.ready || form.dataset.posting) return
      event.preventDefault()
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), CODE_WAIT_MS))
      Promise.race([load(), timeout]).then(
        () => form.requestSubmit(),
        () => {
          // The code did not come: send the form the way a browser without JavaScript does.
          form.dataset.posting = 'true'
          form.submit()
        },
      )
    })
  }
  if (!observer) void load()
}
