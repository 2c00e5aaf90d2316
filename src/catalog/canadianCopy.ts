import type { Service } from './index'

const variants = new WeakMap<Service, Partial<Record<'ca' | 'qc', Service>>>()

/**
 * The service as the English pages of a city show it: for a Canadian city, the copy with its `canada` wording (services.yaml)
 * in place of the US rules and bodies (OSHA, the EPA), Québec's where it has its own; for a US city, the service itself. One
 * object per service and country (or Québec), so that the pages of a service share their markup (components/renderedOnce.tsx).
 * The French copy is Québec's already.
 */
export function serviceFor(service: Service, city: { country: 'US' | 'CA'; state: string }): Service {
  if (city.country !== 'CA' || !service.canada?.length) return service
  const key = city.state === 'QC' ? 'qc' : 'ca'
  let byPlace = variants.get(service)
  if (!byPlace) variants.set(service, (byPlace = {}))
  const wording = service.canada
  const reword = (text: string) => wording.reduce((t, w) => t.replaceAll(w.us, key === 'qc' ? (w.qc ?? w.ca) : w.ca), text)
  return (byPlace[key] ??= {
    ...service,
    subtitle: reword(service.subtitle),
    description: reword(service.description),
    localDescription: reword(service.localDescription),
    benefits: service.benefits.map(reword),
    process: service.process.map(reword),
    faqs: service.faqs.map((f) => ({ question: reword(f.question), answer: reword(f.answer) })),
  })
}
