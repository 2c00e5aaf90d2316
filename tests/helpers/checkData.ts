import { spawnSync } from 'node:child_process'
import path from 'node:path'

/** `npm run check:data` (package.json's command) run in `cwd`, a folder with a data/ of its own: its exit status and output. */
export function runCheckData(cwd: string, args: string[] = []): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [path.resolve('scripts/check-data.mjs'), ...args], { cwd, encoding: 'utf8' })
  return { status: run.status, stdout: run.stdout, stderr: run.stderr }
}
