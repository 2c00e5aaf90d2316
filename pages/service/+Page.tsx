import type { PageProps } from '../../src/pages/model'
import { NotFoundPage } from '../../src/pages/NotFoundPage'
import { ServicePage } from '../../src/pages/ServicePage'

export default function Page({ model, catalogue }: PageProps) {
  if (model.kind === 'service') return <ServicePage service={model.service} catalogue={catalogue} />
  if (model.kind === 'not-found') return <NotFoundPage model={model} catalogue={catalogue} />
  throw new Error(`/services/ page cannot show ${model.kind}`)
}
