import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import MarkdownIt, { type Token } from 'markdown-it'
import { LineCounter, parseDocument, isNode } from 'yaml'
import { z } from 'zod'
import type { Lang } from '../i18n/lang'
import type { PhotoImage } from '../photos/places'
import { DataError, describeIssue, keyPath } from './errors'
import { altText, SYSTEM_FILES } from './photos'
import { readTextFile } from './textFile'
import { filesIn } from '../files/filesIn'

/**
 * content/: the company's own words about places, in Markdown files with YAML front matter (docs/staff-guide.md, "Writing about a city"):
 * - `content/cities/<city-slug>.md` (`.fr.md`): the city's text, on its hub and its 16 service pages (French pages: the twin);
 * - `content/cities/<city-slug>/<service-slug>.md` (`.fr.md`): the text of one city-service page;
 * - `content/jobs/<name>.md`, or `content/jobs/<name>/index.md` (`.fr.md` twins): a job story, in full on its
 *   city-service page, as a card on its city's hub and on its service's page.
 * Markdown is CommonMark (markdown-it, docs/decisions/draft-content-markdown.md): paragraphs, emphasis, links, lists
 * and subheadings under the page's own; raw HTML and images are refused, each problem naming the file and the line.
 */
export const CONTENT_DIR = 'content'

/**
 * The content files a city page shows, as paths from the project folder, the page's own file first (the one to write to
 * bring the page in): a hub's city file; a city-service page's own file, then its city's file. `service`: the service's
 * English slug (French pages too); `lang`: French pages read the `.fr.md` twins.
 */
export function pageContentFiles(city: string, service: string | null, lang: Lang): string[] {
  const ext = lang === 'fr' ? '.fr.md' : '.md'
  const cityFile = `${CONTENT_DIR}/cities/${city}${ext}`
  return service ? [`${CONTENT_DIR}/cities/${city}/${service}${ext}`, cityFile] : [cityFile]
}

/**
 * The page a file of content/cities/ is the own text of (the inverse of pageContentFiles' first file): its city, its
 * service (none for a city's file: its hub, whose key prefixes its service pages') and language; undefined for any
 * other path. Paths as pageContentFiles writes them (`content/…`, forward slashes).
 */
export function contentFilePage(file: string): { city: string; service?: string; lang: Lang } | undefined {
  const match = new RegExp(`^${CONTENT_DIR}/cities/([^/]+?)(?:/([^/]+?))?(\\.fr)?\\.md$`).exec(file)
  if (!match) return undefined
  return { city: match[1]!, ...(match[2] ? { service: match[2] } : {}), lang: match[3] ? 'fr' : 'en' }
}

/** A piece of prose as pages show it: its HTML (rendered once, when loaded) and the file it comes from. */
export interface Prose {
  file: string
  html: string
}

/** A job story of content/jobs/ in one language. */
interface JobStory {
  /** The file, as messages name it. */
  file: string
  /** The story's name: its file's (or folder's) name without `.md`. */
  name: string
  lang: Lang
  city: string
  service: string
  /** `YYYY-MM`. */
  date: string
  title: string
  /** The body as HTML (subheadings from h4, under the story's title). */
  html: string
  /** The first paragraph as plain text, for the cards. */
  summary: string
  quote?: { text: string; name: string; company?: string | undefined }
  /** Its photos, in the order of its front matter (a story in a folder only). */
  photos: JobPhoto[]
}

/** A job story's photo: its file beside the story, its description in the story's language, and where it is listed. */
export interface JobPhoto {
  /** From the project folder (`content/jobs/<name>/<file>`), forward slashes: the build makes its files from it. */
  src: string
  /** As messages name it. */
  shown: string
  alt: string
  /** `<story file> line N, photos[i]`. */
  where: string
  line: number
  /** Its files, once the build has made them (src/photos/render.ts). */
  image?: PhotoImage
}

/** The key of a job's photo among the build's photos (src/photos/render.ts): one per file, whichever story lists it. */
export const jobPhotoPlace = (src: string) => `job:${src}`

/** The formats a job's photo may come in (those the photos of data/photos/ come in, read by the build's sharp). */
const PHOTO_FILE = /\.(jpe?g|png|webp)$/i

/** What content/ holds, read and checked file by file: plain data (it crosses to the render threads). */
export interface ContentInputs {
  /** `<city>` → its text by language. */
  cities: Record<string, Partial<Record<Lang, Prose>>>
  /** `<city> <service>` → the page's text by language. */
  pages: Record<string, Partial<Record<Lang, Prose>>>
  jobs: JobStory[]
  /** Every file read, relative to the project folder (the build keys its kept values by their bytes). */
  files: string[]
}

const NO_CONTENT: ContentInputs = { cities: {}, pages: {}, jobs: [], files: [] }

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const slug = (what: string) =>
  z.string().trim().regex(SLUG, `expected the ${what}'s URL slug (lowercase letters, digits and hyphens, as in its pages' addresses)`)

/** A job story's front matter: where and when, and what it is called; a client's words only with their consent. */
const jobSchema = (lang: Lang) =>
  z.strictObject({
    /** The city's URL slug, as in its pages' addresses (data/city-slugs.csv). */
    city: slug('city'),
    /** The service's URL slug, as in data/services.yaml (office-cleaning). */
    service: slug('service'),
    /** When the job was done, `YYYY-MM`: the cards show the latest first. */
    date: z
      .union([z.string(), z.date()])
      .transform((d) => (d instanceof Date ? d.toISOString().slice(0, 7) : d.trim()))
      .refine((d) => /^\d{4}-(0[1-9]|1[0-2])$/.test(d), 'expected the year and month of the job, as YYYY-MM (2026-03)'),
    /** The story's title, its heading on the page and on its cards. */
    title: z.string().trim().min(1, 'is empty: give the story a title').max(120, 'keep the title under 120 characters'),
    /** The client's words, with the client's consent (docs/staff-guide.md, "Writing about a city"). */
    quote: z
      .strictObject({
        text: z.string().trim().min(1),
        name: z.string().trim().min(1),
        company: z.string().trim().min(1).optional(),
      })
      .optional(),
    /**
     * The job's photos, beside its index.md, each with what it shows for people who cannot see it (in the story's
     * language): the first is its cards' photo.
     */
    photos: z
      .array(
        z.strictObject({
          file: z
            .string()
            .trim()
            .regex(PHOTO_FILE, 'expected the name of a JPEG, PNG or WebP file beside the story (floor-after.jpg)')
            .refine((f) => !/[/\\]/.test(f), 'expected the name of a file beside the story, without a folder'),
          alt: altText(lang),
        }),
      )
      .optional(),
  })
const JOB_SCHEMAS = { en: jobSchema('en'), fr: jobSchema('fr') }

/** A city's or a page's text has no front matter to speak of: an empty block, or none. */
const ProseSchema = z.strictObject({})

/** Reads and checks every file of `contentDir`; throws a DataError listing every problem, each naming its file. */
export function loadContent(contentDir: string, display: (file: string) => string): ContentInputs {
  if (!existsSync(contentDir)) return NO_CONTENT
  const content: ContentInputs = { cities: {}, pages: {}, jobs: [], files: [] }
  const problems: string[] = []
  const fromRoot = (file: string) => path.relative(path.dirname(contentDir), file).split(path.sep).join('/')
  const read = (file: string) => {
    content.files.push(fromRoot(file))
    return readTextFile(file, display(file)).text
  }
  const unexpected = (file: string, what: string) => problems.push(`${display(file)}: ${what}`)
  for (const entry of readdirSync(contentDir).sort()) {
    const full = path.join(contentDir, entry)
    if (entry === 'cities' || entry === 'jobs' || entry === 'README.md' || entry.startsWith('.')) continue
    unexpected(full, 'content/ holds cities/, jobs/ and README.md only: move this into content/cities/ or content/jobs/ (see content/README.md)')
  }
  const citiesDir = path.join(contentDir, 'cities')
  if (existsSync(citiesDir)) {
    for (const entry of readdirSync(citiesDir).sort()) {
      const full = path.join(citiesDir, entry)
      if (entry.startsWith('.')) continue
      if (statSync(full).isDirectory()) {
        if (!SLUG.test(entry)) unexpected(full, `expected a folder named by a city's URL slug (content/cities/plano/)`)
        for (const file of readdirSync(full).sort()) {
          if (file.startsWith('.')) continue
          const match = /^([a-z0-9-]+?)(\.fr)?\.md$/.exec(file)
          const filePath = path.join(full, file)
          if (!match) {
            unexpected(filePath, `expected <service-slug>.md or <service-slug>.fr.md (content/cities/${entry}/office-cleaning.md)`)
            continue
          }
          const lang: Lang = match[2] ? 'fr' : 'en'
          const prose = proseOf(read(filePath), display(filePath), 3, problems)
          if (prose) (content.pages[`${entry} ${match[1]}`] ??= {})[lang] = prose
        }
        continue
      }
      const match = /^([a-z0-9-]+?)(\.fr)?\.md$/.exec(entry)
      if (!match) {
        unexpected(full, `expected <city-slug>.md or <city-slug>.fr.md (content/cities/plano.md), or a folder <city-slug>/ of its pages' files`)
        continue
      }
      const prose = proseOf(read(full), display(full), 3, problems)
      if (prose) (content.cities[match[1]!] ??= {})[match[2] ? 'fr' : 'en'] = prose
    }
  }
  const jobsDir = path.join(contentDir, 'jobs')
  if (existsSync(jobsDir)) {
    for (const entry of readdirSync(jobsDir).sort()) {
      const full = path.join(jobsDir, entry)
      if (entry.startsWith('.')) continue
      if (statSync(full).isDirectory()) {
        const files = readdirSync(full)
          .filter((f) => !SYSTEM_FILES.test(f))
          .sort()
        const photoFiles = files.filter((f) => PHOTO_FILE.test(f))
        const listed = new Set<string>()
        let failed = false
        for (const file of files) {
          const match = /^index(\.fr)?\.md$/.exec(file)
          if (match) {
            const folder = { files: photoFiles, src: (f: string) => fromRoot(path.join(full, f)) }
            const job = jobOf(read(path.join(full, file)), display(path.join(full, file)), entry, match[1] ? 'fr' : 'en', problems, folder)
            if (job) content.jobs.push(job)
            else failed = true
            for (const photo of job?.photos ?? []) listed.add(path.posix.basename(photo.src))
          } else if (file.endsWith('.md')) unexpected(path.join(full, file), `a job's folder holds its story as index.md (and index.fr.md): rename this file`)
          else if (!PHOTO_FILE.test(file))
            unexpected(path.join(full, file), `a job's folder holds its story (index.md, index.fr.md) and its photos (JPEG, PNG or WebP) only`)
        }
        // A photo no story lists would be shown nowhere (only a story that loaded can say which it lists).
        if (!failed)
          for (const file of photoFiles)
            if (!listed.has(file))
              unexpected(
                path.join(full, file),
                `not listed in the story's photos: add it to the front matter of index.md (photos: [{file: ${file}, alt: "what it shows"}]), or take it out of the folder`,
              )
        continue
      }
      const match = /^(.+?)(\.fr)?\.md$/.exec(entry)
      if (!match) {
        unexpected(full, 'expected a job story <name>.md (or <name>.fr.md), or a folder <name>/ with index.md and its photos')
        continue
      }
      const job = jobOf(read(full), display(full), match[1]!, match[2] ? 'fr' : 'en', problems)
      if (job) content.jobs.push(job)
    }
  }
  if (problems.length > 0) throw new DataError(problems)
  return content
}

/** The front matter (between two `---` lines at the top) and the body, with the body's first line number. */
function splitFrontMatter(text: string): { yaml?: string; body: string; bodyLine: number } {
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(?:\r?\n|$)/m.exec(text)
  if (!match || match.index !== 0) return { body: text, bodyLine: 1 }
  return { yaml: match[1]!, body: text.slice(match[0].length), bodyLine: match[0].split('\n').length }
}

/** Where frontMatter() says the line of a key path of the front matter, once it has parsed it. */
interface FrontMatterLines {
  of?: (keys: readonly PropertyKey[]) => number
}

/** The front matter checked against `schema`; problems name the file and the line (`lines`: to name more). */
function frontMatter<S extends z.ZodType>(
  yaml: string | undefined,
  schema: S,
  file: string,
  problems: string[],
  lines?: FrontMatterLines,
): z.output<S> | undefined {
  const lineCounter = new LineCounter()
  const doc = parseDocument(yaml ?? '', { lineCounter, uniqueKeys: true })
  // The file's line of a key path: of its deepest node found (the front matter starts on the file's second line).
  const lineOf = (keys: readonly PropertyKey[]) => {
    for (let n = keys.length; n >= 0; n--) {
      const node = doc.getIn(keys.slice(0, n), true)
      if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line + 1
    }
    return 1
  }
  if (lines) lines.of = lineOf
  if (doc.errors.length > 0) {
    for (const error of doc.errors)
      problems.push(
        `${file} line ${(error.linePos?.[0]?.line ?? 0) + 1}: ${error.message.split('\n')[0]} (front matter: check the colon after the key and the quotes)`,
      )
    return undefined
  }
  const result = schema.safeParse(doc.toJS() ?? {}, { reportInput: true })
  if (result.success) return result.data
  for (const issue of result.error.issues) {
    const line = lineOf(issue.path)
    problems.push(`${file} line ${line}${issue.path.length ? `, ${keyPath(issue.path)}` : ''}: ${describeIssue(issue)}`)
  }
  return undefined
}

// html: true only to find raw HTML and refuse it (nothing of it is ever rendered); no typographer, no linkify.
const markdown = new MarkdownIt('commonmark', { html: true })

/**
 * The body as HTML, its subheadings shifted under the page's: `##` becomes `<h{top}>`, `###` the level below; `#` (the
 * page's own title) and deeper levels are refused, as are raw HTML, images and links that are neither a site path nor
 * a web or mail address.
 */
function renderBody(body: string, bodyLine: number, file: string, top: number, problems: string[]): string | undefined {
  const tokens = markdown.parse(body, {})
  const before = problems.length
  const lineOf = (token: Token | undefined) => bodyLine + (token?.map?.[0] ?? 0)
  let block: Token | undefined
  for (const token of tokens) {
    if (token.map) block = token
    if (token.type === 'html_block') problems.push(`${file} line ${lineOf(token)}: ${RAW_HTML}`)
    if (token.type === 'heading_open') {
      const level = Number(token.tag.slice(1))
      if (level === 1 || level > 3)
        problems.push(
          `${file} line ${lineOf(token)}: ${level === 1 ? '"#" is the page\'s own title' : `"${'#'.repeat(level)}" is too deep`}: write subheadings as "## " (and "### " under them)`,
        )
      else token.tag = `h${top + level - 2}`
    }
    if (token.type === 'heading_close') token.tag = `h${Math.min(6, top + Number(token.tag.slice(1)) - 2)}`
    const html = token.children?.find((c) => c.type === 'html_inline')
    if (html) problems.push(`${file} line ${lineOf(block)}: ${RAW_HTML} (found ${html.content})`)
    for (const child of token.children ?? []) {
      if (child.type === 'image') problems.push(`${file} line ${lineOf(block)}: images are not written in the text: ${PHOTOS}`)
      if (child.type === 'link_open') {
        const href = String(child.attrGet('href') ?? '')
        if (!/^(https?:\/\/|mailto:|tel:|\/)/.test(href))
          problems.push(
            `${file} line ${lineOf(block)}: the link "${href}" is neither a page of the site (starting with "/", such as /services/office-cleaning) nor a web address (https://…): write one of those`,
          )
      }
    }
  }
  if (problems.length > before) return undefined
  if (!tokens.some((t) => t.type === 'inline' && t.content.trim())) {
    problems.push(`${file}: has no text: write it, or delete the file`)
    return undefined
  }
  return markdown.renderer.render(tokens, markdown.options, {}).trim()
}

const RAW_HTML =
  'raw HTML is not allowed in content files: write Markdown instead (a blank line between paragraphs, *emphasis*, [a link](/services/office-cleaning), "## " for a subheading)'
const PHOTOS = "a job story's photos go in its folder (content/jobs/<name>/) beside its index.md"

function proseOf(text: string, file: string, top: number, problems: string[]): Prose | undefined {
  const { yaml, body, bodyLine } = splitFrontMatter(text)
  if (yaml !== undefined && frontMatter(yaml, ProseSchema, file, problems) === undefined) return undefined
  const html = renderBody(body, bodyLine, file, top, problems)
  return html === undefined ? undefined : { file, html }
}

/** A job's folder: its photos' file names, and a photo's path from the project folder. */
interface JobFolder {
  files: readonly string[]
  src: (file: string) => string
}

function jobOf(text: string, file: string, name: string, lang: Lang, problems: string[], folder?: JobFolder): JobStory | undefined {
  const { yaml, body, bodyLine } = splitFrontMatter(text)
  if (yaml === undefined) {
    problems.push(`${file} line 1: a job story starts with its front matter between two "---" lines: city, service, date (YYYY-MM) and title`)
    return undefined
  }
  const lines: FrontMatterLines = {}
  const meta = frontMatter(yaml, JOB_SCHEMAS[lang], file, problems, lines)
  // The story sits under its title (h3): its subheadings from h4.
  const html = renderBody(body, bodyLine, file, 4, problems)
  if (!meta || html === undefined) return undefined
  const photos = jobPhotos(meta.photos ?? [], file, lang, folder, lines.of!, problems)
  if (!photos) return undefined
  const first = markdown.parse(body, {}).find((t) => t.type === 'inline' && t.content.trim())
  const summary = plainText(first?.children ?? [])
  const { photos: _, ...rest } = meta
  return { file, name, lang, ...rest, html, summary: shorten(summary, 220), photos }
}

/** A story's photos, each found beside it; undefined when one is not (problems name the story's file and line). */
function jobPhotos(
  listed: readonly { file: string; alt: string }[],
  file: string,
  lang: Lang,
  folder: JobFolder | undefined,
  lineOf: (path: (string | number)[]) => number,
  problems: string[],
): JobPhoto[] | undefined {
  if (listed.length === 0) return []
  if (!folder) {
    problems.push(
      `${file} line ${lineOf(['photos'])}: ${PHOTOS}: make a folder content/jobs/<name>/, move this file into it as index${lang === 'fr' ? '.fr' : ''}.md`,
    )
    return undefined
  }
  const before = problems.length
  const seen = new Set<string>()
  const photos = listed.map((photo, i): JobPhoto => {
    const line = lineOf(['photos', i, 'file'])
    const where = `${file} line ${line}, photos[${i}]`
    if (!folder.files.includes(photo.file)) {
      const near = folder.files.find((f) => f.toLowerCase() === photo.file.toLowerCase())
      problems.push(
        `${where}.file: "${photo.file}" is not beside the story in ${path.dirname(file)}/` +
          (near ? ` (there is "${near}": write the name exactly as the file is named)` : ': copy the photo there, or remove this entry'),
      )
    } else if (seen.has(photo.file)) problems.push(`${where}.file: "${photo.file}" is listed twice: list each photo once`)
    seen.add(photo.file)
    const src = folder.src(photo.file)
    return { src, shown: `${path.dirname(file)}/${photo.file}`, alt: photo.alt, where, line }
  })
  return problems.length > before ? undefined : photos
}

/** An inline token's text without its Markdown. */
function plainText(children: readonly Token[]): string {
  return children
    .map((c) => (c.type === 'text' || c.type === 'code_inline' ? c.content : c.type === 'softbreak' || c.type === 'hardbreak' ? ' ' : ''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
}

/** At most `max` characters, cut at a word, with an ellipsis. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max).replace(/\s+\S*$/, '')
  return `${cut}…`
}

/** content/ as the pages read it, checked against the catalogue's cities and services. */
export interface SiteContent {
  /** `<city>` → its text by language. */
  cities: ReadonlyMap<string, Partial<Record<Lang, Prose>>>
  /** `<city> <service>` → the page's text by language. */
  pages: ReadonlyMap<string, Partial<Record<Lang, Prose>>>
  /** The job stories by `<city> <service>`, by `<city>` and by `<service>`, each list the latest first (by language in each story). */
  jobsByPage: ReadonlyMap<string, readonly JobStory[]>
  jobsByCity: ReadonlyMap<string, readonly JobStory[]>
  jobsByService: ReadonlyMap<string, readonly JobStory[]>
}

type PlacedCity = { slug: string; name: string; french: boolean }

/**
 * content/'s files placed on the pages: each city and service slug (of a path or a job's front matter) is one of the
 * catalogue's, and a French text only for a city with French pages; problems name the file.
 */
export function placeContent(
  content: ContentInputs,
  cities: ReadonlyMap<string, PlacedCity>,
  services: readonly string[],
  problems: string[],
  photoImages?: Readonly<Record<string, PhotoImage>>,
): SiteContent {
  const serviceSet = new Set(services)
  const cityProblem = (file: string, slug: string, where: string) => {
    const near = [...cities.keys()].filter((s) => s.startsWith(slug.slice(0, 4))).slice(0, 3)
    problems.push(
      `${file}${where}: no city has the URL slug "${slug}"${near.length ? ` (did you mean ${near.map((s) => `"${s}"`).join(' or ')}?)` : ''}: write the city's slug as in its pages' addresses (data/city-slugs.csv)`,
    )
  }
  const serviceProblem = (file: string, slug: string, where: string) =>
    problems.push(`${file}${where}: no service has the URL slug "${slug}": write one of ${services.join(', ')}`)
  const frenchProblem = (file: string, city: PlacedCity) =>
    problems.push(`${file}: ${city.name} has no French pages: a .fr.md file is shown nowhere; delete it, or write the English text in a .md file`)
  const checkLangs = (texts: Partial<Record<Lang, Prose>>, city: PlacedCity) => {
    if (texts.fr && !city.french) frenchProblem(texts.fr.file, city)
  }
  const cityTexts = new Map<string, Partial<Record<Lang, Prose>>>()
  for (const [slug, texts] of Object.entries(content.cities)) {
    const city = cities.get(slug)
    if (!city) for (const prose of Object.values(texts)) cityProblem(prose.file, slug, '')
    else {
      checkLangs(texts, city)
      cityTexts.set(slug, texts)
    }
  }
  const pageTexts = new Map<string, Partial<Record<Lang, Prose>>>()
  for (const [key, texts] of Object.entries(content.pages)) {
    const [citySlug, service] = key.split(' ') as [string, string]
    const city = cities.get(citySlug)
    const files = Object.values(texts).map((p) => p.file)
    if (!city) for (const file of files) cityProblem(file, citySlug, '')
    else if (!serviceSet.has(service)) for (const file of files) serviceProblem(file, service, '')
    else {
      checkLangs(texts, city)
      pageTexts.set(key, texts)
    }
  }
  const jobs: JobStory[] = []
  for (const job of content.jobs) {
    const city = cities.get(job.city)
    if (!city) cityProblem(job.file, job.city, ', city')
    else if (!serviceSet.has(job.service)) serviceProblem(job.file, job.service, ', service')
    else if (job.lang === 'fr' && !city.french) frenchProblem(job.file, city)
    else jobs.push(withImages(job, photoImages))
  }
  // The latest first; of one month, by name.
  jobs.sort((a, b) => b.date.localeCompare(a.date) || a.name.localeCompare(b.name))
  const group = (key: (job: JobStory) => string) => {
    const map = new Map<string, JobStory[]>()
    for (const job of jobs) map.set(key(job), [...(map.get(key(job)) ?? []), job])
    return map
  }
  return {
    cities: cityTexts,
    pages: pageTexts,
    jobsByPage: group((j) => `${j.city} ${j.service}`),
    jobsByCity: group((j) => j.city),
    jobsByService: group((j) => j.service),
  }
}

/** A story with its photos' files as the build made them (none without the build: check:data, vike dev). */
function withImages(job: JobStory, images: Readonly<Record<string, PhotoImage>> | undefined): JobStory {
  if (!images || job.photos.length === 0) return job
  return {
    ...job,
    photos: job.photos.map((photo) => {
      const image = images[jobPhotoPlace(photo.src)]
      return image ? { ...photo, image } : photo
    }),
  }
}

/** Every file under `contentDir`, relative to `from` (the build keys what it keeps of content/ by their bytes). */
export function contentFileList(contentDir: string, from: string): string[] {
  return filesIn(contentDir)
    .map((file) => path.relative(from, path.join(contentDir, file)).split(path.sep).join('/'))
    .sort()
}

/** The retired spreadsheet of pages' notes, in data/: refused, naming the files that replace it (`npm run content:migrate`). */
export const RETIRED_NOTES_FILE = 'local-notes.csv'

export const retiredNotesProblem = (file: string) =>
  `${file}: a page's text is no longer a row of a spreadsheet: it is a Markdown file, content/cities/<city-slug>/<service-slug>.md (and .fr.md for its French page; see content/README.md); run \`npm run content:migrate\` to move the file's notes there, then the file is gone`
