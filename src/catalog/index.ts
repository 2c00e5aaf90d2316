import { statSync } from 'node:fs'
import path from 'node:path'
import { loadCityRows, REGION_NAMES, type CityRow } from './cities'
import { DataError, newLoadNotes } from './errors'
import { loadServices, SERVICE_SLUGS, type Service } from './services'
import { loadSite, type Site } from './site'
import { assignPublishedSlugs, cityRedirects, readSlugRecord, SLUG_RECORD_FILE, type CityRedirect, type SlugChanges, type SlugRecordRow } from './publishedSlugs'
import { slugify, type SlugCollision } from '../urls/slugs'
import type { RouteContext } from '../urls/routes'

export type { Service, Site }
export { DataError }

export interface City {
  name: string
  state: string
  country: 'US' | 'CA'
  population: number
  slug: string
  /** The name shown on pages: the plain name, or "Name, ST" when several cities share the name. */
  displayName: string
  /** "Idaho", "Quebec": the state or province written out. */
  regionName: string
  /** Line of data/cities.csv the city comes from. */
  line: number
}

/** Everything the pages are made from: validated, cross-checked, in display order. */
export interface Catalogue {
  /** The validated data files it was assembled from. */
  inputs: CatalogueInputs
  site: Site
  /** The 16 services in catalogue order. */
  services: Service[]
  serviceBySlug: ReadonlyMap<string, Service>
  /** Header alias slug → catalogue slug. */
  aliases: Readonly<Record<string, string>>
  /** The quote form choice that each service preselects. */
  quoteChoiceOf: Readonly<Record<string, string>>
  /** Cities by population, largest first ("the first 8 / 24 cities" of the spec). */
  cities: City[]
  cityBySlug: ReadonlyMap<string, City>
  /** Cities of each state or province (key `US-ID`), largest first. */
  citiesByRegion: ReadonlyMap<string, City[]>
  collisions: SlugCollision[]
  routeContext: RouteContext
  /** Notes that do not stop the build (a file read as Windows-1252...), each saying what to do. */
  warnings: string[]
  /** How each data file was read: file → "UTF-8, values separated by commas". */
  fileFormats: ReadonlyMap<string, string>
  /** The published-slugs record (src/catalog/publishedSlugs.ts) as this data leaves it. */
  publishedSlugs: {
    /** Path of data/city-slugs.csv. */
    file: string
    /** The rows the build writes there. */
    record: SlugRecordRow[]
    /** What this data changes compared with the committed record. */
    changes: SlugChanges
    /** Old slugs whose URLs redirect. */
    redirects: CityRedirect[]
  }
}

export const DATA_FILES = { cities: 'cities.csv', services: 'services.yaml', site: 'site.yaml' } as const

/** The data files, each read and validated on its own: plain data that can be handed to a worker thread. */
export interface CatalogueInputs {
  site: Site
  services: Service[]
  cityRows: CityRow[]
  /** The published-slugs record (data/city-slugs.csv), or null before the first build writes it. */
  slugRecord: SlugRecordRow[] | null
  /** How the files are named in messages (`data/cities.csv`). */
  fileNames: Record<keyof typeof DATA_FILES | 'slugRecord', string>
  /** The absolute path of the record file. */
  slugRecordPath: string
  /** Notes that do not stop the build, and how each file was read. */
  warnings: string[]
  fileFormats: ReadonlyMap<string, string>
}

/** Reads and validates each data file; throws a DataError listing every problem of every file. */
export function readCatalogueInputs(dataDir = path.resolve('data')): CatalogueInputs {
  const display = (file: string) => path.relative(process.cwd(), path.join(dataDir, file)) || file
  const fileNames = { cities: display(DATA_FILES.cities), services: display(DATA_FILES.services), site: display(DATA_FILES.site), slugRecord: display(SLUG_RECORD_FILE) }
  const problems: string[] = []
  const notes = newLoadNotes()
  const attempt = <T>(load: () => T): T | undefined => {
    try {
      return load()
    } catch (error) {
      if (error instanceof DataError) problems.push(...error.problems)
      else throw error
      return undefined
    }
  }
  const site = attempt(() => loadSite(path.join(dataDir, DATA_FILES.site), fileNames.site, notes))
  const services = attempt(() => loadServices(path.join(dataDir, DATA_FILES.services), fileNames.services, notes))
  const cityRows = attempt(() => loadCityRows(path.join(dataDir, DATA_FILES.cities), fileNames.cities, notes))
  const slugRecordPath = path.join(dataDir, SLUG_RECORD_FILE)
  const slugRecord = attempt(() => readSlugRecord(slugRecordPath, fileNames.slugRecord))
  if (!site || !services || !cityRows || slugRecord === undefined) throw new DataError(problems)
  return { site, services, cityRows, slugRecord, fileNames, slugRecordPath, warnings: notes.warnings, fileFormats: notes.formats }
}

/** The catalogue of validated inputs: cross-file rules, slugs, display order and lookups. Throws a DataError. */
export function assembleCatalogue(inputs: CatalogueInputs): Catalogue {
  const { site, services, cityRows, slugRecord, fileNames } = inputs
  const problems: string[] = []
  const quoteChoiceOf = matchQuoteChoices(services, site, fileNames, problems)
  const { cities, collisions, assignment } = buildCities(cityRows, slugRecord, fileNames.cities, problems)
  if (problems.length > 0) throw new DataError(problems)

  const aliases = Object.fromEntries(services.flatMap((s) => (s.alias ? [[s.alias, s.slug]] : [])))
  const cityBySlug = new Map(cities.map((c) => [c.slug, c]))
  return {
    inputs,
    site,
    services,
    serviceBySlug: new Map(services.map((s) => [s.slug, s])),
    aliases,
    quoteChoiceOf,
    cities,
    cityBySlug,
    citiesByRegion: groupBy(cities, regionKey),
    collisions,
    routeContext: { serviceSlugs: SERVICE_SLUGS, aliases, hasCity: (slug) => cityBySlug.has(slug) },
    warnings: inputs.warnings,
    fileFormats: inputs.fileFormats,
    publishedSlugs: { file: inputs.slugRecordPath, record: assignment.record, changes: assignment.changes, redirects: cityRedirects(assignment.record) },
  }
}

export function loadCatalogue(dataDir = path.resolve('data')): Catalogue {
  return assembleCatalogue(readCatalogueInputs(dataDir))
}

function matchQuoteChoices(services: Service[], site: Site, fileNames: CatalogueInputs['fileNames'], problems: string[]) {
  const result: Record<string, string> = {}
  for (const service of services) {
    const matches = site.quoteServiceChoices.filter((choice) => choice.startsWith(service.title))
    if (matches.length === 1) result[service.slug] = matches[0]!
    else {
      problems.push(
        `${fileNames.site}, quoteServiceChoices: expected exactly one choice starting with "${service.title}" (the title of services.${service.slug} in ${fileNames.services}), found ${matches.length}`,
      )
    }
  }
  return result
}

function buildCities(rows: CityRow[], record: SlugRecordRow[] | null, file: string, problems: string[]) {
  const sorted = [...rows].sort(
    (a, b) => b.population - a.population || a.name.localeCompare(b.name, 'en') || a.state.localeCompare(b.state),
  )
  const assignment = assignPublishedSlugs(sorted, record, file)
  problems.push(...assignment.problems)
  // Cities of the same name are shown with their state ("Springfield, IL"), so that titles stay distinct.
  const sameName = new Map<string, number>()
  for (const row of sorted) sameName.set(slugify(row.name), (sameName.get(slugify(row.name)) ?? 0) + 1)
  const cities: City[] = sorted.map((row, i) => ({
    ...row,
    slug: assignment.slugs[i]!,
    displayName: sameName.get(slugify(row.name))! > 1 ? `${row.name}, ${row.state}` : row.name,
    regionName: REGION_NAMES[row.country][row.state]!,
  }))
  return { cities, collisions: assignment.collisions, assignment }
}

/** Where a text names no city (the general service page), {city} reads as this. */
export const NO_CITY = 'your area'

/** SPEC: {city} is replaced by the city's name wherever it appears. */
export function withCity(text: string, city: City | null): string {
  return text.replaceAll('{city}', city ? city.displayName : NO_CITY)
}

export const regionKey = (city: Pick<City, 'country' | 'state'>) => `${city.country}-${city.state}`

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item])
  return groups
}

let cached: { catalogue: Catalogue; stamp: string } | undefined
/**
 * The catalogue of the project's own data folder, loaded once per process and again after a data file changes
 * (so that `vike dev` shows a data edit on the next request).
 */
export function getCatalogue(): Catalogue {
  const dataDir = path.resolve('data')
  const stamp = [...Object.values(DATA_FILES), SLUG_RECORD_FILE]
    .map((file) => statSync(path.join(dataDir, file), { throwIfNoEntry: false })?.mtimeMs ?? 0)
    .join(' ')
  if (cached?.stamp !== stamp) cached = { catalogue: loadCatalogue(dataDir), stamp }
  return cached.catalogue
}
