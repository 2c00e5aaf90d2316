import { useEffect, useRef, useState, type FormEvent } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Toaster, toast } from 'sonner'
// The toasts' stylesheet as a file: sonner's own insertion of it as a <style> element is removed (vite.config.ts).
import 'sonner/dist/styles.css'
import { HONEYPOT_FIELD } from '../../supabase/functions/_shared/quoteContract'
import { QuoteForm } from '../components/QuoteForm'
import { QuoteSent } from '../components/QuoteSent'
import type { Lang } from '../i18n/lang'
import { submitQuote, TOASTS, type QuoteRequest } from '../quote/submit'
import { nearFieldsFor } from './quotePlace'

/** A random key per filled form: a double click or a retry of the same content is one request. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

function readForm(form: HTMLFormElement, lang: Lang): QuoteRequest {
  const data = new FormData(form)
  const value = (name: keyof QuoteRequest) => {
    const entry = data.get(name)
    return typeof entry === 'string' ? entry.trim() : ''
  }
  return {
    name: value('name'),
    email: value('email'),
    phone: value('phone'),
    service: value('service'),
    message: value('message'),
    page: value('page') || location.pathname,
    city: value('city'),
    serviceSlug: value('serviceSlug'),
    place: value('place'),
    nearCity: value('nearCity'),
    nearKm: value('nearKm') === '' ? null : Number(value('nearKm')),
    lang,
    [HONEYPOT_FIELD]: value(HONEYPOT_FIELD),
  }
}

interface IslandProps {
  lang: Lang
  /** The server-rendered form's action, page and place: the same attributes, so that hydration matches. */
  action: string
  page: string
  city: string
  serviceSlug: string
  askPlace: boolean
  /** The hidden near fields as the quote page's script left them, and the link they came from (quotePlace.ts). */
  near: { nearCity: string; nearKm: string }
  link: DOMStringMap
  /** The name of the page's city (city pages, hubs, the quote page a served city's link led to), or ''. */
  cityName: string
  choices: string[]
  preselected: string
  onReady: () => void
}

function QuoteFormIsland({ lang, action, page, city, serviceSlug, askPlace, near: nearAtStart, link, cityName, choices, preselected, onReady }: IslandProps) {
  const [sending, setSending] = useState(false)
  const [near, setNear] = useState(nearAtStart)
  /** What the last request sent: the confirmation shows it where the form was, until the visitor asks for the form again. */
  const [sent, setSent] = useState<{ service: string; place: string } | null>(null)
  const formRef = useRef<HTMLFormElement | null>(null)
  const focusForm = useRef(false)
  const attempt = useRef<{ key: string; body: string } | null>(null)
  // Once, when the island has taken the form over.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(onReady, [])
  useEffect(() => {
    if (sent === null && focusForm.current) {
      focusForm.current = false
      formRef.current?.querySelector<HTMLInputElement>('input[name="name"]')?.focus()
    }
  }, [sent])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    const form = event.currentTarget
    formRef.current = form
    const request = readForm(form, lang) // before disabling: disabled inputs are left out of FormData
    const body = JSON.stringify(request)
    if (attempt.current?.body !== body) attempt.current = { key: newKey(), body }
    setSending(true)
    const result = await submitQuote(request, attempt.current.key)
    setSending(false)
    if (result.ok) {
      attempt.current = null
      form.reset()
      setNear({ nearCity: '', nearKm: '' })
      setSent({ service: request.service, place: request.place || cityName })
      // An error toast of an earlier attempt would contradict the answer.
      toast.dismiss()
      toast.success(TOASTS[lang].success)
    } else {
      toast.error(result.message)
    }
  }

  return (
    <>
      {sent && (
        <QuoteSent
          lang={lang}
          service={sent.service}
          place={sent.place}
          onAgain={() => {
            focusForm.current = true
            setSent(null)
          }}
        />
      )}
      <QuoteForm
        lang={lang}
        action={action}
        page={page}
        city={city}
        serviceSlug={serviceSlug}
        askPlace={askPlace}
        nearCity={near.nearCity}
        nearKm={near.nearKm}
        onPlaceInput={(event) => setNear(nearFieldsFor(event.currentTarget.value, link))}
        choices={choices}
        preselected={preselected}
        sending={sending}
        hidden={sent !== null}
        onSubmit={(event) => void onSubmit(event)}
      />
    </>
  )
}

let toasterMounted = false

/**
 * Hydrates each server-rendered form (only the form, never the page) and mounts the toasts once.
 * Resolves when every form handles its own submit.
 */
export function mountQuoteForms(islands: HTMLElement[]): Promise<void> {
  if (!toasterMounted) {
    toasterMounted = true
    const host = document.body.appendChild(document.createElement('div'))
    createRoot(host).render(<Toaster position="top-center" richColors closeButton />)
  }
  return Promise.all(
    islands.map(
      (island) =>
        new Promise<void>((resolve) => {
          const select = island.querySelector<HTMLSelectElement>('select[name="service"]')
          const choices = select
            ? Array.from(select.options)
                .slice(1)
                .map((o) => o.value)
            : []
          const onReady = () => {
            island.querySelector('form')?.setAttribute('data-ready', '')
            resolve()
          }
          const form = island.querySelector('form')
          const hiddenValue = (name: string) => form?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? ''
          const props = {
            lang: island.dataset.lang === 'fr' ? ('fr' as const) : ('en' as const),
            action: form?.getAttribute('action') ?? '',
            page: hiddenValue('page'),
            city: hiddenValue('city'),
            serviceSlug: hiddenValue('serviceSlug'),
            askPlace: form?.querySelector('input[name="place"]') != null,
            near: { nearCity: hiddenValue('nearCity'), nearKm: hiddenValue('nearKm') },
            link: island.dataset,
            cityName: island.dataset.cityName ?? '',
            choices,
            preselected: island.dataset.preselected ?? '',
            onReady,
          }
          hydrateRoot(island, <QuoteFormIsland {...props} />)
        }),
    ),
  ).then(() => undefined)
}
