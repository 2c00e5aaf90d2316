import type { Testimonial } from '../catalog/site'
import { container } from './ui'

export function Testimonials({ testimonials }: { testimonials: readonly Testimonial[] }) {
  return (
    <section className="py-16" aria-labelledby="testimonials-heading">
      <div className={container}>
        <h2 id="testimonials-heading" className="text-center text-3xl font-bold text-slate-900">What Our Clients Say</h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {testimonials.map((t) => (
            <li key={t.name} className="flex flex-col rounded-xl bg-slate-50 p-6" data-testimonial="">
              <p className="text-xl text-amber-700" role="img" aria-label={`Rated ${t.rating} out of 5`} data-rating={t.rating}>
                {'★'.repeat(t.rating)}
              </p>
              <blockquote className="mt-3 flex-1 text-slate-700">“{t.text}”</blockquote>
              <p className="mt-4 font-semibold text-slate-900">{t.name}</p>
              <p className="text-sm text-slate-600">{t.company} · {t.location}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
