// Throwaway: figures for the staff guide (not committed).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { measureSite } from './src/build/keptMeasure'
import { loadCatalogue } from './src/catalog/index'

const BILLINGS = `Billings sits on the Yellowstone River under the Rimrocks, and most of our work here is in the offices and clinics between the Heights and the West End.

Our crew leader has lived in Billings for eleven years and plans every route around the morning traffic on 27th Street. In winter the city spreads sand and de-icer on every downtown sidewalk, so from November to March we vacuum entry mats nightly and scrub the grit out of lobby tile once a week.

Chinook winds can lift the temperature forty degrees in a day, which leaves a fine film of dust on window sills and vents that we wipe down after each warm spell. Clients near the airport on the Rims ask for early visits before their first flights leave at six. We keep a spare floor machine in our storage unit on Grand Avenue so that a breakdown never cancels a scheduled strip and wax.
`
const LAVAL = `Laval est une île, et nos équipes y travaillent surtout dans les bureaux et les cliniques de Chomedey, de Sainte-Rose et du centre-ville, près de la station Montmorency.

Notre chef d’équipe habite Vimont depuis neuf ans et planifie les tournées en fonction de la circulation sur l’autoroute 440. De novembre à mars, le sel et le gravier des stationnements s’accumulent dans les entrées, alors nous passons l’aspirateur sur les tapis chaque soir et nous récurons les carreaux des halls une fois par semaine.

Au printemps, la fonte des neiges laisse une boue fine que nous retirons des plinthes et des bouches d’aération. Plusieurs cliniques du boulevard Le Corbusier demandent un passage après dix-neuf heures, quand les patients sont partis. Nous gardons une machine à plancher de rechange dans notre entrepôt du boulevard Saint-Martin, pour qu’une panne n’annule jamais un décapage prévu.
`
const JOB = `---
city: plano
service: office-cleaning
date: 2026-09
title: Nightly cleaning for a three-floor insurance office
---

A regional insurance office moved 240 employees onto three floors in August and asked us for a crew five nights a week.

Two cleaners and a floor technician start at 7 pm, after the last shift leaves. The break rooms get a full wipe-down of counters, microwaves and refrigerator handles every night, and the open-plan carpet is vacuumed with HEPA machines. Once a month the technician extracts coffee stains around the workstations, and every quarter we shampoo the conference rooms before the board meets.

The office manager used to send a dozen notes a week about missed bins and sticky counters. After the first month she sent none, and in October the company added its second building across the parking lot to our route.
`
const PAGE = `Most of the offices we clean in Plano are in the corporate campuses along the Dallas North Tollway and in Legacy West, where tenants share lobbies, elevators and parking garages with other companies.

Our Plano crews start after 6 pm, when the badge readers switch to after-hours mode, and finish before the early shift arrives at six. Each building gets a written route: the order of the floors, the alarm codes kept by the building manager, and the rooms that stay locked.

Spring hailstorms and the dust of the North Texas wind reach the entrances first, so from March to May we change the walk-off mats twice a week and wipe the glass doors every night. In August, when the heat keeps people indoors at lunch, break rooms and restrooms need a second check at midday; we add a day porter for the busiest floors.

Hard water is the other local problem. Coffee machines, ice makers and faucets scale quickly here, and we descale them every month instead of every quarter.

Our supervisor for Plano walks each office with its facilities manager on the first Monday of the month, with the route in hand, and changes it after every move or new lease. Tenants who share a floor can split the visit, each paying for its own suites, and the common corridors are billed to the landlord.

When a company moves in, we clean the empty suite the week before, then start the nightly route on the first day, so that nobody finds boxes and dust on their desks on Monday.
`
const words = (t: string) => t.replace(/^---[^]*?---/, '').split(/\s+/).filter(Boolean).length
const root = mkdtempSync(path.join(os.tmpdir(), 'measure-'))
cpSync(path.resolve('data'), path.join(root, 'data'), { recursive: true })
const w = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, 'content', file)), { recursive: true })
  writeFileSync(path.join(root, 'content', file), text)
}
const show = (label: string, urls: string[]) => {
  const t = Date.now()
  const index = measureSite(loadCatalogue(path.join(root, 'data')))
  const by = new Map(index.pages.map((p) => [p.path, p]))
  for (const url of urls) {
    const p = by.get(url)!
    console.log(`${label}: ${url} ${p.similarity.toFixed(2)} like ${p.twin}, ${p.indexed ? 'in' : 'out'}, wanting ${p.wanting} words`)
  }
  console.log(`  (${((Date.now() - t) / 1000).toFixed(1)} s)`)
}
const urls = ['/local-services/billings', '/billings-office-cleaning-janitorial', '/fr/services-locaux/laval', '/plano-office-cleaning-janitorial', '/local-services/plano']
console.log(`words: billings ${words(BILLINGS)}, laval ${words(LAVAL)}, job ${words(JOB)}, page ${words(PAGE)}`)
show('nothing', urls)
w('cities/billings.md', BILLINGS)
show('billings.md', urls.slice(0, 2))
w('cities/laval.fr.md', LAVAL)
show('laval.fr.md', urls.slice(2, 3))
w('jobs/plano-insurance/index.md', JOB)
show('job story', urls.slice(3))
w('cities/plano/office-cleaning.md', PAGE)
show('job story + page text', urls.slice(3))
rmSync(path.join(root, 'content/jobs'), { recursive: true })
show('page text alone', urls.slice(3))
rmSync(root, { recursive: true, force: true })
