import { z } from 'zod'
import type { LoadNotes } from './errors'
import { loadYaml } from './yamlFile'

const Testimonial = z.strictObject({
  name: z.string().trim().min(1),
  company: z.string().trim().min(1),
  location: z.string().trim().min(1),
  text: z.string().trim().min(1),
  /** Number of stars; docs/spec.md §9: all four are rated 5. */
  rating: z.number().int().min(1).max(5),
})

/** The 17 choices of the quote form, in order, the last one meaning "Other". */
const choices = (other: string) =>
  z
    .array(z.string().trim().min(1))
    .length(17, 'expected exactly 17 choices')
    .refine((c) => c.at(-1) === other, `the last choice must be "${other}"`)
    .refine((c) => new Set(c).size === c.length, 'choices must be distinct')

const SiteSchema = z.strictObject({
  company: z.string().trim().min(1),
  /** The name the header shows where the full one does not fit on one line (phones, and beside the full desktop menu). */
  shortName: z.string().trim().min(1).max(16, 'at most 16 characters, so that it fits a 320 px phone header'),
  email: z.email(),
  phone: z.string().trim().min(7),
  address: z.strictObject({
    street: z.string().trim().min(1),
    city: z.string().trim().min(1),
    region: z.string().trim().length(2),
    postalCode: z.string().trim().min(3),
    country: z.enum(['US', 'CA']),
  }),
  /** Origin used for canonical links: https, no trailing slash. */
  siteUrl: z.url({ protocol: /^https?$/ }).refine((u) => !u.endsWith('/'), 'must not end with "/"'),
  /**
   * The owner asks browsers to preload HTTPS for the domain and all its subdomains (the `preload` of
   * Strict-Transport-Security, then a submission at hstspreload.org): hard to undo, so off unless set to true.
   */
  hstsPreload: z.boolean().default(false),
  /** Path of the logo under public/, e.g. /uploads/logo.svg */
  logo: z.string().startsWith('/'),
  /** Path of the social share image under public/ (1200×630 PNG or JPEG). */
  shareImage: z.string().startsWith('/'),
  blurb: z.string().trim().min(1),
  coverage: z.string().trim().min(1),
  copyrightYear: z.number().int(),
  /** docs/spec.md §9: exactly 4 testimonials. */
  testimonials: z.array(Testimonial).length(4, 'expected exactly 4 testimonials'),
  /** docs/spec.md §3: the 17 service choices of the quote form, in order, "Other" last. */
  quoteServiceChoices: choices('Other'),
  /** The French pages (docs/staff-guide.md, "French pages"): for which provinces' cities, and the company's texts in French. */
  french: z.strictObject({
    /** Two-letter province codes whose cities get French pages (Québec: QC). */
    provinces: z.array(
      z.enum(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'], {
        error: (i) => `expected a Canadian province code such as QC, got ${JSON.stringify(i.input)}`,
      }),
    ),
    blurb: z.string().trim().min(1),
    coverage: z.string().trim().min(1),
    /** The 17 choices in French, in the same order as quoteServiceChoices, "Autre" last. */
    quoteServiceChoices: choices('Autre'),
    /** The testimonials' texts in French, in the same order (name, company and location are the same). */
    testimonials: z.array(z.strictObject({ text: z.string().trim().min(1) })).length(4, 'expected exactly 4 testimonials, as in the English list'),
  }),
})

export type Site = z.output<typeof SiteSchema>
type Testimonial = z.output<typeof Testimonial>

export function loadSite(file: string, displayName = file, notes?: LoadNotes): Site {
  return loadYaml(file, SiteSchema, displayName, notes)
}
