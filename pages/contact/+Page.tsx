import type { PageProps } from '../../src/pages/model'
import { ContactPage } from '../../src/pages/ContactPage'

export default function Page({ catalogue }: PageProps) {
  return <ContactPage catalogue={catalogue} />
}
