// The React floor of the build-engine issue: a bare loop of React's renderToString writing files, in worker threads,
// against which `npm run bench` measures the build's pages step. The page is one of the build's own city-service pages
// (its whole document: the same elements, attributes and texts), turned once into a tree of React elements; each page
// of the loop is that tree made again with another city's name wherever the page says "Boise" (texts, links,
// attributes, the JSON-LD), rendered and written. No data, no catalogue, no per-page logic: only what React and the
// file system cost for pages of this shape. Plain JavaScript: worker threads do not inherit tsx's loader.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Worker, isMainThread, workerData } from 'node:worker_threads'

/** HTML attribute names (as the parser gives them, lower case) and the React props that write them. */
const PROP_NAMES = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  charset: 'charSet',
  maxlength: 'maxLength',
  autocomplete: 'autoComplete',
  popovertarget: 'popoverTarget',
  viewbox: 'viewBox',
  'http-equiv': 'httpEquiv',
  crossorigin: 'crossOrigin',
}
const BOOLEAN_PROPS = new Set(['required', 'disabled', 'selected', 'hidden', 'checked', 'open', 'async', 'defer'])

/** The city of the page the floor is made from, and where it stands for each page's city. */
const NAME = 'Boise'
const SLUG = 'boise'
const HOLE = /(Boise|boise)/

/**
 * @typedef {{ name: string, slug: string }} City
 * @typedef {string | string[]} Cut A string of the page: as is, or cut around the places of its city's name and slug.
 * @typedef {{ tag: string, props: [string, Cut | true][], raw?: Cut, children: Node[] }} Element
 * @typedef {Element | { text: Cut }} Node
 * @typedef {typeof import('react').createElement} CreateElement
 * @typedef {{ html: string, cities: City[], outDir: string }} Job
 */

/** @param {string} text @returns {Cut} */
const cut = (text) => (HOLE.test(text) ? text.split(HOLE) : text)

/** Fills a cut string for one city. @param {Cut} parts @param {City} city @returns {string} */
function fill(parts, city) {
  if (typeof parts === 'string') return parts
  let out = ''
  for (const part of parts) out += part === NAME ? city.name : part === SLUG ? city.slug : part
  return out
}

/**
 * The page's <html> element as a template: elements with their props, texts (cut), the raw contents of scripts.
 * Comments (React's separators between texts) are left out: React writes them again where texts meet.
 * @param {typeof import('htmlparser2').Parser} Parser @param {string} html @returns {Element}
 */
function template(Parser, html) {
  /** @type {Element} */
  const top = { tag: '', props: [], children: [] }
  /** @type {Element[]} */
  const open = [top]
  // The parser gives a text in pieces (an entity is one): a text is joined whole before it is cut.
  let text = ''
  const flush = () => {
    const element = open.at(-1)
    if (!text || !element) return
    if (element.tag === 'script' || element.tag === 'style') element.raw = cut(text)
    else element.children.push({ text: cut(text) })
    text = ''
  }
  const parser = new Parser({
    onopentag(name, attribs) {
      flush()
      /** @type {Element} */
      const element = { tag: name, props: [], children: [] }
      for (const [attribute, value] of Object.entries(attribs)) {
        const prop = PROP_NAMES[/** @type {keyof typeof PROP_NAMES} */ (attribute)] ?? attribute
        element.props.push([prop, BOOLEAN_PROPS.has(prop) && value === '' ? true : cut(value)])
      }
      open.at(-1)?.children.push(element)
      open.push(element)
    },
    ontext(piece) {
      text += piece
    },
    oncomment() {
      flush()
    },
    onclosetag() {
      flush()
      open.pop()
    },
  })
  parser.end(html)
  const root = top.children.find((node) => 'tag' in node && node.tag === 'html')
  if (!root || !('tag' in root)) throw new Error('the floor page has no <html> element')
  return root
}

/**
 * The React elements of one page: what components would make with createElement for this city.
 * @param {Node} node @param {City} city @param {CreateElement} createElement @returns {import('react').ReactNode}
 */
function elements(node, city, createElement) {
  if ('text' in node) return fill(node.text, city)
  /** @type {Record<string, unknown>} */
  const props = {}
  for (const [name, value] of node.props) props[name] = value === true ? true : fill(value, city)
  if (node.raw !== undefined) return createElement(node.tag, { ...props, dangerouslySetInnerHTML: { __html: fill(node.raw, city) } })
  return createElement(node.tag, props, ...node.children.map((child) => elements(child, city, createElement)))
}

/**
 * A thread of the floor: its share of the cities, rendered and written one after another.
 * @param {Job} job
 */
async function thread({ html, cities, outDir }) {
  const [{ createElement }, { renderToString }, { Parser }] = await Promise.all([import('react'), import('react-dom/server'), import('htmlparser2')])
  const page = template(Parser, html)
  for (const [i, city] of cities.entries()) {
    writeFileSync(path.join(outDir, `${city.slug}-${i}.html`), `<!DOCTYPE html>${renderToString(elements(page, city, createElement))}`)
  }
}

/**
 * Renders `cities.length` pages made from `html` (a city-service page of Boise) in `threads` worker threads (React's
 * production build, as the site's build uses), into `outDir`; resolves with the wall time in seconds, from the
 * threads' start to the last file.
 * @param {{ html: string, cities: City[], outDir: string, threads?: number }} options
 * @returns {Promise<number>}
 */
export function runFloor({ html, cities, outDir, threads = 2 }) {
  mkdirSync(outDir, { recursive: true })
  const started = performance.now()
  const share = Math.ceil(cities.length / threads)
  return Promise.all(
    Array.from(
      { length: threads },
      (_, t) =>
        new Promise((resolve, reject) => {
          const job = { html, cities: cities.slice(t * share, (t + 1) * share), outDir }
          const worker = new Worker(new URL(import.meta.url), { workerData: job, env: { ...process.env, NODE_ENV: 'production' } })
          worker.on('error', reject)
          worker.on('exit', (code) => (code === 0 ? resolve(undefined) : reject(new Error(`a floor thread stopped (exit code ${code})`))))
        }),
    ),
  ).then(() => (performance.now() - started) / 1000)
}

/** @param {unknown} data @returns {data is Job} */
const isJob = (data) => typeof data === 'object' && data !== null && 'html' in data && 'cities' in data && 'outDir' in data

if (!isMainThread) {
  if (!isJob(workerData)) throw new Error('a floor thread started without its job')
  await thread(workerData)
}
