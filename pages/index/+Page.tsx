import type { PageProps } from '../../src/pages/model'
import { HomePage } from '../../src/pages/HomePage'

export default function Page({ catalogue }: PageProps) {
  return <HomePage catalogue={catalogue} />
}
