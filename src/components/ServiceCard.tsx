import type { Service } from '../catalog/index'
import { servicePath } from '../urls/paths'

export function ServiceCard({ service }: { service: Service }) {
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <span aria-hidden="true" className="text-4xl">{service.icon}</span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{service.title}</h3>
      <p className="mt-2 flex-1 text-sm text-slate-600">{service.description}</p>
      <a href={servicePath(service.slug)} className="mt-4 font-semibold text-brand-700 hover:text-brand-800" aria-label={`Learn More about ${service.title}`}>
        Learn More <span aria-hidden="true">→</span>
      </a>
    </li>
  )
}
