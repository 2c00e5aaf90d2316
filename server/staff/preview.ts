// What `npm start` tells the staff (issue 59; never a file of dist/client, never deployed): a panel on every city page
// it serves (./panel.ts), the staff page /_staff (./staffPage.ts), and the open page reloaded after a save that changes
// it, by server-sent events from /_staff/events.
import { existsSync, watch, type FSWatcher } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { Catalogue } from '../../src/catalog/index'
import { contentFileList, contentFilePage } from '../../src/catalog/content'
import { searchKey } from '../../src/pages/searchStatus'
import { pathForFile } from '../../src/urls/paths'
import { STAFF_FILES } from './assets'
import { panelHtml } from './panel'
import { changedKeys, cityPageOf, standingsOf, type Standings } from './standing'
import { staffPageHtml } from './staffPage'

/** What changed with one build or save: the pages rewritten, by path, and the keys (`searchKey`) whose panel changed. */
interface Change {
  id: number
  paths: string[]
  keys: string[]
  /** Every open page (a refused edit's banner shows, or goes). */
  all?: boolean
}

export interface StaffPreview {
  /** After a build: its catalogue, and the page files it wrote or removed (every open page of them reloads; `all`: every one). */
  built(catalogue: Catalogue, files: readonly string[], all?: boolean): void
  /** Every open page reloads (a refused edit's banner shows on every page). */
  everyPage(): void
  /** The panel to add to the page at `pathname`, or undefined (not a city page). */
  panel(pathname: string): string | undefined
  /** Answers the requests under /_staff; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse): boolean
  /** Ends the open event streams and stops watching content/. */
  close(): void
}

/** How many changes the server keeps for a page that connects late (it asks for those since its build). */
const KEPT_CHANGES = 50

export function createStaffPreview({ root, log = () => undefined }: { root: string; log?: (line: string) => void }): StaffPreview {
  let standings: Standings | undefined
  const changes: Change[] = []
  let id = 0
  const streams = new Set<ServerResponse>()
  const send = (res: ServerResponse, change: Change) => res.write(`id: ${change.id}\nevent: changed\ndata: ${JSON.stringify(change)}\n\n`)
  const publish = (paths: string[], keys: string[], all = false) => {
    if (paths.length + keys.length === 0 && !all) return
    const change: Change = { id: ++id, paths, keys, ...(all ? { all } : {}) }
    changes.push(change)
    if (changes.length > KEPT_CHANGES) changes.shift()
    for (const res of streams) send(res, change)
    log(`staff preview: ${paths.length + keys.length} change(s) sent to the open pages`)
  }

  // Whether each content file exists shows in the panels: a file created or deleted changes the panels of its pages.
  let files = contentFiles(root)
  const contentChanged = () => {
    const now = contentFiles(root)
    const flipped = [...new Set([...now, ...files])].filter((file) => now.has(file) !== files.has(file))
    files = now
    publish([], flipped.flatMap(keyOfContentFile))
  }
  const watcher = watchContent(root, contentChanged)

  const events = (req: IncomingMessage, res: ServerResponse) => {
    const since = Math.max(Number(new URL(req.url ?? '/', 'http://x').searchParams.get('since')) || 0, Number(req.headers['last-event-id']) || 0)
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' })
    res.write(': staff preview\n\n')
    for (const change of changes) if (change.id > since) send(res, change)
    streams.add(res)
    req.once('close', () => streams.delete(res))
  }

  return {
    built(catalogue, written, all = false) {
      const before = standings
      standings = standingsOf(catalogue)
      if (before) publish([...new Set(written.map(pathForFile))], changedKeys(before, standings), all)
    },
    everyPage: () => publish([], [], true),
    panel(pathname) {
      const ref = standings && cityPageOf(pathname, standings.catalogue)
      return ref && panelHtml(ref, standings!, root, id)
    },
    handle(req, res) {
      const pathname = (req.url ?? '/').split('?')[0]!
      if (pathname !== '/_staff' && !pathname.startsWith('/_staff/')) return false
      const file = STAFF_FILES[pathname]
      if (pathname === '/_staff/events') events(req, res)
      else if (file) {
        res.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-store' })
        res.end(req.method === 'HEAD' ? undefined : file.body)
      } else if (pathname === '/_staff' && standings) {
        const sort = new URL(req.url ?? '/', 'http://x').searchParams.get('sort') ?? undefined
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
        res.end(req.method === 'HEAD' ? undefined : staffPageHtml(standings, root, id, sort))
      } else {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
        res.end('Not found')
      }
      return true
    },
    close() {
      watcher.close()
      for (const res of streams) res.end()
      streams.clear()
    },
  }
}

/** The Markdown files under content/cities/, relative to `root`. */
function contentFiles(root: string): Set<string> {
  const dir = path.join(root, 'content', 'cities')
  return new Set(contentFileList(dir, root).filter((file) => file.endsWith('.md')))
}

/**
 * The panels a content file is named in: a city's file on its hub and its city-service pages of the language (the
 * key of the hub, which prefixes theirs), a city-service page's on that page.
 */
function keyOfContentFile(file: string): string[] {
  const page = contentFilePage(file)
  return page ? [searchKey(page.lang, page.city, page.service)] : []
}

/**
 * Calls `changed` shortly after any change under content/ (editors write a file in several steps), whether content/
 * exists yet or is created later: the project's folder is watched for its creation.
 */
function watchContent(root: string, changed: () => void) {
  let timer: NodeJS.Timeout | undefined
  const soon = () => {
    clearTimeout(timer)
    timer = setTimeout(changed, 50)
  }
  let inside: FSWatcher | undefined
  const watchInside = () => {
    if (inside || !existsSync(path.join(root, 'content'))) return
    inside = watch(path.join(root, 'content'), { recursive: true }, soon)
    inside.on('error', () => {
      inside?.close()
      inside = undefined
    })
  }
  watchInside()
  const top = watch(root, (_, name) => {
    if (name !== 'content') return
    if (inside && !existsSync(path.join(root, 'content'))) {
      inside.close()
      inside = undefined
    }
    watchInside()
    soon()
  })
  return {
    close: () => {
      clearTimeout(timer)
      top.close()
      inside?.close()
    },
  }
}
