import { z } from 'zod'
import { STATE_NAMES } from './cities'
import { checkCityCopy } from './cityCopy'
import type { LoadNotes } from './errors'
import { SERVICE_SLUGS, type ServiceSlug } from './services'
import { loadYaml } from './yamlFile'

/**
 * data/regions.yaml: climate regions by state and province, and what each climate means for each service
 * (docs/staff-guide.md, "Regions and local details"). City pages show their region's climate, the service's advice for it
 * and its question in the FAQ. Everything in the file must be true of every place of the region.
 */

const text = z.string().trim().min(1, 'must not be empty')

/** For one service: advice for this climate, and one question of the FAQ. */
const RegionServiceSchema = z.strictObject({
  advice: text,
  faq: z.strictObject({ question: text, answer: text }),
})

function everyService<T extends z.ZodType>(item: T) {
  return z.record(z.string(), item).superRefine((services, ctx) => {
    for (const slug of Object.keys(services)) {
      if (!(SERVICE_SLUGS as readonly string[]).includes(slug)) {
        ctx.addIssue({
          code: 'custom',
          path: [slug],
          message: `unknown service "${slug}": the keys are the slugs of services.yaml (${SERVICE_SLUGS.join(', ')})`,
        })
      }
    }
    for (const slug of SERVICE_SLUGS) {
      if (!(slug in services))
        ctx.addIssue({ code: 'custom', message: `service "${slug}" is missing: every region has advice and a question for each of the 16 services` })
    }
  })
}

/** The copy of a region in one language. */
const regionCopy = {
  /** "Desert Southwest": shown on the city pages of the region. */
  name: text,
  /** A few sentences on the climate, true of the whole region. */
  climate: text,
  /** What each season means for cleaning and its scheduling, one or two sentences each. */
  seasons: z.strictObject({ winter: text, spring: text, summer: text, fall: text }),
  services: everyService(RegionServiceSchema),
}

/** `US-TX`, `CA-QC`: a country and a state or province code of src/catalog/cities.ts. */
const PLACE_CODE = /^(US|CA)-[A-Z]{2}$/

const RegionSchema = z
  .strictObject({
    ...regionCopy,
    /** The states and provinces of the region; each code belongs to exactly one region. */
    states: z
      .array(z.string().trim().toUpperCase())
      .min(1, 'must list at least one state or province')
      .superRefine((codes, ctx) => {
        codes.forEach((code, i) => {
          const [country, state] = code.split('-') as ['US' | 'CA', string]
          if (!PLACE_CODE.test(code) || !STATE_NAMES[country]?.[state]) {
            ctx.addIssue({
              code: 'custom',
              path: [i],
              message: `"${code}" is not a state or province: write US- or CA- and its two-letter code, for example US-TX or CA-QC`,
            })
          }
        })
      }),
    /** The region in French: required where the region has cities with French pages (site.yaml, french.provinces). */
    fr: z.strictObject(regionCopy).optional(),
  })
  .superRefine(({ states: _states, fr, ...copy }, ctx) => {
    checkCityCopy(copy, 'en', ctx)
    checkCityCopy(fr, 'fr', ctx, ['fr'])
  })

const RegionsFileSchema = z.strictObject({
  regions: z
    .record(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a region key is lowercase words joined by hyphens'), RegionSchema)
    .superRefine((regions, ctx) => {
      const owner = new Map<string, string>()
      for (const [key, region] of Object.entries(regions)) {
        region.states.forEach((code, i) => {
          const first = owner.get(code)
          if (first)
            ctx.addIssue({
              code: 'custom',
              path: [key, 'states', i],
              message: `${code} is already in region "${first}": each state or province belongs to one region`,
            })
          else owner.set(code, key)
        })
      }
    }),
})

export type RegionService = z.output<typeof RegionServiceSchema>
export const SEASONS = ['winter', 'spring', 'summer', 'fall'] as const
export interface RegionCopy {
  name: string
  climate: string
  seasons: Record<(typeof SEASONS)[number], string>
  services: Record<ServiceSlug, RegionService>
}
export interface ClimateRegion extends RegionCopy {
  /** Its key in data/regions.yaml. */
  key: string
  states: string[]
  fr?: RegionCopy
}

/** Loads data/regions.yaml: the regions, by key, in file order. */
export function loadClimateRegions(file: string, displayName = file, notes?: LoadNotes): ClimateRegion[] {
  const { regions } = loadYaml(file, RegionsFileSchema, displayName, notes)
  return Object.entries(regions).map(([key, region]) => ({ ...(region as Omit<ClimateRegion, 'key'>), key }))
}
