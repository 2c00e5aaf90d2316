import type { Service, Site } from '../catalog/index'
import { servicePath } from '../urls/sitePaths'
import { Logo } from './Logo'
import { sameOnEveryPage } from './sameOnEveryPage'

export function Footer({ site, services }: { site: Site; services: Service[] }) {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-4">
        <div className="md:col-span-1">
          <Logo site={site} inverted />
          <p className="mt-4 text-sm leading-relaxed">{site.blurb}</p>
          <p className="mt-4 text-sm">
            <a href={`mailto:${site.email}`} className="underline wrap-anywhere hover:text-white">{site.email}</a>
          </p>
          <p className="mt-1 text-sm">{site.coverage}</p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="font-semibold text-white">Quick Links</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li><a href="/" className="hover:text-white">Home</a></li>
            <li><a href="/about" className="hover:text-white">About Us</a></li>
            <li><a href="/contact" className="hover:text-white">Contact</a></li>
            <li><a href="/quote" className="hover:text-white">Get Quote</a></li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-services" className="md:col-span-2">
          <h2 id="footer-services" className="font-semibold text-white">Our Services</h2>
          <ul
            className="mt-4 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2"
            data-footer-services=""
            dangerouslySetInnerHTML={sameOnEveryPage(services, 'footer:services', () => (
              <>
                {services.map((s) => (
                  <li key={s.slug}><a href={servicePath(s.slug)} className="hover:text-white">{s.title}</a></li>
                ))}
              </>
            ))}
          />
        </nav>
      </div>
      <div className="border-t border-slate-800 py-6 text-center text-sm">
        © {site.copyrightYear} {site.company}. All rights reserved.
      </div>
    </footer>
  )
}
