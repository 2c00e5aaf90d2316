import { describe, expect, it } from 'vitest'
import { pageContentFiles } from '../../src/catalog/content'
import { catalogueWith, loadWith, problemsWith } from './helpers/dataCopy'

const job = (front: string, body = 'We stripped and refinished 14,000 square feet of vinyl tile over two nights.\n') => `---\n${front}\n---\n\n${body}`

describe('content/', () => {
  it("shows a city's text as HTML, its subheadings under the page's section", () => {
    const catalogue = catalogueWith({
      'content/cities/boise.md': 'Our Boise crews start at *six*.\n\n## Winter\n\nGravel from the foothills roads.\n\n- one\n- two\n',
    })
    const html = catalogue.content.cities.get('boise')?.en?.html
    expect(html).toContain('<em>six</em>')
    expect(html).toContain('<h3>Winter</h3>')
    expect(html).toContain('<li>one</li>')
  })

  it('refuses raw HTML, naming the file and the line', () => {
    const problems = loadWith({ 'content/cities/boise.md': 'First paragraph.\n\n<div class="x">\nboxed\n</div>\n\nSome <b>bold</b> words.\n' })
    expect(problems).toEqual([
      expect.stringMatching(/^content\/cities\/boise\.md line 3: raw HTML is not allowed in content files: write Markdown instead/),
      expect.stringMatching(/^content\/cities\/boise\.md line 7: raw HTML is not allowed .*\(found <b>\)$/),
    ])
  })

  it("counts lines after the front matter, and refuses the page's own title level", () => {
    const problems = loadWith({ 'content/jobs/plano-schools.md': job('city: plano\nservice: strip-wax\ndate: 2026-08\ntitle: Six schools', '# Title\n') })
    expect(problems).toEqual([`content/jobs/plano-schools.md line 8: "#" is the page's own title: write subheadings as "## " (and "### " under them)`])
  })

  it('refuses a job story for an unknown city, naming its file', () => {
    const problems = loadWith({ 'content/jobs/somewhere/index.md': job('city: planoo\nservice: office-cleaning\ndate: 2026-03\ntitle: Night cleaning') })
    expect(problems).toEqual([expect.stringMatching(/^content\/jobs\/somewhere\/index\.md, city: no city has the URL slug "planoo" \(did you mean "plano"/)])
  })

  describe("a job story's photos", () => {
    const front = 'city: plano\nservice: office-cleaning\ndate: 2026-03\ntitle: Night cleaning'
    // Loading reads the photos' names, not their bytes (the build reads them: tests/integration/jobPhotos.test.ts).
    const bytes = 'not read here'

    it('lists the photos beside the story, in the order of its front matter, with their descriptions', () => {
      const catalogue = catalogueWith({
        'content/jobs/plano-night/index.md': job(
          `${front}\nphotos:\n  - file: after.jpg\n    alt: The lobby's floor after the night's work\n  - {file: before.png, alt: The same floor before}`,
        ),
        'content/jobs/plano-night/before.png': bytes,
        'content/jobs/plano-night/after.jpg': bytes,
      })
      const [story] = catalogue.content.jobsByPage.get('plano office-cleaning')!
      expect(story!.photos.map((p) => [p.src, p.alt])).toEqual([
        ['content/jobs/plano-night/after.jpg', "The lobby's floor after the night's work"],
        ['content/jobs/plano-night/before.png', 'The same floor before'],
      ])
    })

    it('refuses a photo without its description, naming the file, the line and the field', () => {
      const problems = loadWith({
        'content/jobs/plano-night/index.md': job(`${front}\nphotos:\n  - file: after.jpg\n  - file: before.jpg\n    alt: before.jpg`),
        'content/jobs/plano-night/after.jpg': bytes,
        'content/jobs/plano-night/before.jpg': bytes,
      })
      expect(problems).toEqual([
        expect.stringMatching(/^content\/jobs\/plano-night\/index\.md line 7, photos\[0\]\.alt: /),
        'content/jobs/plano-night/index.md line 9, photos[1].alt: is a file name: say in a few words what the photo shows instead',
      ])
    })

    it('refuses a listed photo missing from the folder, and a photo in the folder no story lists', () => {
      const missing = loadWith({
        'content/jobs/plano-night/index.md': job(`${front}\nphotos: [{file: After.jpg, alt: The lobby after the night's work}]`),
        'content/jobs/plano-night/after.jpg': bytes,
      })
      expect(missing).toEqual([
        'content/jobs/plano-night/index.md line 6, photos[0].file: "After.jpg" is not beside the story in content/jobs/plano-night/ (there is "after.jpg": write the name exactly as the file is named)',
      ])
      const unlisted = loadWith({
        'content/jobs/plano-night/index.md': job(`${front}\nphotos: [{file: after.jpg, alt: The lobby after the night's work}]`),
        'content/jobs/plano-night/after.jpg': bytes,
        'content/jobs/plano-night/extra.webp': bytes,
        'content/jobs/plano-night/.DS_Store': bytes,
      })
      expect(unlisted).toEqual([
        expect.stringMatching(/^content\/jobs\/plano-night\/extra\.webp: not listed in the story's photos: add it to the front matter of index\.md/),
      ])
    })

    it('refuses photos for a story that is not in a folder of its own, and files that are not photos', () => {
      const problems = loadWith({
        'content/jobs/plano-night.md': job(`${front}\nphotos: [{file: after.jpg, alt: The lobby after the night's work}]`),
        'content/jobs/plano-day/index.md': job(front.replace('03', '04')),
        'content/jobs/plano-day/notes.txt': 'notes',
      })
      expect(problems).toEqual([
        expect.stringMatching(/^content\/jobs\/plano-day\/notes\.txt: a job's folder holds its story \(index\.md, index\.fr\.md\) and its photos/),
        expect.stringMatching(
          /^content\/jobs\/plano-night\.md line 6: a job story's photos go in its folder \(content\/jobs\/<name>\/\) beside its index\.md: make a folder/,
        ),
      ])
    })
  })

  it("names the front matter's line and field", () => {
    const problems = loadWith({ 'content/jobs/x.md': job('city: plano\nservice: office-cleaning\ndate: March 2026\ntitle: Night cleaning') })
    expect(problems).toEqual(['content/jobs/x.md line 4, date: expected the year and month of the job, as YYYY-MM (2026-03)'])
  })

  it('refuses links that lead nowhere', () => {
    const problems = loadWith({ 'content/cities/boise/office-cleaning.md': 'See [the price](prices.html).\n' })
    expect(problems).toEqual([
      expect.stringMatching(/^content\/cities\/boise\/office-cleaning\.md line 1: the link "prices\.html" is neither a page of the site/),
    ])
  })

  it('refuses unknown services and French twins of cities without French pages', () => {
    const problems = loadWith({ 'content/cities/plano/office-clean.md': 'Text.\n', 'content/cities/plano.fr.md': 'Texte.\n' })
    expect(problems).toEqual([
      expect.stringMatching(/^content\/cities\/plano\.fr\.md: Plano has no French pages/),
      expect.stringMatching(/^content\/cities\/plano\/office-clean\.md: no service has the URL slug "office-clean"/),
    ])
  })

  it('refuses the retired local_note column and local-notes.csv, naming the content/ files to write', () => {
    const withColumn = problemsWith('cities.csv', (csv) =>
      csv.replace(/^(name,.*)$/m, '$1,local_note').replace(/^(Boise,ID,US,.*)$/m, '$1,Crews in Garden City.'),
    )
    expect(withColumn).toEqual([
      expect.stringMatching(/^data\/cities\.csv line 1, column "local_note": .*content\/cities\/<city-slug>\.md .*npm run content:migrate/),
    ])
    const withFile = loadWith({ 'local-notes.csv': 'city,service,note\nplano,office-cleaning,Six schools.\n' })
    expect(withFile).toEqual([expect.stringMatching(/^data\/local-notes\.csv: .*content\/cities\/<city-slug>\/<service-slug>\.md/)])
  })

  it("gives a page's content files, its own first", () => {
    expect(pageContentFiles('plano', null, 'en')).toEqual(['content/cities/plano.md'])
    expect(pageContentFiles('laval', 'office-cleaning', 'fr')).toEqual(['content/cities/laval/office-cleaning.fr.md', 'content/cities/laval.fr.md'])
  })
})
