import type { Lang } from '../i18n/lang'
import type { Trust } from './site'

/**
 * The certifications a text claims: the names written before "certified" ("Green Seal certified", "Green Seal or EPA
 * Safer Choice certified products") or after "certified by", and in French after « certifié(e)(s) » or « certifié… par »
 * (« certifiés Green Seal et Safer Choice »). A name is a run of capitalised words, several joined by and/or/et/ou.
 * Lowercase words around "certified" ("certified green products", "Certified neutral cleaners") name nothing.
 */
function claimedCertifications(text: string, lang: Lang): string[] {
  const word = String.raw`[\p{Lu}\p{N}][\p{L}\p{N}&.\u2019'-]*`
  const name = String.raw`${word}(?:\s+${word})*`
  const join = lang === 'fr' ? String.raw`(?:,\s*|\s+(?:et|ou)\s+)` : String.raw`(?:,\s*|\s+(?:and|or|&)\s+)`
  const names = String.raw`${name}(?:${join}${name})*`
  const patterns =
    lang === 'fr'
      ? [new RegExp(String.raw`\bcertifi(?:\u00e9|\u00e9e|\u00e9s|\u00e9es)\s+(?:par\s+(?:l[\u2019']|le\s+|la\s+)?)?(${names})`, 'gu')]
      : [new RegExp(String.raw`(${names})[\s-]+certified\b`, 'gu'), new RegExp(String.raw`\bcertified\s+by\s+(?:the\s+)?(${names})`, 'giu')]
  const claims = patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1]!))
  return claims.flatMap((claim) => claim.split(new RegExp(join, 'u'))).map((c) => c.trim())
}

/** Whether site.yaml lists the certification a claim names (its name or its body, either containing the other, case aside). */
function isListed(claim: string, trust: Trust): boolean {
  const c = claim.toLowerCase()
  return (trust.certifications ?? []).some((cert) =>
    [cert.name, cert.nameFr, cert.body].some((n) => n !== undefined && (n.toLowerCase().includes(c) || c.includes(n.toLowerCase()))),
  )
}

/** A text of the copy, where it is: `{ file: 'data/services.yaml', field: 'services.green-cleaning.description', text, lang }`. */
export interface CopyText {
  file: string
  field: string
  text: string
  lang: Lang
}

/**
 * check:data's warnings for the copy that claims a certification site.yaml's `trust.certifications` does not list:
 * the copy and the data must agree (docs/staff-guide.md, "What a buyer checks"). `lineOf` finds a text's line in its file.
 */
export function certificationWarnings(texts: readonly CopyText[], trust: Trust, siteFile: string, lineOf: (file: string, text: string) => number | undefined) {
  const warnings: string[] = []
  for (const { file, field, text, lang } of texts) {
    for (const claim of claimedCertifications(text, lang)) {
      if (isListed(claim, trust)) continue
      const line = lineOf(file, text)
      warnings.push(
        `${file}${line ? ` line ${line}` : ''}, ${field}: the copy claims "${claim}" certification, but ${siteFile} lists no such certification in trust.certifications: add it there with its body and number, or change the copy (say what the products carry, e.g. ${lang === 'fr' ? `« des produits portant l’écolabel ${claim} »` : `"products carrying the ${claim} label"`})`,
      )
    }
  }
  return warnings
}

/** Every string of a value (a service, the site's texts) with its key path, for the checks of the copy. */
export function copyTexts(value: unknown, file: string, lang: Lang, path: string): CopyText[] {
  if (typeof value === 'string') return [{ file, field: path, text: value, lang }]
  if (Array.isArray(value)) return value.flatMap((item, i) => copyTexts(item, file, lang, `${path}[${i}]`))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => copyTexts(item, file, lang, path ? `${path}.${key}` : key))
  return []
}
