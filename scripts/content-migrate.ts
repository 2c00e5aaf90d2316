// `npm run content:migrate`: moves the texts of data/cities.csv's local_note columns and of data/local-notes.csv into
// Markdown files of content/ (scripts/lib/contentMigration.ts).
import { DataError, reportDataError } from '../src/catalog/errors'
import { migrateContent } from './lib/contentMigration'

try {
  const written = migrateContent(process.cwd())
  for (const file of written) console.log(`wrote ${file}`)
  console.log(
    `${written.length} text${written.length === 1 ? '' : 's'} moved to content/; the local_note columns and data/local-notes.csv are gone. Check with npm run check:data.`,
  )
} catch (error) {
  if (!(error instanceof DataError)) throw error
  reportDataError(error, 'npm run content:migrate')
  process.exit(1)
}
