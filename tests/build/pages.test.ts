import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalog/index'
import { byText, hrefs, meta, page, text, texts } from './dist'

const catalogue = loadCatalogue()
const { site, services, cities } = catalogue
const COMPANY = site.company
const SITE = site.siteUrl
const headerSlugs = services.map((s) => s.alias ?? s.slug)

describe('header and footer (every page)', () => {
  const home = page('/')
  it('has a sticky header with the logo from the upload path', () => {
    expect(home.querySelector('header')?.classList.contains('sticky')).toBe(true)
    expect(home.querySelector('header img')?.getAttribute('src')).toBe('/uploads/logo.svg')
  })
  it('lists all 16 services in the desktop dropdown, with the header slugs', () => {
    expect(hrefs(home, '[data-menu="desktop-services"] a')).toEqual(headerSlugs.map((s) => `/services/${s}`))
    expect(headerSlugs).toEqual(expect.arrayContaining(['move-in-out', 'apartment-turnaround', 'post-construction', 'commercial-carpet']))
  })
  // The city finder's link (Locations) beside the spec's lists: the finder one tap from every page (docs/decisions/0011).
  it('lists Home, About, the first 8 services, Locations, Contact and Get Quote in the mobile menu', () => {
    const mobile = home.querySelector('[data-menu="mobile"] nav')!
    expect(texts(mobile, 'a')).toEqual(['Home', 'About', ...services.slice(0, 8).map((s) => s.title), 'Locations', 'Contact', 'Get Quote'])
    expect(mobile.querySelectorAll('[data-mobile-service]')).toHaveLength(8)
  })
  it('opens the desktop Services menu as a popover, which needs no script and opens on a tap', () => {
    const button = home.querySelector('[data-dropdown="services"] button')!
    const panel = home.querySelector('[data-dropdown="services"] [popover]')!
    expect(panel.getAttribute('popover')).toBe('auto')
    expect(button.getAttribute('popovertarget')).toBe(panel.getAttribute('id'))
    expect(panel.querySelector('[data-menu="desktop-services"]')).not.toBeNull()
  })
  it('has a highlighted Get Quote button to /quote', () => {
    expect(byText(home.querySelector('header')!, 'a', 'Get Quote')?.getAttribute('href')).toBe('/quote')
  })
  it("has a footer with Quick Links (the finder's Locations among them), the 16 services with the footer slugs, the address, coverage and a 2024 copyright", () => {
    const footer = home.querySelector('footer')!
    expect(texts(footer.querySelector('nav[aria-labelledby="footer-quick-links"]')!, 'a')).toEqual(['Home', 'About Us', 'Locations', 'Contact', 'Get Quote'])
    expect(hrefs(footer, '[data-finder-link]')).toEqual(['/local-services#find'])
    expect(hrefs(footer, '[data-footer-services] a')).toEqual(services.map((s) => `/services/${s.slug}`))
    expect(text(footer)).toContain(site.email)
    expect(text(footer)).toContain('USA & Canada')
    expect(text(footer)).toContain(`© 2024 ${COMPANY}`)
  })
})

describe('the quote form', () => {
  const form = page('/quote').querySelector('form[data-quote-form]')!
  it('works without JavaScript: it posts (never GET) to the function, with the page it is on', () => {
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe('/functions/v1/send-contact-email') // built without VITE_SUPABASE_URL: the local server
    expect(form.querySelector('input[type="hidden"][name="page"]')?.getAttribute('value')).toBe('/quote')
    const city = page('/boise-strip-wax').querySelector('form[data-quote-form]')!
    expect(city.querySelector('input[name="page"]')?.getAttribute('value')).toBe('/boise-strip-wax')
  })
  it('marks name and email as required with *, and uses an email input', () => {
    expect(text(form.querySelector('label[for="quote-name"]'))).toBe('Name *')
    expect(text(form.querySelector('label[for="quote-email"]'))).toBe('Email *')
    expect(form.querySelector('#quote-name')?.hasAttribute('required')).toBe(true)
    expect(form.querySelector('#quote-email')?.getAttribute('type')).toBe('email')
    expect(form.querySelector('#quote-email')?.hasAttribute('required')).toBe(true)
    for (const optional of ['#quote-phone', '#quote-service', '#quote-message']) expect(form.querySelector(optional)?.hasAttribute('required')).toBe(false)
  })
  it("offers 'Select a service' then the 17 choices in spec order", () => {
    const options = form.querySelectorAll('#quote-service option')
    expect(options[0]?.getAttribute('value')).toBe('')
    expect(text(options[0])).toBe('Select a service')
    expect(options.slice(1).map(text)).toEqual([
      'Strip & Wax',
      'Routine Janitorial',
      'Deep Cleaning',
      'Office Cleaning',
      'Medical Cleaning',
      'Green Cleaning',
      'Pressure Washing',
      'Window Cleaning',
      'Hardwood Floor Care',
      'Move-In/Move-Out Cleaning',
      'Apartment Turnaround Cleaning',
      'Day Porter Services',
      'Post Construction Cleanup',
      'Disinfecting Services',
      'Commercial Carpet Cleaning',
      'Carpet Restoration',
      'Other',
    ])
  })
  it("has a 4-row message area and a 'Send Request' button", () => {
    expect(form.querySelector('textarea')?.getAttribute('rows')).toBe('4')
    expect(text(form.querySelector('button[type="submit"]'))).toBe('Send Request')
  })
  it('asks for the place, optional, after the spec’s service and before its message, where the page does not know it', () => {
    const visible = (f: typeof form) =>
      f.querySelectorAll('input:not([type="hidden"]):not([tabindex="-1"]), select, textarea').map((el) => el.getAttribute('name'))
    for (const url of ['/quote', '/contact', '/', '/services/strip-wax', '/fr/soumission', '/fr/contact', '/fr']) {
      const f = page(url).querySelector('form[data-quote-form]')!
      expect(visible(f), url).toEqual(['name', 'email', 'phone', 'service', 'place', 'message'])
      expect(f.querySelector('#quote-place')?.hasAttribute('required'), url).toBe(false)
      expect(f.querySelector('#quote-place')?.getAttribute('maxlength') ?? f.querySelector('#quote-place')?.getAttribute('maxLength'), url).toBe('100')
      expect(
        f.querySelectorAll('input[type="hidden"]').map((el) => el.getAttribute('name')),
        url,
      ).toEqual(['page', 'lang', 'city', 'serviceSlug', 'nearCity', 'nearKm'])
    }
    expect(text(form.querySelector('label[for="quote-place"]'))).toBe('City or ZIP')
    expect(text(page('/fr/soumission').querySelector('label[for="quote-place"]'))).toBe('Ville ou code postal')
    // City pages and hubs send their city: no place to ask for.
    for (const url of ['/boise-strip-wax', '/boise-strip-wax-janitorial', '/local-services/boise', '/fr/montreal-decapage-et-cirage']) {
      const f = page(url).querySelector('form[data-quote-form]')!
      expect(visible(f), url).toEqual(['name', 'email', 'phone', 'service', 'message'])
      expect(f.querySelectorAll('input[name="nearCity"], input[name="nearKm"]'), url).toHaveLength(0)
    }
  })
})

describe('Home', () => {
  const home = page('/')
  it('has the hero actions', () => {
    expect(byText(home, 'a', 'Get Free Estimate')?.getAttribute('href')).toBe('/quote')
    // The directory, at its city finder (docs/spec.md §2: 'Find Local Services' to /local-services).
    expect(byText(home, 'a', 'Find Local Services')?.getAttribute('href')).toBe('/local-services#find')
  })
  it('shows 16 service cards with icon, title, description and Learn More', () => {
    const cards = home.querySelectorAll('[data-service-cards] > li')
    expect(cards).toHaveLength(16)
    cards.forEach((card, i) => {
      expect(text(card.querySelector('h3'))).toBe(services[i]!.title)
      expect(text(card)).toContain(services[i]!.icon)
      expect(text(card)).toContain(services[i]!.description)
      expect(text(card.querySelector('a'))).toBe('Learn More →')
      expect(card.querySelector('a')?.getAttribute('href')).toBe(`/services/${services[i]!.slug}`)
    })
  })
  it("shows 'What Our Clients Say' with 4 testimonials, each 5 stars, quote, name, company and location", () => {
    expect(byText(home, 'h2', 'What Our Clients Say')).toBeDefined()
    const items = home.querySelectorAll('[data-testimonial]')
    expect(items).toHaveLength(4)
    items.forEach((item, i) => {
      const t = site.testimonials[i]!
      expect(text(item.querySelector('[data-rating]'))).toBe('★★★★★')
      expect(text(item)).toContain(t.text)
      expect(text(item)).toContain(t.name)
      expect(text(item)).toContain(`${t.company} · ${t.location}`)
    })
  })
  it("has 'Contact Us Today' and a call-to-action with the form, the phone and the coverage", () => {
    expect(byText(home, 'a', 'Contact Us Today')?.getAttribute('href')).toBe('/contact')
    const cta = home.querySelector('[aria-labelledby="cta-heading"]')!
    expect(cta.querySelector('form[data-quote-form]')).not.toBeNull()
    expect(text(cta)).toContain(site.phone)
    expect(text(cta)).toContain('USA & Canada')
  })
})

describe('About, Contact, Get Your Free Quote', () => {
  it('About has story, why choose us, mission, vision, values and the four commitments', () => {
    const about = page('/about')
    expect(texts(about, 'main h2')).toEqual(['Our Story', 'Why Choose Us', 'Our Mission', 'Our Vision', 'Our Values', 'Our Commitment'])
    expect(texts(about, 'main h3')).toEqual(['Professional Team', 'Environmental Responsibility', 'Quality Assurance', 'Customer Support'])
  })
  it('Contact has the address, the service area, benefits, 24/7 hours and the form', () => {
    const contact = page('/contact')
    const main = text(contact.querySelector('main'))
    expect(main).toContain(site.email)
    expect(main).toContain('continental United States and Canada')
    const hours = byText(contact, 'h2', 'Business Hours')!.parentNode!
    expect(texts(hours, 'dt')).toEqual(['Service', 'Emergency support'])
    expect(texts(hours, 'dd')).toEqual(['24/7', '24/7'])
    expect(contact.querySelector('form[data-quote-form]')).not.toBeNull()
  })
  it("Get Your Free Quote has benefits, 'What to Expect' in 5 steps, the form and the phone", () => {
    const quote = page('/quote')
    expect(text(quote.querySelector('h1'))).toBe('Get Your Free Quote')
    const expectSection = byText(quote, 'h2', 'What to Expect')!.parentNode!
    expect(expectSection.querySelectorAll('ol > li')).toHaveLength(5)
    expect(text(quote.querySelector('main'))).toContain(site.phone)
    expect(quote.querySelector('form[data-quote-form]')).not.toBeNull()
  })
})

describe('service detail', () => {
  it.each(services.map((s) => [s.slug, s] as const))('/services/%s shows every section in order', (slug, service) => {
    const p = page(`/services/${slug}`)
    expect(texts(p, 'h1')).toEqual([service.title])
    expect(text(p.querySelector('main'))).toContain(service.subtitle)
    expect(texts(p, 'main h2')).toEqual([
      'About This Service',
      'Service Benefits',
      'Our Process',
      'Frequently Asked Questions',
      'Ready to Get Started?',
      'Request Your Free Quote',
      'Available in',
    ])
    expect(byText(p, 'main a', 'Get Free Estimate')?.getAttribute('href')).toBe('/quote')
    expect(byText(p, 'h2', 'Service Benefits')!.parentNode!.querySelectorAll('li')).toHaveLength(6)
    expect(byText(p, 'h2', 'Our Process')!.parentNode!.querySelectorAll('ol > li')).toHaveLength(5)
    expect(byText(p, 'h2', 'Frequently Asked Questions')!.parentNode!.querySelectorAll('h3')).toHaveLength(5)
    const ready = text(byText(p, 'h2', 'Ready to Get Started?')!.parentNode)
    expect(ready).toContain(site.email)
    expect(ready).toContain('USA & Canada')
    expect(p.querySelector('#quote-service option[selected]')?.getAttribute('value')).toBe(catalogue.quoteChoiceOf.en[slug])
    expect(p.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/services/${slug}`)
  })

  it.each(Object.entries(catalogue.aliases))('the header alias /services/%s shows %s and names it canonical', (alias, slug) => {
    const p = page(`/services/${alias}`)
    expect(texts(p, 'h1')).toEqual([catalogue.serviceBySlug.get(slug)!.title])
    expect(p.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/services/${slug}`)
  })

  it('states the FAQ advice figures of docs/spec.md §9 in the matching services', () => {
    const faqText = (slug: string) => text(byText(page(`/services/${slug}`), 'h2', 'Frequently Asked Questions')!.parentNode)
    expect(faqText('strip-wax')).toContain('12-18 months')
    expect(faqText('deep-cleaning')).toContain('once or twice a year')
    expect(faqText('hardwood-floor-care')).toContain('6-12 months')
    expect(faqText('move-in-move-out-cleaning')).toContain('48 hours')
    expect(faqText('move-in-move-out-cleaning')).toContain('2-6 hours')
    expect(faqText('apartment-turnaround-cleaning')).toContain('4-6 hours')
    expect(faqText('commercial-carpet-cleaning')).toContain('4-6 hours')
    expect(faqText('commercial-carpet-cleaning')).toContain('6-12 months')
    expect(faqText('window-cleaning')).toContain('1-3 months')
    expect(faqText('pressure-washing')).toContain('once or twice a year')
  })
})

describe('city-service pages', () => {
  const boise = catalogue.cityBySlug.get('boise')!
  const stripWax = catalogue.serviceBySlug.get('strip-wax')!
  const local = stripWax.localDescription.replaceAll('{city}', 'Boise')

  it.each([
    ['/boise-strip-wax', 1],
    ['/boise-strip-wax-janitorial', 2],
  ] as const)('%s (scheme %i) shows the city throughout', (path, scheme) => {
    const p = page(path)
    expect(text(p.querySelector('title'))).toBe(`Strip & Wax in Boise – ${COMPANY}`)
    expect(meta(p, 'description')!.length).toBeLessThanOrEqual(160)
    if (scheme === 1) {
      // docs/spec.md §9: the local description cut at 160 characters.
      expect(meta(p, 'description')).toEqual(local.length <= 160 ? local : expect.stringMatching(/…$/))
      expect(local.startsWith(meta(p, 'description')!.replace(/…$/, ''))).toBe(true)
    } else {
      expect(meta(p, 'description')).toMatch(/^Strip & Wax in Boise, Idaho: /)
    }
    expect(meta(p, 'keywords')).toContain(stripWax.seoKeywords[0])
    expect(meta(p, 'og:title')).toBe(`Strip & Wax in Boise – ${COMPANY}`)
    expect(meta(p, 'og:description')).toBe(meta(p, 'description'))
    expect(meta(p, 'og:type')).toBeTruthy()
    expect(texts(p, 'h1')).toEqual(['Strip & Wax in Boise'])
    const main = text(p.querySelector('main'))
    expect(main.indexOf(local)).toBeGreaterThan(-1)
    expect(main.indexOf(stripWax.description)).toBeGreaterThan(main.indexOf(local))
    // docs/spec.md §2: a link to /quote, which it tells the city and service (issue 16).
    expect(byText(p, 'a', 'Get Free Estimate in Boise')?.getAttribute('href')).toBe('/quote?city=boise&service=strip-wax&in=Boise')
    expect(byText(p, 'h2', 'Why Choose Us in Boise?')!.parentNode!.querySelectorAll('li')).toHaveLength(6)
    expect(byText(p, 'h2', 'Our Process')).toBeDefined()
    expect(main).toContain(stripWax.faqs[0]!.question.replaceAll('{city}', 'Boise'))
    expect(p.html).not.toContain('{city}')
    expect(main).toContain(site.phone)
    expect(p.querySelector('#quote-service option[selected]')?.getAttribute('value')).toBe('Strip & Wax')
    expect(p.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/boise-strip-wax-janitorial`)
    if (scheme === 2) {
      expect(main).toContain('Serving Boise')
      expect(main).toContain(site.email)
    } else {
      expect(main).not.toContain('Serving Boise')
    }
    expect(boise.slug).toBe('boise')
    // The same service in the nearest cities, their distances said once to be straight lines (issue 39).
    expect(text(p.querySelector('[data-nearby-cities] h2'))).toBe('Strip & Wax Near Boise')
    expect(text(p.querySelector('[data-nearby-cities] p'))).toBe('Distances in a straight line:')
    expect(texts(p, '[data-nearby-cities] li')[0]).toMatch(/^Strip & Wax in [^()]+ \(\d+ mi\)$/)
  })

  it('keeps /{city}-routine-janitorial on the Routine Janitorial page of that city, and serves the -janitorial twin too', () => {
    expect(texts(page('/boise-routine-janitorial'), 'h1')).toEqual(['Routine Janitorial in Boise'])
    expect(texts(page('/boise-routine-janitorial-janitorial'), 'h1')).toEqual(['Routine Janitorial in Boise'])
    expect(text(page('/boise-routine-janitorial-janitorial').querySelector('main'))).toContain('Serving Boise')
  })

  it('writes accented names with their accents under ASCII URLs', () => {
    expect(texts(page('/montreal-deep-cleaning-janitorial'), 'h1')).toEqual(['Deep Cleaning in Montréal'])
    expect(texts(page('/trois-rivieres-day-porter'), 'h1')).toEqual(['Day Porter in Trois-Rivières'])
  })

  it('gives each city of a shared name its own pages, named with the state', () => {
    expect(texts(page('/springfield-office-cleaning'), 'h1')).toEqual(['Office Cleaning in Springfield, MO'])
    expect(texts(page('/springfield-il-office-cleaning'), 'h1')).toEqual(['Office Cleaning in Springfield, IL'])
    expect(texts(page('/springfield-ma-office-cleaning-janitorial'), 'h1')).toEqual(['Office Cleaning in Springfield, MA'])
    expect(texts(page('/kansas-city-ks-disinfecting'), 'h1')).toEqual(['Disinfecting in Kansas City, KS'])
    expect(texts(page('/vancouver-wa-window-cleaning-janitorial'), 'h1')).toEqual(['Window Cleaning in Vancouver, WA'])
  })
})

describe('the directory (/local-services)', () => {
  const p = page('/local-services')
  it('has its headings and claims the real number of cities (the spec\'s "100+", issue 15)', () => {
    expect(texts(p, 'h1')).toEqual(['Professional Cleaning Services in Your City'])
    expect(byText(p, 'h2', 'Local Service Areas')).toBeDefined()
    expect(text(byText(p, 'h2', 'Local Service Areas')!.parentNode)).toContain(`${cities.length} cities with their own pages`)
  })
  it("has one card per service with 'Available in:', the first 8 cities and 'View all cities →'", () => {
    const cards = p.querySelectorAll('[data-directory-card]')
    expect(cards).toHaveLength(16)
    cards.forEach((card, i) => {
      const s = services[i]!
      expect(text(card.querySelector('h3'))).toBe(s.title)
      expect(text(card)).toContain(s.subtitle)
      expect(text(card)).toContain('Available in:')
      expect(hrefs(card, 'ul a')).toEqual(cities.slice(0, 8).map((c) => `/${c.slug}-${s.slug}-janitorial`))
      const all = byText(card, 'a', 'View all cities →')
      expect(all?.getAttribute('href')).toBe(`/services/${s.slug}`)
    })
  })
  it("has 'Major Service Areas' with the first 24 cities, each linking to its first 3 services", () => {
    const majors = p.querySelectorAll('[data-major-city]')
    expect(majors).toHaveLength(24)
    majors.forEach((m, i) => {
      expect(hrefs(m, 'a')).toEqual(services.slice(0, 3).map((s) => `/${cities[i]!.slug}-${s.slug}-janitorial`))
    })
  })
})

describe('not-found screens', () => {
  it('services/404.html, which hosts serve for misses under /services/, says the service does not exist, with a way home', () => {
    const p = page('/services/404')
    expect(texts(p.querySelector('[data-not-found-view]')!, 'h1')).toEqual(['Service Not Found'])
    expect(p.querySelectorAll('h1').filter((h) => !h.closest('template'))).toHaveLength(1)
    expect(text(p.querySelector('main'))).toContain("The service you're looking for doesn't exist.")
    expect(byText(p, 'main a', 'Return Home')?.getAttribute('href')).toBe('/')
    expect(meta(p, 'robots')).toBe('noindex')
    // Its script shows the screen that fits the path asked for (/services/a/b: the 404 page's).
    expect(
      p
        .querySelectorAll('template[data-screen]')
        .map((t) => t.getAttribute('data-screen'))
        .sort(),
    ).toEqual(['en:404', 'en:city-service', 'en:page', 'fr:404', 'fr:city-service', 'fr:page', 'fr:service'])
  })
  it('/not-found/city-service has the debug box', () => {
    const p = page('/not-found/city-service')
    expect(texts(p, 'h1')).toEqual(['Service Not Found'])
    expect(text(p.querySelector('main'))).toContain("The service or location you're looking for doesn't exist.")
    const box = p.querySelector('[data-debug-box]')!
    expect(texts(box, 'dt')).toEqual(['URL', 'Parsed city', 'Parsed service', 'Available services'])
    expect(text(box.querySelector('[data-debug="services"]'))).toBe(services.map((s) => s.slug).join(', '))
    expect(byText(p, 'main a', 'Return Home')?.getAttribute('href')).toBe('/')
  })
  it('/not-found/page says the page does not exist', () => {
    const p = page('/not-found/page')
    expect(texts(p, 'h1')).toEqual(['Page Not Found'])
    expect(text(p.querySelector('main'))).toContain("The page you're looking for doesn't exist.")
  })
  it("404.html shows '404', 'Oops! Page not found' and 'Return to Home', and carries the other screens for its script", () => {
    const p = page('/404')
    // <template> content is inert: the page itself has one h1.
    expect(texts(p.querySelector('[data-not-found-view]')!, 'h1')).toEqual(['Oops! Page not found'])
    expect(p.querySelectorAll('h1').filter((h) => !h.closest('template'))).toHaveLength(1)
    expect(text(p.querySelector('[data-not-found-view]'))).toContain('404')
    expect(byText(p, 'main a', 'Return to Home')?.getAttribute('href')).toBe('/')
    expect(
      p
        .querySelectorAll('template[data-screen]')
        .map((t) => t.getAttribute('data-screen'))
        .sort(),
    ).toEqual(['en:city-service', 'en:page', 'en:service', 'fr:404', 'fr:city-service', 'fr:page', 'fr:service'])
    expect(p.querySelectorAll('script[src]')).toHaveLength(1)
    expect(meta(p, 'robots')).toBe('noindex')
  })
})

describe('the way to the company', () => {
  const tel = `tel:${site.phone.replace(/[^\d+]/g, '')}`
  it('has the phone as a tel: link on /contact, in every quote block and in the mobile header', () => {
    expect(hrefs(page('/contact').querySelector('main')!, 'a[href^="tel:"]')).toContain(tel)
    expect(hrefs(page('/fr/contact').querySelector('main')!, 'a[href^="tel:"]')).toContain(tel)
    const ready = page('/services/strip-wax').querySelector('[aria-labelledby="get-started-heading"]')!
    expect(text(ready.querySelector('h2'))).toBe('Ready to Get Started?')
    expect(hrefs(ready, 'a[href^="tel:"]')).toEqual([tel])
    expect(hrefs(page('/boise-strip-wax').querySelector('[aria-labelledby="city-contact-heading"]')!, 'a[href^="tel:"]')).toEqual([tel])
    expect(page('/about').querySelector('[data-header-phone]')?.getAttribute('href')).toBe(tel)
  })
  it("gives city and service pages the quick bar, whose Free quote jumps to the page's form", () => {
    for (const url of ['/boise-strip-wax', '/boise-strip-wax-janitorial', '/services/strip-wax', '/fr/montreal-decapage-et-cirage']) {
      const p = page(url)
      const bar = p.querySelector('[data-quick-bar]')!
      expect(hrefs(bar, 'a'), url).toEqual([tel, '#request-quote'])
      expect(p.querySelector('#request-quote form'), url).not.toBeNull()
    }
    expect(page('/about').querySelector('[data-quick-bar]')).toBeNull()
  })
})

describe('not-found screens lead somewhere', () => {
  it('list the services, the directory and the phone below the spec texts, on every screen of both languages', () => {
    const screens = ['/404', '/not-found/page', '/services/404', '/not-found/city-service', '/fr/404', '/fr/services/404']
    for (const url of screens) {
      const p = page(url)
      const view = p.querySelector('[data-not-found-view]')!
      const fr = url.startsWith('/fr')
      const ways = view.querySelector('[data-ways-out]')!
      expect(ways, url).not.toBeNull()
      expect(hrefs(ways, 'li a'), url).toEqual(services.map((s) => (fr ? `/fr/services/${s.fr.slug}` : `/services/${s.slug}`)))
      expect(hrefs(ways, 'a'), url).toContain(fr ? '/fr/services-locaux' : '/local-services')
      expect(hrefs(ways, 'a'), url).toContain(`tel:${site.phone.replace(/[^\d+]/g, '')}`)
      // After the spec's link home.
      expect(view.innerHTML.indexOf('data-ways-out'), url).toBeGreaterThan(view.innerHTML.indexOf(fr ? 'href="/fr"' : 'href="/"'))
    }
    // The other screens of the pages hosts serve for misses carry them too.
    for (const url of ['/404', '/services/404', '/fr/404', '/fr/services/404'])
      expect(
        page(url)
          .querySelectorAll('template[data-screen]')
          .every((t) => t.innerHTML.includes('data-ways-out')),
        url,
      ).toBe(true)
  })
})

describe('the thank-you page (after a form sent without JavaScript)', () => {
  const thanks = page('/thank-you')
  it("says the success toast's words, and how to reach us", () => {
    expect(text(thanks.querySelector('h1'))).toBe('Thank you for your inquiry! We will contact you soon.')
    expect(text(thanks.querySelector('main'))).toContain(site.phone)
  })
  it('is noindex and ships no JavaScript', () => {
    expect(meta(thanks, 'robots')).toBe('noindex')
    expect(thanks.querySelectorAll('script[src]')).toHaveLength(0)
  })
})
