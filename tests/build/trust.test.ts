// Issue 30, items 5 and 6: the committed data/site.yaml states no credential, so no built page shows one; its four
// testimonials are marked as written in English, so only the French pages say they were translated.
import { describe, expect, it } from 'vitest'
import { page, texts } from './dist'

describe('the committed data', () => {
  it('shows no credentials, in either language', () => {
    for (const path of ['/', '/about', '/quote', '/contact', '/services/strip-wax', '/boise-strip-wax', '/fr', '/fr/a-propos', '/fr/soumission']) {
      const built = page(path)
      expect(built.querySelectorAll('[data-trust]'), path).toHaveLength(0)
      expect(built.html, path).not.toMatch(/Our credentials|Nos attestations|In business since|En affaires depuis/)
    }
  })

  it('marks the testimonials as translated on the French home page only', () => {
    expect(texts(page('/'), '[data-translated]')).toEqual([])
    expect(texts(page('/fr'), '[data-translated]')).toEqual(Array(4).fill('Traduit de l’anglais'))
  })
})
