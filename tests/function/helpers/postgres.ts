import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from '../../../scripts/lib/freePort'

const run = promisify(execFile)

/** The binaries of Debian's `postgresql` package (or PG_BIN), newest version first. */
function findPostgresBin(): string | undefined {
  if (process.env.PG_BIN) return existsSync(path.join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : undefined
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return undefined
  return readdirSync(base)
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(base, version, 'bin'))
    .find((bin) => existsSync(path.join(bin, 'initdb')))
}

const POSTGRES_BIN = findPostgresBin()
export const POSTGRES_MISSING =
  "PostgreSQL is not installed: these tests need Debian's `postgresql` package (apt-get install -y postgresql) or PG_BIN pointing at its binaries."

/** Without PostgreSQL the tests are skipped locally, but fail in CI (CI is set). */
export const postgresMode: 'run' | 'skip' | 'fail' = POSTGRES_BIN ? 'run' : process.env.CI ? 'fail' : 'skip'

export interface TestCluster {
  url: string
  /** Stops the server as an administrator would (`pg_ctl stop -m fast`: running sessions are terminated); the data stays. */
  shutdown(): Promise<void>
  /** Starts the stopped server again on the same port. */
  restart(): Promise<void>
  /** SIGSTOP / SIGCONT to the server's processes: a server that stops answering, as behind a network partition. */
  freeze(): void
  thaw(): void
  /** Stops the server for good and deletes its files. */
  stop(): Promise<void>
}

/**
 * A throwaway PostgreSQL cluster in a temporary folder on a free loopback port. initdb refuses to
 * run as root, so as root the cluster belongs to the `postgres` user.
 */
export async function startCluster(): Promise<TestCluster> {
  if (!POSTGRES_BIN) throw new Error(POSTGRES_MISSING)
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quote-pg-'))
  const asRoot = process.getuid?.() === 0
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(POSTGRES_BIN, tool), ...args]) : run(path.join(POSTGRES_BIN, tool), args)
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()))
  }
  const data = path.join(dir, 'data')
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'])
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`
  const start = () => pg('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', 'start'])
  await start()
  let frozen: number[] = []
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async shutdown() {
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
    },
    async restart() {
      await start()
    },
    freeze() {
      frozen = serverProcesses(data)
      for (const pid of frozen) process.kill(pid, 'SIGSTOP')
    },
    thaw() {
      for (const pid of frozen) process.kill(pid, 'SIGCONT')
      frozen = []
    },
    async stop() {
      for (const pid of frozen) process.kill(pid, 'SIGCONT')
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The postmaster of a data folder (first line of postmaster.pid) and its child processes. */
function serverProcesses(data: string): number[] {
  const postmaster = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // /proc/<pid>/stat: "pid (name) state ppid ..."; the name may hold spaces, so read after the last ')'.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster
      } catch {
        return false
      }
    })
    .map(Number)
  return [postmaster, ...children]
}
