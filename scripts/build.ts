// `npm run build`: validates data/, refreshes the function's copy of site data, runs `vike build`
// (which prerenders every page), then writes the sitemap and host files and reports.
// Vike prints one line per prerendered file; with ~14,600 pages those become a progress count.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

function run(command: string, args: string[], filter?: (line: string) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!filter || filter(line)) console.log(line)
    })
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))))
  })
}

let prerendered = 0
const progress = (line: string) => {
  if (!/^\s*dist\/client\/\S+\.html\s*$/.test(line.replace(/\x1b\[[0-9;]*m/g, ''))) return true
  if (++prerendered % 2000 === 0) console.log(`  prerendered ${prerendered} pages...`)
  return false
}

try {
  await run('npx', ['tsx', 'scripts/check-data.ts'])
  // The function is deployed apart from the site: keep its copy of data/site.yaml current.
  await run('npx', ['tsx', 'scripts/sync-function-data.ts'])
  await run('npx', ['vike', 'build'], progress)
  console.log(`  prerendered ${prerendered} pages`)
  await run('npx', ['tsx', 'scripts/postbuild.ts'])
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
