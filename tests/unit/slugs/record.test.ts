import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type DataError } from '../../../src/catalog/errors'
import { readSlugRecord, writeSlugRecord, type SlugRecordRow } from '../../../src/slugs/record'

const row = (slug: string, name: string, state: string, status: SlugRecordRow['status']): SlugRecordRow => ({ slug, name, state, country: 'US', status })
/** The record after Springfield, MO moved to `springfield-mo`, in the order the build writes it. */
const RECORD = [
  row('aurora', 'Aurora', 'CO', 'live'),
  row('boise', 'Boise', 'ID', 'live'),
  row('springfield', 'Springfield', 'MO', 'moved'),
  row('springfield-il', 'Springfield', 'IL', 'live'),
  row('springfield-ma', 'Springfield', 'MA', 'live'),
  row('springfield-mo', 'Springfield', 'MO', 'live'),
]

describe('the record file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'slugs-'))
  const file = path.join(dir, 'city-slugs.csv')
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('is absent before the first build', () => {
    expect(readSlugRecord(file)).toBeNull()
  })

  it('is written sorted by slug, read back as written, and rewritten only when it changes', () => {
    expect(writeSlugRecord(file, RECORD)).toBe(true)
    expect(readFileSync(file, 'utf8')).toBe(
      'slug,name,state,country,status,redirects_to\n' +
        'aurora,Aurora,CO,US,live,\nboise,Boise,ID,US,live,\nspringfield,Springfield,MO,US,moved,/springfield-mo-{service}\n' +
        'springfield-il,Springfield,IL,US,live,\nspringfield-ma,Springfield,MA,US,live,\nspringfield-mo,Springfield,MO,US,live,\n',
    )
    expect(readSlugRecord(file)).toEqual(RECORD)
    expect(writeSlugRecord(file, RECORD)).toBe(false)
  })

  it('names the line of a row edited by hand, and what to do', () => {
    writeFileSync(file, 'slug,name,state,country,status\nboise,Boise,ID,US,live\nBoise City,Boise,ID,US,gone\nboise,Boise,ID,US,moved\n')
    let problems: string[] = []
    try {
      readSlugRecord(file, 'data/city-slugs.csv')
    } catch (error) {
      problems = (error as DataError).problems
    }
    const undo = '(data/city-slugs.csv is written by npm run build: undo the edits made to it by hand)'
    expect(problems).toEqual([
      `data/city-slugs.csv line 3, column "slug": "Boise City" is not a URL slug ${undo}`,
      `data/city-slugs.csv line 3, column "status": expected live, moved or removed, got "gone" ${undo}`,
      `data/city-slugs.csv line 4: the slug "boise" is also on line 2 ${undo}`,
    ])
  })
})
