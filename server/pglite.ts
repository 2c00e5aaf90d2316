import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { PGlite } from '@electric-sql/pglite'
import type { SqlClient, SqlDatabase } from '../supabase/functions/send-contact-email/store'
import type { Command, Reply } from './pgliteWorker'

/** The file URL of a package's ESM build, `extension` its file's: require.resolve finds its CommonJS build (.cjs) beside it. */
const esmBuild = (specifier: string, extension: string) =>
  pathToFileURL(
    createRequire(import.meta.url)
      .resolve(specifier)
      .replace(/\.cjs$/, extension),
  ).href

// The worker is TypeScript like the rest: tsx's ESM API loads it, whichever way this process was started (tsx, vitest).
const TSX_API = esmBuild('tsx/esm/api', '.mjs')
const WORKER = new URL('./pgliteWorker.ts', import.meta.url).href
const BOOTSTRAP = `import(${JSON.stringify(TSX_API)}).then((tsx) => tsx.tsImport(${JSON.stringify(WORKER)}, ${JSON.stringify(WORKER)}))`

/** PGlite's ESM build, for the process that creates a database. */
const PGLITE = esmBuild('@electric-sql/pglite', '.js')
const CREATE = `import(${JSON.stringify(PGLITE)}).then(async ({ PGlite }) => { await (await PGlite.create({ dataDir: process.env.PGLITE_NEW_DIR })).close() })`

type CommandBody = Command extends infer C ? (C extends Command ? Omit<C, 'id'> : never) : never

/**
 * PGlite (Postgres compiled to WebAssembly) as the local database, in `dataDir` or in memory. It
 * runs on a worker thread, so queries never block the thread that serves the site. A data folder
 * is used by one process at a time, so a lock file guards it.
 */
export async function openPglite(dataDir?: string): Promise<SqlDatabase> {
  const release = dataDir ? lockDataDir(dataDir) : () => undefined
  if (dataDir && !existsSync(dataDir)) {
    try {
      await createDataDir(dataDir)
    } catch (error) {
      release()
      throw error
    }
  }
  const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { dataDir } })
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let nextId = 1
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error)
    pending.clear()
  }
  worker.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id)
    pending.delete(reply.id)
    if (reply.ok) waiting?.resolve(reply.value)
    else waiting?.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }))
  })
  worker.on('error', failAll)
  worker.on('exit', (code) => failAll(new Error(`the PGlite thread stopped (exit code ${code})`)))
  const call = (command: CommandBody) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve, reject })
      worker.postMessage({ ...command, id })
    })

  try {
    await new Promise((resolve, reject) => pending.set(0, { resolve, reject }))
  } catch (error) {
    await worker.terminate()
    release()
    throw error
  }
  const client = (tx?: number): SqlClient => ({
    query: async <R>(text: string, params?: unknown[]) => (await call({ kind: 'query', text, params, tx })) as { rows: R[] },
    exec: (text) => call({ kind: 'exec', text, tx }),
  })
  return {
    oneStatementAtATime: true,
    ...client(),
    async transaction(fn) {
      const tx = (await call({ kind: 'begin' })) as number
      try {
        const result = await fn(client(tx))
        await call({ kind: 'commit', tx })
        return result
      } catch (error) {
        await call({ kind: 'rollback', tx }).catch(() => undefined)
        throw error
      }
    },
    async close() {
      await call({ kind: 'close' })
      await worker.terminate()
      release()
    },
  }
}

/** The processes creating a database now (createDataDir), and how many pauses (pauseDatabaseCreation) hold them. */
const creating = new Set<ChildProcess>()
let pauses = 0
const signalCreating = (signal: NodeJS.Signals) => {
  for (const child of creating) {
    try {
      child.kill(signal)
    } catch {
      // a system without that signal (Windows has no SIGSTOP): the creation goes on beside the build
    }
  }
}
// A creation paused when this process ends would wait forever: it goes with it (its `.new` folder is made again).
process.once('exit', () => signalCreating('SIGKILL'))

/**
 * Pauses the creation of a new database, if one is under way, until the function returned is called (`npm start`'s
 * rebuild after a save: the build gets the cores, issue 40). Pauses may overlap; the creation goes on after the last.
 */
export function pauseDatabaseCreation(): () => void {
  if (pauses++ === 0) signalCreating('SIGSTOP')
  let resumed = false
  return () => {
    if (resumed) return
    resumed = true
    if (--pauses === 0) signalCreating('SIGCONT')
  }
}

/**
 * Creates a new database in `dataDir` (absent) in a process of its own, on one thread (V8's `--single-threaded`), which
 * pauseDatabaseCreation() stops while `npm start` builds an edit; then it is opened as any other. Creating one
 * (Postgres' initdb in WebAssembly) takes several seconds and keeps more than a core busy, where opening one takes
 * under a second: an edit saved during a first start's creation was built beside it, on what was left of the cores. Made in
 * `<dataDir>.new`, then renamed: a creation stopped half-way (Ctrl+C) leaves no half-made database.
 */
async function createDataDir(dataDir: string): Promise<void> {
  const making = `${path.resolve(dataDir)}.new`
  rmSync(making, { recursive: true, force: true })
  const child = spawn(process.execPath, ['--single-threaded', '--input-type=module', '--eval', CREATE], {
    env: { ...process.env, PGLITE_NEW_DIR: making },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  creating.add(child)
  if (pauses > 0) signalCreating('SIGSTOP')
  let errors = ''
  child.stderr.on('data', (chunk) => (errors += chunk))
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (...ended) => resolve(ended))
  }).finally(() => creating.delete(child))
  if (code !== 0) {
    rmSync(making, { recursive: true, force: true })
    throw new Error(`creating the database in ${dataDir} failed (${signal ? `killed by ${signal}` : `exit code ${code}`}):\n${errors}`)
  }
  renameSync(making, dataDir)
}

/** An in-process PGlite as a SqlDatabase (tests). */
export function wrapPglite(db: PGlite): SqlDatabase {
  return {
    oneStatementAtATime: true,
    query: (text, params) => db.query(text, params),
    exec: (text) => db.exec(text),
    transaction: (fn) => db.transaction((tx) => fn({ query: (text, params) => tx.query(text, params), exec: (text) => tx.exec(text) })),
    close: () => db.close(),
  }
}

/** The data folder is locked by another process that is still running (`npm start`, the outbox script). */
export class DataDirInUseError extends Error {}

/** Fails with DataDirInUseError when another running process holds `dataDir` (checked before a long build). */
export function checkDataDirFree(dataDir: string): void {
  const owner = lockOwner(`${path.resolve(dataDir)}.lock`)
  if (owner !== undefined && owner !== process.pid) throw inUse(dataDir, owner)
}

const inUse = (dataDir: string, owner: number) =>
  new DataDirInUseError(
    `${dataDir} is in use by process ${owner} (\`npm start\`?). Stop it first; the local server sends pending e-mail itself when it starts.`,
  )

/** The running process that holds the lock file, if any. */
function lockOwner(lock: string): number | undefined {
  let owner: number
  try {
    owner = Number(readFileSync(lock, 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  return isRunning(owner) ? owner : undefined
}

function lockDataDir(dataDir: string): () => void {
  mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true })
  const lock = `${path.resolve(dataDir)}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(lock, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = lockOwner(lock)
      if (owner !== undefined) throw inUse(dataDir, owner)
      rmSync(lock, { force: true })
    }
  }
  throw new Error(`could not lock ${dataDir}`)
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
