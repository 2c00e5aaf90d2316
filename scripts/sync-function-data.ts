// Copies what the send-contact-email function needs from data/site.yaml into
// supabase/functions/_shared/site.json: the function is deployed without the rest of the repository.
// `tsx scripts/sync-function-data.ts` writes it; `--check` only fails when it is out of date.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { loadSite, type Site } from '../src/catalog/site'
import type { SiteData } from '../supabase/functions/send-contact-email/config.ts'

export const SITE_JSON = 'supabase/functions/_shared/site.json'

export function functionSiteData(site: Site): SiteData {
  return { company: site.company, email: site.email, siteUrl: site.siteUrl, quoteServiceChoices: site.quoteServiceChoices }
}

export function siteJsonText(siteYaml = 'data/site.yaml'): string {
  return `${JSON.stringify(functionSiteData(loadSite(siteYaml)), null, 2)}\n`
}

/** Returns whether the file was already up to date; writes it unless `check`. */
export function syncFunctionData({ root = process.cwd(), check = false } = {}): boolean {
  const file = path.join(root, SITE_JSON)
  const expected = siteJsonText(path.join(root, 'data/site.yaml'))
  let current: string | undefined
  try {
    current = readFileSync(file, 'utf8')
  } catch {
    current = undefined
  }
  if (current === expected) return true
  if (!check) writeFileSync(file, expected)
  return false
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check')
  const upToDate = syncFunctionData({ check })
  if (check && !upToDate) {
    console.error(`${SITE_JSON} is out of date with data/site.yaml: run \`npx tsx scripts/sync-function-data.ts\``)
    process.exit(1)
  }
  console.log(upToDate ? `${SITE_JSON} is up to date` : `${SITE_JSON} updated from data/site.yaml`)
}
