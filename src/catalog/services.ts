import { z } from 'zod'
import { checkCityCopy } from './cityCopy'
import type { LoadNotes } from './errors'
import { loadYaml } from './yamlFile'

/** docs/spec.md §3: the 16 catalogue slugs, in catalogue order (cards, menus and footer follow it). */
export const SERVICE_SLUGS = [
  'strip-wax',
  'routine-janitorial',
  'deep-cleaning',
  'office-cleaning',
  'medical-cleaning',
  'green-cleaning',
  'pressure-washing',
  'window-cleaning',
  'hardwood-floor-care',
  'move-in-move-out-cleaning',
  'apartment-turnaround-cleaning',
  'day-porter',
  'post-construction-cleanup',
  'disinfecting',
  'commercial-carpet-cleaning',
  'carpet-restoration',
] as const

const text = z.string().trim().min(1, 'must not be empty')

function exactly<T extends z.ZodType>(count: number, item: T) {
  return z.array(item).superRefine((items, ctx) => {
    if (items.length !== count) ctx.addIssue({ code: 'custom', message: `expected ${count} items, found ${items.length}` })
  })
}

const withCity = text.refine((s) => s.includes('{city}'), 'must contain the {city} placeholder')

/** The copy of a service, in either language: the same rules for both (docs/architecture.md, "French pages"). */
const serviceCopy = {
  title: text,
  subtitle: text,
  /** One emoji shown on cards and the service page. */
  icon: text.max(16, 'must be a single emoji'),
  description: text,
  /** Shown on city pages with {city} replaced; its first 160 characters are the page's meta description (docs/spec.md §9). */
  localDescription: withCity,
  benefits: exactly(6, text),
  process: exactly(5, text),
  faqs: exactly(5, z.strictObject({ question: text, answer: text })),
  seoKeywords: exactly(4, text),
}

/**
 * On the English pages of Canadian cities, the US rules and bodies the copy cites read as Canada's: each `us` phrase of
 * the service's copy becomes `ca`, or `qc` on the pages of Québec's cities (docs/staff-guide.md, "Rules and bodies by
 * country"). Applied in order, so a longer phrase goes before a shorter one it contains.
 */
const CanadianWording = z.array(z.strictObject({ us: text, ca: text, qc: text.optional() }))

const ServiceSchema = z
  .strictObject({
    ...serviceCopy,
    /** The header menu's slug for this service (docs/spec.md §2), e.g. move-in-out. */
    alias: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens')
      .optional(),
    canada: CanadianWording.optional(),
  })
  .superRefine((service, ctx) => {
    const { canada, ...copy } = service
    checkCityCopy(copy, 'en', ctx)
    const all = JSON.stringify(copy)
    canada?.forEach((w, i) => {
      if (!all.includes(w.us))
        ctx.addIssue({ code: 'custom', path: ['canada', i, 'us'], message: `"${w.us}" is not in this service's copy: nothing to replace` })
    })
  })

const ServicesFileSchema = z.strictObject({
  services: z.record(z.string(), ServiceSchema).superRefine((services, ctx) => {
    for (const slug of Object.keys(services)) {
      if (!(SERVICE_SLUGS as readonly string[]).includes(slug)) {
        ctx.addIssue({ code: 'custom', path: [slug], message: `unknown service slug "${slug}"; the 16 slugs are: ${SERVICE_SLUGS.join(', ')}` })
      }
    }
    for (const slug of SERVICE_SLUGS) {
      if (!(slug in services)) ctx.addIssue({ code: 'custom', message: `service "${slug}" is missing` })
    }
    const aliasOwners = new Map<string, string>()
    for (const [slug, service] of Object.entries(services)) {
      if (!service.alias) continue
      if ((SERVICE_SLUGS as readonly string[]).includes(service.alias)) {
        ctx.addIssue({ code: 'custom', path: [slug, 'alias'], message: `"${service.alias}" is already a service slug` })
      }
      const owner = aliasOwners.get(service.alias)
      if (owner) ctx.addIssue({ code: 'custom', path: [slug, 'alias'], message: `"${service.alias}" is already the alias of ${owner}` })
      aliasOwners.set(service.alias, slug)
    }
  }),
})

export type ServiceSlug = (typeof SERVICE_SLUGS)[number]
export type Service = z.output<typeof ServiceSchema> & { slug: ServiceSlug }

/** Loads data/services.yaml and returns the services in catalogue order. */
export function loadServices(file: string, displayName = file, notes?: LoadNotes): Service[] {
  const { services } = loadYaml(file, ServicesFileSchema, displayName, notes)
  return SERVICE_SLUGS.map((slug) => ({ ...services[slug]!, slug }))
}

/** A service in French: the same copy and rules, and its French URL slug (`/fr/services/decapage-et-cirage`). */
const FrenchServiceSchema = z
  .strictObject({
    /** Lowercase ASCII words joined by hyphens, no accents; unique among the services. */
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase letters and digits (no accents) joined by hyphens'),
    ...serviceCopy,
  })
  .superRefine((service, ctx) => checkCityCopy(service, 'fr', ctx))

const FrenchServicesFileSchema = z.strictObject({
  services: z.record(z.string(), FrenchServiceSchema).superRefine((services, ctx) => {
    for (const slug of Object.keys(services)) {
      if (!(SERVICE_SLUGS as readonly string[]).includes(slug)) {
        ctx.addIssue({
          code: 'custom',
          path: [slug],
          message: `unknown service "${slug}": the keys are the English slugs of services.yaml (${SERVICE_SLUGS.join(', ')})`,
        })
      }
    }
    for (const slug of SERVICE_SLUGS) {
      if (!(slug in services))
        ctx.addIssue({ code: 'custom', message: `service "${slug}" is missing: every service of services.yaml needs its French copy here` })
    }
    const owners = new Map<string, string>()
    for (const [key, service] of Object.entries(services)) {
      const owner = owners.get(service.slug)
      if (owner) ctx.addIssue({ code: 'custom', path: [key, 'slug'], message: `"${service.slug}" is already the slug of ${owner}` })
      owners.set(service.slug, key)
    }
  }),
})

export type FrenchService = z.output<typeof FrenchServiceSchema>

/** Loads data/services.fr.yaml: the French copy of each service, by catalogue slug. */
export function loadFrenchServices(file: string, displayName = file, notes?: LoadNotes): Record<ServiceSlug, FrenchService> {
  return loadYaml(file, FrenchServicesFileSchema, displayName, notes).services
}
