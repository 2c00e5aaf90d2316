import type { PageProps } from '../../src/pages/model'
import { QuotePage } from '../../src/pages/QuotePage'

export default function Page({ catalogue }: PageProps) {
  return <QuotePage catalogue={catalogue} />
}
