/**
 * Loads the quote form's code only when it is needed: when a form nears the viewport, or is
 * focused or touched. Until then the form is plain HTML; its inputs are uncontrolled, so what
 * a visitor types before the code arrives is kept. A submit before then waits for the code; if the
 * code fails to load, or has not taken over the form within FALLBACK_MS, the browser posts the form
 * itself (the function answers a plain post with the thank-you page), so the request is never lost.
 */
export const FALLBACK_MS = 6_000

export function loadQuoteFormWhenNeeded(doc: Document = document): void {
  const islands = [...doc.querySelectorAll<HTMLElement>('[data-quote-island]')]
  if (islands.length === 0) return
  let loading: Promise<void> | undefined
  const load = () =>
    (loading ??= import('./quoteFormIsland').then((m) => {
      observer?.disconnect()
      return m.mountQuoteForms(islands)
    }))

  // Loading early is an optimisation: a failure here is handled when the form is sent.
  const preload = () => void load().catch(() => undefined)

  const observer = 'IntersectionObserver' in window ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && preload(), { rootMargin: '300px' }) : undefined
  for (const island of islands) {
    observer?.observe(island)
    island.addEventListener('focusin', preload, { once: true })
    island.addEventListener('pointerdown', preload, { once: true })
    const form = island.querySelector('form')
    let postedNatively = false
    form?.addEventListener('submit', (event) => {
      if (form.dataset.ready || postedNatively) return
      event.preventDefault()
      // The browser validated the fields before this event; submit() posts them without another event.
      const postNatively = () => {
        if (form.dataset.ready || postedNatively) return
        postedNatively = true
        form.submit()
      }
      const timer = setTimeout(postNatively, FALLBACK_MS)
      load().then(
        () => {
          clearTimeout(timer)
          if (!postedNatively) form.requestSubmit()
        },
        () => {
          clearTimeout(timer)
          postNatively()
        },
      )
    })
  }
  if (!observer) preload()
}
