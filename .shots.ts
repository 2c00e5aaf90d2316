// Throwaway: screenshots of hubs with job cards (not committed).
import { mkdirSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import sirv from 'sirv'
import { chromium } from 'playwright-core'
import { copyProject } from './scripts/lib/projectCopy'
import { buildSite } from './src/build/build'
import { keepCitiesOfStates } from './tests/helpers/smallerSite'

const copy = copyProject()
keepCitiesOfStates(copy.root, ['TX', 'QC'])
const w = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(copy.root, 'content', file)), { recursive: true })
  writeFileSync(path.join(copy.root, 'content', file), text)
}
const job = (city: string, service: string, date: string, title: string, body: string) => `---\ncity: ${city}\nservice: ${service}\ndate: ${date}\ntitle: ${title}\n---\n\n${body}\n`
w('jobs/plano-a.md', job('plano', 'office-cleaning', '2026-09', 'Nightly cleaning for a three-floor insurance office', 'A regional insurance office moved 240 employees onto three floors in August and asked us for a crew five nights a week.'))
w('jobs/plano-b.md', job('plano', 'strip-wax', '2026-08', 'Six elementary schools stripped and refinished before classes', 'Every August we strip the vinyl tile of six schools and lay four coats of finish, two buildings a week.'))
w('jobs/plano-c.md', job('plano', 'window-cleaning', '2026-05', 'Spring window cleaning for a medical tower', 'Pollen season leaves a yellow film on the south face of the tower; we wash its 900 panes in two weekends.'))
w('jobs/laval-a.fr.md', job('laval', 'office-cleaning', '2026-10', 'Entretien de nuit pour une clinique de Chomedey', 'Une clinique de trois étages nous confie son entretien cinq soirs par semaine, après dix-neuf heures.'))
w('jobs/laval-b.fr.md', job('laval', 'strip-wax', '2026-07', 'Décapage des corridors d’une école de Sainte-Rose', 'Chaque été, nous décapons et cirons les corridors de l’école avant la rentrée.'))
const start = Date.now()
await buildSite({ root: copy.root, log: () => undefined, photoCache: path.join(copy.root, 'photo-cache') })
console.log(`built in ${((Date.now() - start) / 1000).toFixed(1)} s`)
const serve = sirv(path.join(copy.root, 'dist/client'), { extensions: ['html'] })
const server = http.createServer((req, res) => serve(req, res, () => ((res.statusCode = 404), res.end('404'))))
await new Promise<void>((resolve) => server.listen(3301, '127.0.0.1', resolve))
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const measure = () => {
  const select = document.querySelector<HTMLSelectElement>('#quote-service')!
  const style = getComputedStyle(select)
  const context = document.createElement('canvas').getContext('2d')!
  context.font = style.font
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16
  return [...select.options].filter((o) => context.measureText(o.text).width > room).map((o) => `${o.text} (${select.clientWidth} px)`)
}
for (const url of ['/local-services/plano', '/fr/services-locaux/laval', '/services/office-cleaning', '/plano-office-cleaning-janitorial']) {
  for (const width of [320, 375, 768, 1366, 1920]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    await page.goto(`http://127.0.0.1:3301${url}`)
    const name = `${url.replaceAll('/', '_')}-${width}`
    await page.screenshot({ path: `/tmp/i59c-shots/${name}.png`, fullPage: true })
    const clipped = await page.evaluate(measure)
    let old: string[] = []
    if (width === 1366) {
      await page.evaluate(() => document.querySelector('[data-quote-form] > .grid')!.classList.replace('@lg:grid-cols-2', 'sm:grid-cols-2'))
      old = await page.evaluate(measure)
    }
    const wide = await page.evaluate(() => document.documentElement.scrollWidth)
    console.log(`${name}: clipped ${JSON.stringify(clipped)} scrollWidth ${wide}${width === 1366 ? ` | with the old grid: ${old.length} clipped, e.g. ${old[0]}` : ''}`)
    await page.close()
  }
}
await browser.close()
server.close()
copy.remove()
