// Issue 16: the English copy is written for US readers, so in US spelling ("specialized", not "specialised"). The
// French copy is left out: « centre », « fibres » are French words.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { enGbSpellings } from '../helpers/enGbSpellings'

/** Every string of a parsed YAML value with its key path, leaving out the keys `skip` (the French blocks). */
function strings(value: unknown, skip: string[], at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]]
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, skip, `${at}[${i}]`))
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => (skip.includes(key) ? [] : strings(item, skip, at ? `${at}.${key}` : key)))
  }
  return []
}

const problemsOf = (texts: [string, string][], where = '') =>
  texts.flatMap(([at, text]) => enGbSpellings(text).map((p) => `${where ? `${where} ` : ''}${at}: ${p}`))

/** The texts of the `en` blocks of src/ (the COPY object of each component, the not-found texts, the toasts…). */
function englishCopyOfSource(): [string, string][] {
  const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.join('src', f))
  const found: [string, string][] = []
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    const collect = (node: ts.Node, inEnglish: boolean) => {
      if (
        inEnglish &&
        (ts.isStringLiteral(node) ||
          ts.isNoSubstitutionTemplateLiteral(node) ||
          ts.isTemplateHead(node) ||
          ts.isTemplateMiddle(node) ||
          ts.isTemplateTail(node) ||
          ts.isJsxText(node))
      ) {
        found.push([`${file} line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`, node.text])
      }
      const english = inEnglish || (ts.isPropertyAssignment(node) && node.name.getText(source) === 'en')
      node.forEachChild((child) => collect(child, english))
    }
    collect(source, false)
  }
  return found
}

describe('US spelling in the English copy', () => {
  it('data/services.yaml, and the English parts of data/regions.yaml and data/site.yaml', () => {
    const problems = [
      ...problemsOf(strings(parse(readFileSync('data/services.yaml', 'utf8')), []), 'data/services.yaml'),
      ...problemsOf(strings(parse(readFileSync('data/regions.yaml', 'utf8')), ['fr']), 'data/regions.yaml'),
      ...problemsOf(strings(parse(readFileSync('data/site.yaml', 'utf8')), ['french']), 'data/site.yaml'),
    ]
    expect(problems).toEqual([])
  })

  it('the English texts of src/ (the `en` block of each COPY object, the not-found texts, the toasts)', () => {
    const texts = englishCopyOfSource()
    expect(texts.some(([, text]) => text.startsWith('Sixteen'))).toBe(true)
    expect(problemsOf(texts)).toEqual([])
  })
})
