import type { PageProps } from '../../src/pages/model'
import { NotFoundPage } from '../../src/pages/NotFoundPage'

export default function Page({ model, catalogue }: PageProps) {
  if (model.kind !== 'not-found') throw new Error(`not-found page cannot show ${model.kind}`)
  return <NotFoundPage model={model} catalogue={catalogue} />
}
