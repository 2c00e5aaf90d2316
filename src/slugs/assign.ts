/**
 * City slugs (docs/spec.md §5, with one fix): letters with diacritics are folded to ASCII first,
 * so "Montréal" becomes `montreal`, never `montral`. Then: lowercase, whitespace to hyphens,
 * non-word characters removed (any apostrophe: `Coeur d’Alene` → `coeur-dalene`), repeated hyphens
 * collapsed, edge hyphens trimmed. Typographic dashes count as hyphens (`Winston–Salem` → `winston-salem`).
 */
export function slugify(name: string): string {
  return name
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
}

export interface SlugCandidate {
  name: string
  state: string
  population: number
}

export interface SlugCollision {
  slug: string
  /** Who keeps the bare slug, then the others with their new slugs. */
  kept: string
  renamed: { city: string; slug: string }[]
}

/**
 * Gives every city a distinct slug. Rule: when several cities share a slug, the most populous keeps
 * it and each other one gets `-{state}` appended (Springfield, IL → `springfield-il`). Ties in
 * population go to the state code that sorts first, so the result never depends on row order.
 * A slug in `reserved` (already published for another city) is kept by nobody: every city of that
 * name gets `-{state}` appended.
 * Returns the slugs in input order, the collisions resolved, and any slug still taken twice.
 */
export function assignCitySlugs<C extends SlugCandidate>(
  cities: readonly C[],
  reserved: ReadonlySet<string> = new Set(),
): {
  slugs: string[]
  collisions: SlugCollision[]
  conflicts: { slug: string; cities: C[] }[]
} {
  const base = cities.map((c) => slugify(c.name))
  const groups = new Map<string, number[]>()
  base.forEach((slug, i) => groups.set(slug, [...(groups.get(slug) ?? []), i]))

  const slugs = [...base]
  const collisions: SlugCollision[] = []
  for (const [slug, members] of groups) {
    if (slug === '' || (members.length < 2 && !reserved.has(slug))) continue
    const ranked = [...members].sort((a, b) => cities[b]!.population - cities[a]!.population || cities[a]!.state.localeCompare(cities[b]!.state))
    const keeper = reserved.has(slug) ? undefined : ranked[0]
    const others = keeper === undefined ? ranked : ranked.slice(1)
    for (const i of others) slugs[i] = `${slug}-${cities[i]!.state.toLowerCase()}`
    if (keeper === undefined) continue
    collisions.push({
      slug,
      kept: label(cities[keeper]!),
      renamed: others.map((i) => ({ city: label(cities[i]!), slug: slugs[i]! })),
    })
  }

  const owners = new Map<string, C[]>()
  slugs.forEach((slug, i) => owners.set(slug, [...(owners.get(slug) ?? []), cities[i]!]))
  const conflicts = [...owners].filter(([slug, cs]) => cs.length > 1 || (reserved.has(slug) && slug !== '')).map(([slug, cs]) => ({ slug, cities: cs }))
  return { slugs, collisions, conflicts }
}

function label(c: SlugCandidate): string {
  return `${c.name}, ${c.state}`
}
