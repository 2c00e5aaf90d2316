import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface ServerProcess {
  url: string
  child: ChildProcess
  /** Everything the process printed so far. */
  output(): string
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<string>
  /** SIGTERM (a clean stop), or SIGKILL (a crash). */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<string>
}

const SERVE = path.resolve('tests/server/helpers/serve.ts')

/**
 * Starts the local server in its own process (tests/server/helpers/serve.ts) and waits until it listens. Its one-page
 * site is made here and deleted once the process has ended, however it ended.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'quote-serve-'))
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>test site</title>')
  const child = spawn(process.execPath, ['--import', 'tsx', SERVE], {
    env: { ...process.env, RATE_LIMIT_MAX: '100000', ...env, SITE_ROOT: root },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => {
      rmSync(root, { recursive: true, force: true })
      resolve(signal ?? `exit code ${code}`)
    }),
  )
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${output}`)), 60_000)
    child.stdout.on('data', () => {
      const match = /listening on (\d+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    })
    void exited.then((how) => {
      clearTimeout(timer)
      reject(new Error(`the server ended (${how}) before it listened:\n${output}`))
    })
  })
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}
