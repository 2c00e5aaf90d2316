import type { ReactNode } from 'react'
import type { Service, Site } from '../catalog/index'
import { Footer } from './Footer'
import { Header } from './Header'

export function Layout({ site, services, children }: { site: Site; services: Service[]; children: ReactNode }) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <Header site={site} services={services} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer site={site} services={services} />
    </>
  )
}
