import { z } from 'zod'
import type { LoadNotes } from './errors'
import { loadYaml } from './yamlFile'

/** An optional field left empty in the YAML (`founded:`) is absent: the pages show nothing for it. */
const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined)
const name = z.string().trim().min(1)

const Testimonial = z
  .strictObject({
    name,
    company: name,
    location: name,
    text: name,
    /** Number of stars; docs/spec.md §9: all four are rated 5. */
    rating: z.number().int().min(1).max(5),
    /** The language the client wrote it in: the other language's pages say it was translated. */
    lang: z.enum(['en', 'fr'], { error: (i) => `expected en or fr (the language the client wrote it in), got ${JSON.stringify(i.input)}` }),
    /** Where the review was published (Google, Yelp, a letter on file…), shown under it; empty: nothing shown. */
    source: optional(name),
    /** The review's public address, linked from its source. */
    sourceUrl: optional(z.url({ protocol: /^https$/, error: 'expected an https:// address' })),
    /**
     * The URL slug of the served city the client is in (`plano`): the testimonial is shown on that city's hub and pages
     * (not on the home page), what no other city's pages have (docs/staff-guide.md, "Which pages search engines index").
     */
    city: optional(z.string().trim().toLowerCase()),
    /** A city's testimonial on its French pages: the text in French (without it, the French pages do not show it). */
    text_fr: optional(name),
  })
  .refine((t) => !t.sourceUrl || t.source, { path: ['sourceUrl'], message: 'a review address needs its source (source: Google)' })

/** What the company states that a professional buyer checks (docs/staff-guide.md, "What a buyer checks"). Nothing here is shown unless filled in. */
const Trust = z.strictObject({
  /** The year the company was founded, e.g. 2009. */
  founded: optional(z.number().int().min(1800).max(new Date().getFullYear(), 'must not be in the future')),
  insurance: optional(
    z.strictObject({
      /** General liability coverage per occurrence, in whole dollars, with its currency: { amount: 2000000, currency: USD }. */
      liability: optional(z.strictObject({ amount: z.number().int().positive(), currency: z.enum(['USD', 'CAD']) })),
      /** true: the company is bonded (a janitorial or fidelity bond). */
      bonded: optional(z.boolean()),
    }),
  ),
  /** Licenses the company holds: what the license is, who issued it, its number. */
  licenses: optional(z.array(z.strictObject({ name, nameFr: optional(name), issuer: name, number: name }))),
  /** Certifications of the company itself (not of the products it uses): the standard or program, the body that certifies, the number. */
  certifications: optional(z.array(z.strictObject({ name, nameFr: optional(name), body: name, number: name }))),
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
  /** Insurance, bonding, licenses, certifications, founding year: shown where set, nothing where empty. */
  trust: Trust.default({ founded: undefined, insurance: undefined, licenses: undefined, certifications: undefined }),
  /** docs/spec.md §9: exactly 4 testimonials on the home page; any number more for one city each (`city`). */
  testimonials: z
    .array(Testimonial)
    .refine((list) => list.filter((t) => !t.city).length === 4, 'expected exactly 4 testimonials without a city (the home page shows them)'),
  /** docs/spec.md §3: the 17 service choices of the quote form, in order, "Other" last. */
  quoteServiceChoices: choices('Other'),
  /**
   * Search engines (docs/staff-guide.md, "Which pages search engines index"): `threshold`, the similarity (0–1) from
   * which a city page counts as a near duplicate of another city's and is kept out of the index; `reach`, how far from a
   * city its hub lists the towns and codes nearest to it (miles for US cities, km for Canadian ones).
   */
  searchIndex: z
    .strictObject({
      threshold: z.number().gt(0).lt(1).default(0.7),
      reach: z.strictObject({ mi: z.number().positive().max(300).default(60), km: z.number().positive().max(500).default(100) }).default({ mi: 60, km: 100 }),
    })
    .default({ threshold: 0.7, reach: { mi: 60, km: 100 } }),
  /**
   * How far a city's pages look for its "Nearest served cities" (miles for US cities, km for Canadian ones), straight-line:
   * the served cities within it, or, when none is, the three nearest, said to be far (twice the hubs' reach by default).
   */
  nearby: z.strictObject({ mi: z.number().positive().max(1000).default(120), km: z.number().positive().max(1600).default(200) }).default({ mi: 120, km: 200 }),
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
    /** The home page's testimonials' texts in French, in the same order (name, company and location are the same). */
    testimonials: z
      .array(z.strictObject({ text: z.string().trim().min(1) }))
      .length(4, 'expected exactly 4 testimonials, as in the English list (those without a city)'),
  }),
})

export type Site = z.output<typeof SiteSchema>
export type Trust = z.output<typeof Trust>

export function loadSite(file: string, displayName = file, notes?: LoadNotes): Site {
  return loadYaml(file, SiteSchema, displayName, notes)
}
