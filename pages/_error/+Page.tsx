import type { PageProps } from '../../src/pages/model'
import { ErrorPage, NotFoundPage } from '../../src/pages/NotFoundPage'

export default function Page({ model, catalogue }: PageProps) {
  return model.kind === 'not-found' ? <NotFoundPage model={model} catalogue={catalogue} /> : <ErrorPage />
}
