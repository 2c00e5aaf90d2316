// The credentials the tests put into site.yaml's `trust` block (tests/unit/trustFacts.test.tsx, tests/e2e/photos.test.ts):
// one license and one certification, or (`long`) two of each, with long names, for the layout at every width.

/** site.yaml's `trust` block, ending with a newline. */
export function sampleTrust({ long = false }: { long?: boolean } = {}): string {
  return `trust:
  founded: 2009
  insurance:
    liability: { amount: 2000000, currency: USD }
    bonded: true
  licenses:
    - { name: Business license, nameFr: Permis d’affaires, issuer: City and County of Denver, number: "2009-123456" }
${long ? '    - { name: Building maintenance contractor license, nameFr: Licence d’entrepreneur en entretien de bâtiments, issuer: Régie du bâtiment du Québec, number: "5678-1234-01" }\n' : ''}  certifications:
    - { name: GS-42 Commercial Cleaning Services, body: Green Seal, number: "GS42-0001" }
${long ? '    - { name: Cleaning Industry Management Standard – Green Building, nameFr: Norme de gestion de l’industrie du nettoyage – bâtiment écologique, body: ISSA, number: "CIMS-GB-2024-0173" }\n' : ''}`
}
