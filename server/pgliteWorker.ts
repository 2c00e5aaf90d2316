// Runs PGlite on its own thread (see openPglite in pglite.ts): its WebAssembly blocks the thread
// that runs it, which would otherwise be the one serving pages and answering the form.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'

export type Command =
  | { id: number; kind: 'query'; text: string; params?: unknown[]; tx?: number }
  | { id: number; kind: 'exec'; text: string; tx?: number }
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'commit' | 'rollback'; tx: number }
  | { id: number; kind: 'close' }

export type Reply = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: { message: string; code?: string } }

const port = parentPort!
const db = await PGlite.create((workerData as { dataDir?: string }).dataDir ? { dataDir: (workerData as { dataDir: string }).dataDir } : {})
const open = new Map<number, { tx: Transaction; finish: (commit: boolean) => void; done: Promise<unknown> }>()
const rollback = new Error('rollback')

async function run(command: Command): Promise<unknown> {
  switch (command.kind) {
    case 'query': {
      const target = command.tx === undefined ? db : open.get(command.tx)!.tx
      return { rows: (await target.query(command.text, command.params)).rows }
    }
    case 'exec':
      await (command.tx === undefined ? db : open.get(command.tx)!.tx).exec(command.text)
      return undefined
    case 'begin':
      return new Promise<number>((started, failed) => {
        const entry = { tx: undefined as unknown as Transaction, finish: (_commit: boolean) => undefined as void, done: Promise.resolve() as Promise<unknown> }
        entry.done = db.transaction(async (tx) => {
          entry.tx = tx
          const commit = await new Promise<boolean>((resolve) => {
            entry.finish = resolve
            open.set(command.id, entry)
            started(command.id)
          })
          if (!commit) throw rollback
        })
        entry.done.catch(failed)
      })
    case 'commit':
    case 'rollback': {
      const entry = open.get(command.tx)!
      open.delete(command.tx)
      entry.finish(command.kind === 'commit')
      await entry.done.catch((error: unknown) => {
        if (error !== rollback) throw error
      })
      return undefined
    }
    case 'close':
      await db.close()
      return undefined
  }
}

port.on('message', (command: Command) => {
  run(command).then(
    (value) => port.postMessage({ id: command.id, ok: true, value } satisfies Reply),
    (error: { message?: string; code?: string }) =>
      port.postMessage({ id: command.id, ok: false, error: { message: String(error.message), code: error.code } } satisfies Reply),
  )
})
port.postMessage({ id: 0, ok: true } satisfies Reply)
