// The schema.org vocabulary (as published in @zazuko/rdf-vocabularies), and a check of JSON-LD against it: every
// type exists and is not deprecated or superseded, every property exists and belongs to the type (or one of its
// supertypes), and every value fits the property's range.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const SCHEMA = 'http://schema.org/'
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#'

export interface Vocabulary {
  classes: Set<string>
  properties: Set<string>
  parents: Map<string, Set<string>>
  domains: Map<string, Set<string>>
  ranges: Map<string, Set<string>>
  retired: Map<string, string>
  dataTypes: Set<string>
}

let loaded: Vocabulary | undefined

function schemaOrg(): Vocabulary {
  if (loaded) return loaded
  // The package's documented way to the raw file of one vocabulary.
  const file = path.resolve(createRequire(import.meta.url).resolve('@zazuko/rdf-vocabularies'), '..', 'ontologies', 'schema.nq')
  const v: Vocabulary = {
    classes: new Set(),
    properties: new Set(),
    parents: new Map(),
    domains: new Map(),
    ranges: new Map(),
    retired: new Map(),
    dataTypes: new Set(),
  }
  const add = (map: Map<string, Set<string>>, key: string, value: string) => map.set(key, (map.get(key) ?? new Set()).add(value))
  const term = (iri: string) => (iri.startsWith(SCHEMA) ? iri.slice(SCHEMA.length) : null)
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^<([^>]+)> <([^>]+)> (?:<([^>]+)>|"((?:[^"\\]|\\.)*)"\S*) <[^>]+> \.$/.exec(line)
    if (!m) continue
    const [, s, p, o, literal] = m
    const subject = term(s!)
    if (!subject) continue
    if (p === RDF_TYPE && o === `${RDFS}Class`) v.classes.add(subject)
    else if (p === RDF_TYPE && o === 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property') v.properties.add(subject)
    else if (p === RDF_TYPE && o === `${SCHEMA}DataType`) v.dataTypes.add(subject)
    else if (p === `${RDFS}subClassOf` && term(o!)) add(v.parents, subject, term(o!)!)
    else if (p === `${SCHEMA}domainIncludes` && term(o!)) add(v.domains, subject, term(o!)!)
    else if (p === `${SCHEMA}rangeIncludes` && term(o!)) add(v.ranges, subject, term(o!)!)
    else if (p === `${SCHEMA}supersededBy`) v.retired.set(subject, `superseded by ${term(o!) ?? o}`)
    else if (p === `${RDFS}comment` && literal && /\bwas deprecated\b|\bis deprecated\b/i.test(literal)) v.retired.set(subject, 'deprecated')
  }
  // Text, Number, URL, … are data types, and so are their subtypes (URL is a Text).
  for (const c of v.classes) if ([...ancestors(v, c)].some((a) => v.dataTypes.has(a))) v.dataTypes.add(c)
  return (loaded = v)
}

/** A type and all its supertypes. */
function ancestors(v: Vocabulary, type: string): Set<string> {
  const seen = new Set<string>([type])
  const stack = [type]
  while (stack.length) for (const parent of v.parents.get(stack.pop()!) ?? []) if (!seen.has(parent) && seen.add(parent)) stack.push(parent)
  return seen
}

const typesOf = (node: Record<string, unknown>) => (node['@type'] === undefined ? [] : ([] as unknown[]).concat(node['@type']).map(String))

/** Every problem of a JSON-LD value against the vocabulary, each naming where it is (`Service.areaServed.containedInPlace`). */
export function checkJsonLd(value: unknown, v = schemaOrg(), where = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => checkJsonLd(item, v, where))
  if (typeof value !== 'object' || value === null) return []
  const node = value as Record<string, unknown>
  const types = typesOf(node)
  const problems: string[] = []
  if (types.length === 0 && Object.keys(node).some((k) => !k.startsWith('@'))) problems.push(`${where || 'node'}: no @type`)
  for (const type of types) {
    if (!v.classes.has(type)) problems.push(`${where}${type}: not a schema.org type`)
    else if (v.retired.has(type)) problems.push(`${where}${type}: ${v.retired.get(type)}`)
  }
  const lineage = new Set(types.flatMap((t) => [...ancestors(v, t)]))
  for (const [key, child] of Object.entries(node)) {
    if (key.startsWith('@')) continue
    const at = `${where}${types.join('/') || 'node'}.${key}`
    if (!v.properties.has(key)) {
      problems.push(`${at}: not a schema.org property`)
      continue
    }
    if (v.retired.has(key)) problems.push(`${at}: ${v.retired.get(key)}`)
    if (![...(v.domains.get(key) ?? [])].some((d) => lineage.has(d))) problems.push(`${at}: not a property of ${types.join('/')}`)
    const range = v.ranges.get(key) ?? new Set<string>()
    for (const item of ([] as unknown[]).concat(child)) {
      if (typeof item === 'object' && item !== null) {
        const itemTypes = typesOf(item as Record<string, unknown>)
        // A bare {"@id": …} refers to a node given elsewhere.
        if (itemTypes.length > 0 && !itemTypes.some((t) => [...ancestors(v, t)].some((a) => range.has(a))))
          problems.push(`${at}: a ${itemTypes.join('/')} is not in its range (${[...range].join(', ')})`)
        problems.push(...checkJsonLd(item, v, `${at} → `))
      } else if (![...range].some((r) => v.dataTypes.has(r))) {
        problems.push(`${at}: takes ${[...range].join(', ')}, not a plain value`)
      }
    }
  }
  return problems
}
