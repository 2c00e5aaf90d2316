import type { PageProps } from '../../src/pages/model'
import { CityServicePage } from '../../src/pages/CityServicePage'
import { NotFoundPage } from '../../src/pages/NotFoundPage'

export default function Page({ model, catalogue }: PageProps) {
  if (model.kind === 'city-service') return <CityServicePage city={model.city} service={model.service} scheme={model.scheme} catalogue={catalogue} />
  if (model.kind === 'not-found') return <NotFoundPage model={model} catalogue={catalogue} />
  throw new Error(`/{cityservice} page cannot show ${model.kind}`)
}
