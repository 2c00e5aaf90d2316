import type { PageProps } from '../../src/pages/model'
import { ThankYouPage } from '../../src/pages/ThankYouPage'

export default function Page({ catalogue }: PageProps) {
  return <ThankYouPage catalogue={catalogue} />
}
