import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { Remember } from '../build/keptValues'
import type { Lang } from '../i18n/lang'
import { CITY_PREPOSITIONS, NO_CITY } from './cityCopy'
import { loadCityRows, STATE_NAMES, type CityDetails, type CityRow, type Coordinates } from './cities'
import { certificationWarnings, copyTexts } from './claims'
import { DataError, newLoadNotes, type LoadNotes } from './errors'
import { loadFrenchServices, loadServices, SERVICE_SLUGS, type FrenchService, type Service as EnglishService, type ServiceSlug } from './services'
import { loadClimateRegions, type ClimateRegion } from './regions'
import { loadSite, type Site } from './site'
import { readTextFile } from './textFile'
import { timeZoneAt } from './timeZones'
import { slugify, type SlugCollision } from '../slugs/assign'
import { assignPublishedSlugs, type SlugChanges } from '../slugs/changes'
import { committedText, headState, publishedRecord } from '../slugs/committed'
import { parseSlugRecord, readSlugRecord, SLUG_RECORD_FILE, type SlugRecordRow } from '../slugs/record'
import { slugRedirects, type SlugRedirect } from '../slugs/redirects'
import type { RouteContext } from '../urls/routes'
import { loadGazetteer, placesNamed } from '../geo/gazetteer'
import { placeCityRows, type OnlyElsewhere, type Placement } from '../geo/placeCities'
import { foldPlaceName } from '../geo/placeNames'
import { loadPhotos, PHOTOS_DIR, PHOTOS_LIST, type PhotoEntry } from './photos'
import {
  CONTENT_DIR,
  contentFileList,
  loadContent,
  placeContent,
  RETIRED_NOTES_FILE,
  retiredNotesProblem,
  type ContentInputs,
  type SiteContent,
} from './content'
import type { PhotoImage } from '../photos/places'

export type { Site }

/** A service of the catalogue: its English copy, and `fr`, its French copy and French URL slug. */
export type Service = EnglishService & { fr: FrenchService }

/** The other language's name of a service, by which a page links it (its language switch, hreflang): its slug and title. */
export type ServiceName = Pick<FrenchService, 'slug' | 'title'>

/**
 * A service as the pages of one language carry it: a French page the whole service (its French copy, and its English
 * slug and title for the links to its English page), an English page its English copy and the French service's name
 * only, so that an edit of the French copy changes no English page (nor its fingerprint, nor its measure).
 */
export type ShownService = EnglishService & { fr: FrenchService | ServiceName }

/** A service's copy in a page's language: its French copy on a French page (which carries it), else its English copy. */
export function serviceCopy(service: ShownService, lang: Lang): EnglishService | FrenchService {
  if (lang === 'en') return service
  if (!('faqs' in service.fr)) throw new Error(`${service.slug}: a French page was given the service as English pages carry it`)
  return service.fr
}

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
  stateName: string
  /** Line of data/cities.csv the city comes from. */
  line: number
  /** Where it is (its "latitude"/"longitude" cells, else the gazetteer); absent for a city neither places (src/geo/placeCities.ts). */
  coordinates?: Coordinates
  /** Whether the city has French pages: its province is one of site.yaml's `french.provinces`. */
  french: boolean
  /** The key of its climate region in data/regions.yaml (by its state or province). */
  climateRegion: string
  /** Its IANA time zone: the `timezone` cell, else its state's usual one. */
  timeZone: string
  /** The optional cells of its row, when filled in. */
  details: CityDetails
  /** Other names the city finder answers with this city: its "other_names" cell (src/finder/). */
  otherNames?: string[]
  /** The gazetteer's name of its place where it differs ("New York City"): the finder answers it too. */
  gazetteerName?: string
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
  /** The quote form choice that each service preselects, in each language. */
  quoteChoiceOf: Readonly<Record<Lang, Readonly<Record<string, string>>>>
  /** Cities by population, largest first ("the first 8 / 24 cities" of the spec). */
  cities: City[]
  cityBySlug: ReadonlyMap<string, City>
  /** The climate regions of data/regions.yaml, by key. */
  climateRegions: ReadonlyMap<string, ClimateRegion>
  /** Cities of each state or province (key `US-ID`), largest first. */
  citiesByState: ReadonlyMap<string, City[]>
  collisions: SlugCollision[]
  routeContext: RouteContext
  /** Notes that do not stop the build (a file read as Windows-1252...), each saying what to do. */
  warnings: string[]
  /** How each data file was read: file → "UTF-8, values separated by commas". */
  fileFormats: ReadonlyMap<string, string>
  /** The photos of data/photos.yaml by place (`home`, `service:strip-wax`…), with their image once the build made it. */
  photos: ReadonlyMap<string, Photo>
  /** The company's own words about places (content/): cities' and pages' texts, job stories. */
  content: SiteContent
  /** The published-slugs record (src/slugs/) as this data leaves it. */
  publishedSlugs: {
    /** Path of data/city-slugs.csv. */
    file: string
    /** The rows the build writes there. */
    record: SlugRecordRow[]
    /** What this data changes compared with the committed record. */
    changes: SlugChanges
    /** Old slugs whose URLs redirect. */
    redirects: SlugRedirect[]
  }
}

export const DATA_FILES = {
  cities: 'cities.csv',
  services: 'services.yaml',
  servicesFr: 'services.fr.yaml',
  site: 'site.yaml',
  regions: 'regions.yaml',
} as const

/** A photo of data/photos.yaml; `image`: its files, when the build has made them (src/photos/render.ts). */
export type Photo = PhotoEntry & { image?: PhotoImage }

/** The data files, each read and validated on its own: plain data that can be handed to a worker thread. */
export interface CatalogueInputs {
  site: Site
  services: EnglishService[]
  /** data/services.fr.yaml: the French copy of each service. */
  frenchServices: Record<ServiceSlug, FrenchService>
  /** The rows of data/cities.csv, with their coordinates. */
  cityRows: CityRow[]
  /** How the cities were placed (the gazetteer, the coordinate columns). */
  placement: Placement
  /** data/regions.yaml: the climate regions, in file order. */
  climateRegions: ClimateRegion[]
  /**
   * The published-slugs record: the rows of data/city-slugs.csv that git HEAD's has (src/slugs/committed.ts), or the file
   * as it is outside a git checkout; null before the first build writes it.
   */
  slugRecord: SlugRecordRow[] | null
  /** Cities the gazetteer knows only in other states or provinces, without coordinates of their own: refused when new. */
  onlyElsewhere: OnlyElsewhere[]
  /** data/photos.yaml's entries (none without the file). */
  photos: PhotoEntry[]
  /** content/'s files, each read and checked (src/catalog/content.ts). */
  content: ContentInputs
  /** The photos' files as the build made them, by place; absent where they were not made (check:data, vike dev). */
  photoImages?: Readonly<Record<string, PhotoImage>>
  /** How the files are named in messages (`data/cities.csv`). */
  fileNames: Record<keyof typeof DATA_FILES | 'slugRecord' | 'photos' | 'photosDir', string>
  /** The absolute path of the record file. */
  slugRecordPath: string
  /** Notes that do not stop the build, and how each file was read. */
  warnings: string[]
  fileFormats: ReadonlyMap<string, string>
}

/**
 * Reads and validates each data file; throws a DataError listing every problem of every file. With `remember` (the
 * build's kept values, src/build/keptValues.ts), what each file came to (its value, warnings and format) is kept by the
 * file's bytes and read back while they are unchanged: a one-row edit of cities.csv validates only cities.csv again.
 */
export function readCatalogueInputs(dataDir = path.resolve('data'), remember?: Remember): CatalogueInputs {
  const display = (file: string) => path.relative(process.cwd(), path.join(dataDir, file)) || file
  const fileNames = {
    cities: display(DATA_FILES.cities),
    services: display(DATA_FILES.services),
    servicesFr: display(DATA_FILES.servicesFr),
    site: display(DATA_FILES.site),
    regions: display(DATA_FILES.regions),
    slugRecord: display(SLUG_RECORD_FILE),
    photos: display(PHOTOS_LIST),
    photosDir: display(PHOTOS_DIR),
  }
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
  // What loading files came to: computed, or kept from an earlier build whose files had the same bytes. `extra`: what
  // else the result depends on (the year, for a founding year "not in the future").
  const fromFiles = <T>(name: string, files: string[], load: (own: LoadNotes) => T, extra = ''): T => {
    if (!remember) return load(notes)
    // The files' names as messages give them (relative to the working folder) are in the messages kept.
    const bytes = (file: string) => (existsSync(path.join(dataDir, file)) ? readFileSync(path.join(dataDir, file)) : `${file} missing`)
    const inputs = [extra, JSON.stringify(fileNames), ...files.flatMap((file) => [file, bytes(file)])]
    const kept = remember(`data-${name}`, inputs, () => {
      const own = newLoadNotes()
      return { value: load(own), warnings: own.warnings, formats: [...own.formats] }
    })
    notes.warnings.push(...kept.warnings)
    for (const [file, format] of kept.formats) notes.formats.set(file, format)
    return kept.value
  }
  const year = String(new Date().getFullYear())
  const site = attempt(() => fromFiles('site', [DATA_FILES.site], (own) => loadSite(path.join(dataDir, DATA_FILES.site), fileNames.site, own), year))
  const services = attempt(() =>
    fromFiles('services', [DATA_FILES.services], (own) => loadServices(path.join(dataDir, DATA_FILES.services), fileNames.services, own)),
  )
  const frenchServices = attempt(() =>
    fromFiles('services-fr', [DATA_FILES.servicesFr], (own) => loadFrenchServices(path.join(dataDir, DATA_FILES.servicesFr), fileNames.servicesFr, own)),
  )
  // The rows and where each city is (the gazetteer's packages are in the build's code hash).
  const placed = attempt(() =>
    fromFiles('cities', [DATA_FILES.cities], (own) => {
      const rows = loadCityRows(path.join(dataDir, DATA_FILES.cities), fileNames.cities, own, (name) => placesNamed(loadGazetteer(), name))
      const placedRows = placeCityRows(rows, fileNames.cities)
      own.warnings.push(...placedRows.warnings)
      return placedRows
    }),
  )
  const cityRows = placed?.rows
  const climateRegions = attempt(() =>
    fromFiles('regions', [DATA_FILES.regions], (own) => loadClimateRegions(path.join(dataDir, DATA_FILES.regions), fileNames.regions, own)),
  )
  const slugRecordPath = path.join(dataDir, SLUG_RECORD_FILE)
  // A slug is published when the committed record has it (git HEAD's file, asked once per commit), not when a build wrote it.
  const committed = committedText(slugRecordPath, remember)
  const slugRecord = attempt(() =>
    fromFiles(
      'slug-record',
      [SLUG_RECORD_FILE],
      () =>
        publishedRecord(
          readSlugRecord(slugRecordPath, fileNames.slugRecord),
          committed === undefined ? undefined : parseSlugRecord(committed, `${fileNames.slugRecord} as committed (git HEAD)`),
        ),
      committed === undefined ? 'not committed' : `committed\n${committed}`,
    ),
  )
  // The list's entries depend on the list and on the folder's file names (not on the photos' bytes: src/photos/render.ts).
  const photoFolder = path.join(dataDir, PHOTOS_DIR)
  const photoNames = existsSync(photoFolder) ? readdirSync(photoFolder).sort().join('\n') : ''
  const photos = attempt(() => fromFiles('photos', [PHOTOS_LIST], (own) => loadPhotos(dataDir, fileNames.photos, fileNames.photosDir, own), photoNames))
  // content/ beside data/: kept by the names and bytes of all its files.
  const contentDir = path.join(dataDir, '..', CONTENT_DIR)
  if (existsSync(path.join(dataDir, RETIRED_NOTES_FILE))) problems.push(retiredNotesProblem(display(RETIRED_NOTES_FILE)))
  const content = attempt(() =>
    fromFiles(
      'content',
      contentFileList(contentDir, dataDir),
      () => loadContent(contentDir, (file) => path.relative(process.cwd(), file).split(path.sep).join('/') || file),
      // Messages and texts name the files as seen from the working folder.
      path.relative(process.cwd(), contentDir),
    ),
  )
  if (
    !site ||
    !services ||
    !frenchServices ||
    !cityRows ||
    !placed ||
    !climateRegions ||
    slugRecord === undefined ||
    !photos ||
    !content ||
    problems.length > 0
  )
    throw new DataError(problems)
  notes.warnings.push(
    ...fromFiles('claims', [DATA_FILES.site, DATA_FILES.services, DATA_FILES.servicesFr], () =>
      claimWarnings(dataDir, fileNames, site, services, frenchServices),
    ),
  )
  return {
    site,
    services,
    frenchServices,
    cityRows,
    placement: placed.counts,
    onlyElsewhere: placed.onlyElsewhere,
    climateRegions,
    slugRecord,
    photos,
    content,
    fileNames,
    slugRecordPath,
    warnings: notes.warnings,
    fileFormats: notes.formats,
  }
}

/** check:data's warnings for the copy of services.yaml, services.fr.yaml and site.yaml that claims a certification site.yaml does not list. */
function claimWarnings(
  dataDir: string,
  fileNames: CatalogueInputs['fileNames'],
  site: Site,
  services: readonly EnglishService[],
  frenchServices: CatalogueInputs['frenchServices'],
): string[] {
  const texts = [
    ...services.flatMap((s) => copyTexts(s, fileNames.services, 'en', `services.${s.slug}`)),
    ...Object.entries(frenchServices).flatMap(([slug, s]) => copyTexts(s, fileNames.servicesFr, 'fr', `services.${slug}`)),
    ...copyTexts({ blurb: site.blurb, testimonials: site.testimonials.filter((t) => !t.city).map((t) => ({ text: t.text })) }, fileNames.site, 'en', ''),
    ...copyTexts({ blurb: site.french.blurb, testimonials: site.french.testimonials }, fileNames.site, 'fr', 'french'),
  ]
  const lines = new Map<string, string[]>()
  const lineOf = (file: string, text: string) => {
    const fileLines = lines.get(file) ?? readTextFile(path.join(dataDir, path.basename(file)), file).text.split(/\r?\n/)
    lines.set(file, fileLines)
    const start = text.slice(0, 40)
    const index = fileLines.findIndex((line) => line.includes(start))
    return index < 0 ? undefined : index + 1
  }
  return certificationWarnings(texts, site.trust, fileNames.site, lineOf)
}

/** The catalogue of validated inputs: cross-file rules, slugs, display order and lookups. Throws a DataError. */
export function assembleCatalogue(inputs: CatalogueInputs): Catalogue {
  const { site, cityRows, slugRecord, fileNames } = inputs
  const services: Service[] = inputs.services.map((s) => ({ ...s, fr: inputs.frenchServices[s.slug] }))
  const problems: string[] = []
  const quoteChoiceOf = {
    en: matchQuoteChoices(
      services.map((s) => [s.slug, s.title]),
      site.quoteServiceChoices,
      `${fileNames.site}, quoteServiceChoices`,
      fileNames.services,
      problems,
    ),
    fr: matchQuoteChoices(
      services.map((s) => [s.slug, s.fr.title]),
      site.french.quoteServiceChoices,
      `${fileNames.site}, french.quoteServiceChoices`,
      fileNames.servicesFr,
      problems,
    ),
  }
  const regionOf = new Map(inputs.climateRegions.flatMap((region) => region.states.map((code) => [code, region] as const)))
  const { cities, collisions, assignment } = buildCities(cityRows, slugRecord, new Set(site.french.provinces), fileNames.cities, problems)
  refuseUnplacedNewCities(cities, assignment.fresh, inputs.onlyElsewhere, problems)
  checkRegions(cities, regionOf, fileNames, problems)
  checkOtherNames(cities, fileNames.cities, problems)
  const photos = placePhotos(inputs, services, cities, problems)
  const content = placeContent(
    inputs.content,
    new Map(cities.map((c) => [c.slug, c])),
    services.map((s) => s.slug),
    problems,
    inputs.photoImages,
  )
  site.testimonials.forEach((t, i) => {
    const city = t.city && cities.find((c) => c.slug === t.city)
    if (t.city && !city)
      problems.push(`${fileNames.site}, testimonials[${i}].city: no city has the URL slug "${t.city}": write the city's slug as in its pages' addresses`)
    else if (t.text_fr && city && !city.french)
      problems.push(`${fileNames.site}, testimonials[${i}].text_fr: ${city.name} has no French pages: leave text_fr out`)
  })
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
    climateRegions: new Map(inputs.climateRegions.map((r) => [r.key, r])),
    citiesByState: groupBy(cities, stateKey),
    collisions,
    routeContext: {
      serviceSlugs: SERVICE_SLUGS,
      aliases,
      hasCity: (slug) => cityBySlug.has(slug),
      fr: { services: Object.fromEntries(services.map((s) => [s.fr.slug, s.slug])), hasCity: (slug) => cityBySlug.get(slug)?.french === true },
    },
    warnings: inputs.warnings,
    fileFormats: inputs.fileFormats,
    photos,
    content,
    publishedSlugs: { file: inputs.slugRecordPath, record: assignment.record, changes: assignment.changes, redirects: slugRedirects(assignment.record) },
  }
}

export function loadCatalogue(dataDir = path.resolve('data')): Catalogue {
  return assembleCatalogue(readCatalogueInputs(dataDir))
}

/** The choice of the quote form each service preselects: the one choice that starts with its title. */
function matchQuoteChoices(titles: [string, string][], choices: readonly string[], where: string, servicesFile: string, problems: string[]) {
  const result: Record<string, string> = {}
  for (const [slug, title] of titles) {
    const matches = choices.filter((choice) => choice.startsWith(title))
    if (matches.length === 1) result[slug] = matches[0]!
    else
      problems.push(
        `${where}: expected exactly one choice starting with "${title}" (the title of services.${slug} in ${servicesFile}), found ${matches.length}`,
      )
  }
  return result
}

function buildCities(rows: CityRow[], record: SlugRecordRow[] | null, frenchProvinces: ReadonlySet<string>, file: string, problems: string[]) {
  const sorted = [...rows].sort((a, b) => b.population - a.population || a.name.localeCompare(b.name, 'en') || a.state.localeCompare(b.state))
  const assignment = assignPublishedSlugs(sorted, record, file)
  problems.push(...assignment.problems)
  // Cities of the same name are shown with their state ("Springfield, IL"), so that titles stay distinct.
  const sameName = new Map<string, number>()
  for (const row of sorted) sameName.set(slugify(row.name), (sameName.get(slugify(row.name)) ?? 0) + 1)
  const cities: City[] = sorted.map((row, i) => ({
    ...row,
    slug: assignment.slugs[i]!,
    displayName: sameName.get(slugify(row.name))! > 1 ? `${row.name}, ${row.state}` : row.name,
    stateName: STATE_NAMES[row.country][row.state]!,
    french: row.country === 'CA' && frenchProvinces.has(row.state),
    climateRegion: '',
    timeZone: row.details.timeZone ?? timeZoneAt(row),
  }))
  return { cities, collisions: assignment.collisions, assignment }
}

/**
 * A new city (in no live row of the published record) that the gazetteer knows only in another state or province, and
 * that has no coordinates of its own, is refused: publishing it on a warning would spend its URLs on a typo
 * (`Lethbridge,AL` for AB). A city already published keeps its warning (src/geo/placeCities.ts).
 */
function refuseUnplacedNewCities(cities: readonly City[], fresh: readonly boolean[], onlyElsewhere: readonly OnlyElsewhere[], problems: string[]) {
  if (onlyElsewhere.length === 0) return
  const problemOf = new Map(onlyElsewhere.map((e) => [e.line, e.problem]))
  cities.forEach((city, i) => {
    const problem = fresh[i] ? problemOf.get(city.line) : undefined
    if (problem) problems.push(problem)
  })
}

/**
 * The city finder answers a name with one city per state or province: an "other_names" entry must not be the name (or
 * another name) of a different city of the same state or province.
 */
function checkOtherNames(cities: readonly City[], file: string, problems: string[]) {
  const owner = new Map<string, City>()
  for (const city of cities) owner.set(`${foldPlaceName(city.name)}|${city.state}`, city)
  for (const city of cities) {
    for (const name of city.otherNames ?? []) {
      const key = `${foldPlaceName(name)}|${city.state}`
      const other = owner.get(key)
      if (other && other !== city) {
        const what = foldPlaceName(other.name) === foldPlaceName(name) ? 'the name' : 'also given as another name'
        problems.push(
          `${file} line ${city.line}, column "other_names": "${name}" is ${what} of ${other.name}, ${other.state} (line ${other.line}): the finder would not know which city it means; keep it on one of the two rows`,
        )
      } else owner.set(key, city)
    }
  }
}

/**
 * Each photo's place exists (a service's slug, a city's published slug), and a photo shown on French pages (home,
 * about, a service, a city with French pages) has its French description.
 */
function placePhotos(inputs: CatalogueInputs, services: readonly Service[], cities: readonly City[], problems: string[]): Map<string, Photo> {
  const citySlugs = new Map(cities.map((c) => [c.slug, c]))
  const photos = new Map<string, Photo>()
  for (const entry of inputs.photos) {
    const [kind, slug = ''] = entry.on.split(':')
    const city = kind === 'city' ? citySlugs.get(slug) : undefined
    if (kind === 'service' && !services.some((s) => s.slug === slug))
      problems.push(`${entry.where}.on: no service has the slug "${slug}"; the 16 slugs are: ${services.map((s) => s.slug).join(', ')}`)
    else if (kind === 'city' && !city) problems.push(`${entry.where}.on: no city has the slug "${slug}" (the slugs are in ${inputs.fileNames.slugRecord})`)
    else if (!entry.alt_fr && (kind !== 'city' || city?.french))
      problems.push(`${entry.where}.alt_fr: is missing (required): the photo appears on French pages; describe it in French`)
    const image = inputs.photoImages?.[entry.on]
    photos.set(entry.on, image ? { ...entry, image } : entry)
  }
  return photos
}

/**
 * Every city's state or province is in a region of data/regions.yaml, and a region with French pages has its
 * French copy; sets each city's `climateRegion`.
 */
function checkRegions(cities: City[], regionOf: ReadonlyMap<string, ClimateRegion>, fileNames: CatalogueInputs['fileNames'], problems: string[]) {
  const missing = new Map<string, City>()
  const untranslated = new Map<string, City>()
  for (const city of cities) {
    const region = regionOf.get(stateKey(city))
    if (!region) {
      if (!missing.has(stateKey(city))) missing.set(stateKey(city), city)
      continue
    }
    city.climateRegion = region.key
    if (city.french && !region.fr && !untranslated.has(region.key)) untranslated.set(region.key, city)
  }
  for (const [code, city] of missing) {
    problems.push(
      `${fileNames.regions}: no region lists ${code} (${city.name}, ${fileNames.cities} line ${city.line}); add ${code} to the states of the region whose climate it shares`,
    )
  }
  for (const [key, city] of untranslated) {
    problems.push(
      `${fileNames.regions}, regions.${key}: the French copy (fr) is missing; ${city.name} (${fileNames.cities} line ${city.line}) has French pages`,
    )
  }
}

/**
 * docs/spec.md: {city} is replaced by the city's name wherever it appears. In French, "de {city}" elides before a vowel
 * ("d’Alma"). With no city (the general service page), the place and its preposition are left out, so that the
 * sentence is a general one: "Can you clean offices in {city} while…" reads "Can you clean offices while…", "Yes. In
 * {city}, many offices…" reads "Yes. Many offices…" (src/catalog/cityCopy.ts puts {city} only right after a preposition).
 */
export function withCity(text: string, city: Pick<City, 'displayName'> | null, lang: Lang = 'en'): string {
  if (!city) return withoutPlace(text, lang)
  // A vowel or h, accented or not (decomposed: « É » is « E » and its accent).
  if (lang === 'fr' && /^[aeiouyh]/i.test(city.displayName.normalize('NFD'))) {
    text = text.replace(/\bde \{city\}/g, `d’${city.displayName}`)
  }
  return text.replaceAll('{city}', city.displayName)
}

function withoutPlace(text: string, lang: Lang): string {
  const prepositions = `(?:${CITY_PREPOSITIONS[lang].join('|')})`
  // "Yes. In {city}, many offices…" → "Yes. Many offices…" (« À {city}, la plupart… » → « La plupart… »)
  const leading = new RegExp(`(^|[.!?]\\s+)(?:partout |dans l’ensemble )?${prepositions} \\{city\\},?\\s+(\\p{L})`, 'giu')
  // "offices in {city} while…" → "offices while…"; « partout à {city} » goes as a whole.
  const inner = new RegExp(`\\s+(?:partout |dans l’ensemble )?${prepositions} \\{city\\}`, 'giu')
  return text
    .replace(leading, (_, start: string, letter: string) => `${start}${letter.toUpperCase()}`)
    .replace(inner, '')
    .replaceAll('{city}', NO_CITY[lang])
}

const stateKey = (city: Pick<City, 'country' | 'state'>) => `${city.country}-${city.state}`

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
  const stamp = [
    ...Object.values(DATA_FILES),
    SLUG_RECORD_FILE,
    PHOTOS_LIST,
    PHOTOS_DIR,
    RETIRED_NOTES_FILE,
    ...contentFileList(path.resolve(CONTENT_DIR), dataDir),
  ]
    .map((file) => `${file}:${statSync(path.join(dataDir, file), { throwIfNoEntry: false })?.mtimeMs ?? 0}`)
    .join(' ')
    // A workbook saved beside cities.csv is refused, though no data file changed.
    .concat(' ', existsSync(dataDir) ? readdirSync(dataDir).join('/') : '')
    // A commit publishes the record's slugs (src/slugs/committed.ts).
    .concat(' ', headState(dataDir)?.join(' ') ?? '')
  if (cached?.stamp !== stamp) cached = { catalogue: loadCatalogue(dataDir), stamp }
  return cached.catalogue
}
