// `npm run bench -- --start`'s open page (issue 59): under `npm start`, seconds from a save to the page open in
// Chromium showing it, reloaded by the page itself (server/staff/): a content file of the page created or deleted (its
// panel says whether it exists), and a one-row edit of data/cities.csv (the city's name on its hub).
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { launchBrowser } from './browser'
import { freePort } from './freePort'

const PAGE = '/local-services/boise'
const CONTENT_FILE = 'content/cities/boise.md'

/** The open page's latencies, `runs` times each, in the project copy at `root` (built or not). */
export async function openPageLatency(root: string, runs: number): Promise<{ content: number[]; data: number[] }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: path.join(root, '.data-open-page') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const browser = await launchBrowser()
  try {
    const deadline = Date.now() + 300_000
    while (!output.includes('The site is at')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm start did not come up:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await tab.goto(`http://127.0.0.1:${port}${PAGE}`)
    /** Seconds from `save()` to the open page, reloaded by itself, passing `shows`. */
    const measure = async (save: () => void, shows: (tab: Page) => Promise<boolean>) => {
      await tab.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))
      await tab.waitForTimeout(1_500) // the page listens from a second after its load (server/staff/assets.ts)
      const saved = performance.now()
      save()
      for (;;) {
        const reloaded = await tab.evaluate(() => !(window as unknown as { notReloaded?: boolean }).notReloaded).catch(() => false)
        if (reloaded && (await shows(tab).catch(() => false))) return (performance.now() - saved) / 1000
        if (performance.now() - saved > 30_000) throw new Error(`the open page did not show the save within 30 s:\n${output.slice(-2000)}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }
    const exists = (yes: boolean) => async (tab: Page) => (await tab.locator(`[data-staff-panel] [data-staff-exists="${yes ? 'yes' : 'no'}"]`).count()) > 0
    const content: number[] = []
    const data: number[] = []
    const file = path.join(root, CONTENT_FILE)
    const csv = path.join(root, 'data/cities.csv')
    console.log(`  npm start, the open page ${PAGE} in Chromium, from a save to the page showing it (it reloads itself):`)
    for (let i = 0; i < runs; i++) {
      const created = !readFileSync(csv, 'utf8').includes('Boise City,')
      content.push(
        await measure(() => {
          mkdirSync(path.dirname(file), { recursive: true })
          if (created) writeFileSync(file, 'Our crews in Boise.\n')
          else rmSync(file)
        }, exists(created)),
      )
      console.log(`    ${content.at(-1)!.toFixed(2)} s: ${CONTENT_FILE} ${created ? 'created' : 'deleted'}`)
      const [from, to] = created ? ['Boise,ID,US', 'Boise City,ID,US'] : ['Boise City,ID,US', 'Boise,ID,US']
      const name = to.split(',')[0]!
      data.push(
        await measure(
          () => writeFileSync(csv, readFileSync(csv, 'utf8').replace(from, to)),
          async (tab) => (await tab.locator('h1').innerText()).endsWith(` in ${name}`),
        ),
      )
      console.log(`    ${data.at(-1)!.toFixed(2)} s: the city renamed ${name} in data/cities.csv`)
    }
    return { content, data }
  } finally {
    await browser.close()
    child.kill('SIGTERM')
    await exited
    rmSync(path.join(root, '.data-open-page'), { recursive: true, force: true })
  }
}
