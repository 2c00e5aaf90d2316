import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { migrateContent } from '../../scripts/lib/contentMigration'

let root: string
afterEach(() => rmSync(root, { recursive: true, force: true }))

/** A copy of data/ in a new project folder. */
function project() {
  root = mkdtempSync(path.join(os.tmpdir(), 'migrate-'))
  cpSync(path.resolve('data'), path.join(root, 'data'), { recursive: true })
  return path.join(root, 'data')
}

describe('npm run content:migrate', () => {
  it("moves the local_note cells and local-notes.csv's rows into content/, after which the data loads", () => {
    const data = project()
    const csv = readFileSync(path.join(data, 'cities.csv'), 'utf8')
    const edited = csv
      .replace(/^(name,.*)$/m, '$1,local_note,local_note_fr')
      .replace(/^(Boise,ID,US,[^\n]*)$/m, '$1,"Our Boise crew starts at the ""Capitol"", then goes west.",')
      .replace(/^(Montréal,QC,CA,[^\n]*)$/m, '$1,,Nos équipes couvrent le Plateau.')
      .replace(/^((?!name,|Boise,ID|Montréal,QC)[^\n]+)$/gm, '$1,,')
    writeFileSync(path.join(data, 'cities.csv'), edited)
    writeFileSync(path.join(data, 'local-notes.csv'), 'city,service,note,note_fr\nplano,office-cleaning,Six schools every August.,\n')
    expect(() => loadCatalogue(data)).toThrow(/content\/cities\/<city-slug>\.md/)

    expect(migrateContent(root).sort()).toEqual(['content/cities/boise.md', 'content/cities/montreal.fr.md', 'content/cities/plano/office-cleaning.md'])
    expect(readFileSync(path.join(root, 'content/cities/boise.md'), 'utf8')).toBe('Our Boise crew starts at the "Capitol", then goes west.\n')
    expect(readFileSync(path.join(data, 'cities.csv'), 'utf8')).toBe(csv)
    expect(existsSync(path.join(data, 'local-notes.csv'))).toBe(false)
    const catalogue = loadCatalogue(data)
    expect(catalogue.content.cities.get('montreal')?.fr?.html).toBe('<p>Nos équipes couvrent le Plateau.</p>')
    expect(catalogue.content.pages.get('plano office-cleaning')?.en?.html).toBe('<p>Six schools every August.</p>')
  })

  it('changes nothing where there is nothing to move, and never overwrites a content file', () => {
    const data = project()
    const before = readFileSync(path.join(data, 'cities.csv'))
    expect(migrateContent(root)).toEqual([])
    expect(readFileSync(path.join(data, 'cities.csv'))).toEqual(before)
    writeFileSync(path.join(data, 'local-notes.csv'), 'city,service,note\nplano,office-cleaning,Six schools.\n')
    const own = path.join(root, 'content/cities/plano/office-cleaning.md')
    mkdirSync(path.dirname(own), { recursive: true })
    writeFileSync(own, 'Our own text, written before.\n')
    expect(() => migrateContent(root)).toThrow(/local-notes\.csv line 2, column "note": content\/cities\/plano\/office-cleaning\.md already exists/)
  })
})
