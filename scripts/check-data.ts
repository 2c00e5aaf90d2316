// Validates data/ without building: `npm run check:data`. Also the first step of `npm run build`.
import { DataError, loadCatalogue } from '../src/catalog/index'
import { sitePaths } from '../src/urls/sitePaths'

const started = performance.now()
try {
  const catalogue = loadCatalogue()
  for (const c of catalogue.collisions) {
    console.log(`slug collision "${c.slug}": ${c.kept} keeps /${c.slug}-…; ${c.renamed.map((r) => `${r.city} → /${r.slug}-…`).join('; ')}`)
  }
  const paths = sitePaths(catalogue)
  const total = paths.static.length + paths.services.length + paths.cityServices.length + paths.notFound.length + 1
  console.log(
    `data OK: ${catalogue.cities.length} cities, ${catalogue.services.length} services, ${catalogue.collisions.length} slug collisions resolved; ` +
      `${total} pages (${paths.cityServices.length} city-service) in ${Math.round(performance.now() - started)} ms`,
  )
} catch (error) {
  if (!(error instanceof DataError)) throw error
  console.error(error.message)
  console.error('\nFix the lines above in the data files, then run `npm run check:data` again.')
  process.exit(1)
}
