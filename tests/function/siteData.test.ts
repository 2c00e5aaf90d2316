import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SITE_JSON, siteJsonText } from '../../src/quote/functionSite'
import { SiteDataSchema } from '../../supabase/functions/send-contact-email/config'

describe('supabase/functions/_shared/site.json', () => {
  it('matches data/ (run `npx tsx scripts/sync-function-data.ts` after editing it)', () => {
    expect(readFileSync(SITE_JSON, 'utf8')).toBe(siteJsonText())
  })

  it('holds what the function needs: the company, its address, the 17 service choices in both languages and the pages a form post leads to', () => {
    const site = SiteDataSchema.parse(JSON.parse(readFileSync(SITE_JSON, 'utf8')))
    expect(site.quoteServiceChoices.en).toHaveLength(17)
    expect(site.quoteServiceChoices.en.at(-1)).toBe('Other')
    expect(site.quoteServiceChoices.fr).toHaveLength(17)
    expect(site.quoteServiceChoices.fr.at(-1)).toBe('Autre')
    expect(site.pages).toEqual({ thankYou: { en: '/thank-you', fr: '/fr/merci' }, home: { en: '/', fr: '/fr' } })
  })
})
